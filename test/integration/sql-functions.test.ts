/**
 * `drizzle/functions/submit.sql` is the readable copy of the submission write
 * path; the migrations are what installs it. This test keeps the two equal:
 * applied to a freshly migrated database, the file must change no function
 * definition (`pg_get_functiondef` before and after, in a transaction that is
 * rolled back), and it must define exactly the `passerelle_submit*`
 * functions that exist.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../src/db/client.ts';
import { engines } from '../support/gateway.ts';
import { suiteDatabase } from '../support/suite-gateway.ts';

const FILE = new URL('../../drizzle/functions/submit.sql', import.meta.url);

/** The file's statements (migration-style `--> statement-breakpoint` separators). */
function statements(): string[] {
  return readFileSync(FILE, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /CREATE OR REPLACE FUNCTION/i.test(statement));
}

/** Every `passerelle_submit*` function: `name(identity arguments)` → its full definition. */
async function definitions(db: Executor): Promise<Map<string, string>> {
  const rows = await db.execute<{ signature: string; definition: string }>(sql`
    select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature,
           pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'passerelle\\_submit%'`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: Array<{ signature: string; definition: string }> }).rows;
  return new Map(list.map((row) => [row.signature, row.definition]));
}

class RolledBack extends Error {}

describe.each(engines())('drizzle/functions/submit.sql matches the migrated database (%s)', (engine) => {
  let database: Database;
  suiteDatabase(engine, (opened) => (database = opened));

  it('defines exactly the passerelle_submit* functions that exist', async () => {
    const existing = [...(await definitions(database.db)).keys()].map((signature) => signature.split('(')[0]).sort();
    const defined = statements()
      .map((statement) => /CREATE OR REPLACE FUNCTION\s+(\w+)\s*\(/i.exec(statement)?.[1])
      .sort();
    expect(defined).toEqual(existing);
  });

  it('changes no definition when applied over the migrations', async () => {
    let before: Map<string, string> | undefined;
    let after: Map<string, string> | undefined;
    await database.db
      .transaction(async (tx) => {
        before = await definitions(tx);
        for (const statement of statements()) await tx.execute(sql.raw(statement));
        after = await definitions(tx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(before!.size).toBeGreaterThanOrEqual(4);
    expect(after).toEqual(before);
  });
});
