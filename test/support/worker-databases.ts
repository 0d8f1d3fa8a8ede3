/**
 * Vitest globalSetup and setupFiles (vitest.config.ts): one PostgreSQL database per Vitest worker. Test files run
 * two at a time; the files of one worker run one after the other, as the whole suite once did. A gateway's PA
 * connector takes every `validated` row of its database, so two files on one database would take each other's
 * documents: each worker gets `<TEST_DATABASE_URL's database>_w<VITEST_POOL_ID>`, created here when missing.
 */
import postgres from 'postgres';

/** The database of worker `pool` beside `base` (a PostgreSQL URL). */
export function workerDatabaseUrl(base: string, pool: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${pool}`;
  return url.toString();
}

/** globalSetup: creates the workers' databases that are missing (`workers`: the configured maxWorkers). */
export async function createWorkerDatabases(base: string, workers: number): Promise<void> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    for (let pool = 1; pool <= workers; pool++) {
      const name = new URL(workerDatabaseUrl(base, String(pool))).pathname.slice(1);
      const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      if (!exists) await admin.unsafe(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
}

// setupFiles: runs in each worker before its test file is imported.
const base = process.env.TEST_DATABASE_URL;
const pool = process.env.VITEST_POOL_ID;
if (base && pool && !process.env.PASSERELLE_TEST_DATABASE_BASE) {
  process.env.PASSERELLE_TEST_DATABASE_BASE = base;
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(base, pool);
}
