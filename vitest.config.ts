import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './test/support/workers.ts';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 has no exports map: Node (and so every dependency, and production
    // under tsx) loads its CJS main, while Vite would pick its ESM build. Two copies
    // of graphql cannot share a schema, so tests load the one production loads.
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Compiles the validation schematrons (artefacts/sef/) if a fresh clone lacks them.
    globalSetup: ['test/support/validation-setup.ts', 'test/support/worker-databases-setup.ts'],
    setupFiles: ['test/support/worker-databases.ts'],
    // Vitest's default is one file at a time on two cores (CPUs - 1); the integration files mostly wait on their
    // gateways (polls, scripted PA statuses, process restarts), so two at once halves the wall time there.
    // Each worker on PostgreSQL has a database of its own (test/support/worker-databases.ts).
    maxWorkers: TEST_WORKERS,
    // Two files at once share two cores: a first official validation can take longer than alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
