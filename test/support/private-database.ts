/**
 * A PostgreSQL database of a test file's own. The PA connector's queues are every `validated` row of
 * its database: on the shared test database it would take other files' documents, so a file that runs
 * a connector gets its own database and drops it after.
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Engine } from '../../src/db/client.ts';

/** A PostgreSQL database of its own (`CREATE DATABASE` beside TEST_DATABASE_URL's), or undefined on PGlite. */
export async function privateDatabase(engine: Engine): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (engine !== 'postgres') return undefined;
  const shared = process.env.TEST_DATABASE_URL!;
  const name = `private_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = postgres(shared, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
