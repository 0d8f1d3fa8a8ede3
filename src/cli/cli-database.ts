/** The database of an administrative command: opened, migrated, closed whatever happens. */
import { loadConfig } from '../app/config.ts';
import type { Database } from '../db/client.ts';
import { openConfigured } from '../db/open.ts';

/** Runs `work` on the configured database (PGlite in DATA_DIR, or DATABASE_URL). */
export async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfigured(loadConfig());
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}
