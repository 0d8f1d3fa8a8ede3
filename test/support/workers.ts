/** How many test files Vitest runs at once (vitest.config.ts): two on a two-core machine, whose default is one. */
import { availableParallelism } from 'node:os';

export const TEST_WORKERS = Math.max(2, availableParallelism() - 1);
