/** Vitest globalSetup: the workers' PostgreSQL databases (worker-databases.ts), when TEST_DATABASE_URL is set. */
import { createWorkerDatabases } from './worker-databases.ts';
import { TEST_WORKERS } from './workers.ts';

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await createWorkerDatabases(process.env.TEST_DATABASE_URL, TEST_WORKERS);
}
