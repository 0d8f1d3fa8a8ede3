import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    globalSetup: ['test/support/validation-setup.ts'],
    // Vitest's default is one file at a time on two cores (CPUs - 1); the integration files mostly wait on their
    // gateways (polls, scripted PA statuses, process restarts), so two at once halves the wall time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
