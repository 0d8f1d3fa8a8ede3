/**
 * The named leases of src/platform/leases.ts on each engine (issue 26, item 9): one holder at a time, kept by its
 * background renewal past the window, free once its holder stopped renewing for the window, given back at once on
 * release; and the row leases' one renewal statement (src/db/row-leases.ts). The two-process crash tests are
 * test/integration/pa-lease-takeover.test.ts and pipeline-kill.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { DEFAULT_LEASE_MS, type LeasedRows, leaseMsFrom, renewLeases } from '../../src/db/row-leases.ts';
import { createNamedLease } from '../../src/platform/leases.ts';
import { engines } from '../support/gateway.ts';
import { suiteDatabase } from '../support/suite-gateway.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PA_LEASE_MS', () => {
  it('defaults to 20 s and refuses values outside 5 s to 10 min, naming the variable', () => {
    expect(leaseMsFrom({})).toBe(DEFAULT_LEASE_MS);
    expect(leaseMsFrom({ PA_LEASE_MS: '8000' })).toBe(8000);
    for (const bad of ['4999', '600001', '7500.5', 'soon']) expect(() => leaseMsFrom({ PA_LEASE_MS: bad })).toThrow(/^PA_LEASE_MS must be/);
  });
});

describe.each(engines())('named leases on %s', (engine) => {
  let database: Database;
  suiteDatabase(engine, (opened) => (database = opened));
  const name = (tag: string) => `test-${tag}-${Math.random().toString(36).slice(2)}#in`;

  it('has one holder at a time, renewed past its window, and given back on release', async () => {
    const key = name('one');
    const a = createNamedLease(database.db, key, 1000);
    const b = createNamedLease(database.db, key, 1000);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    await sleep(1600); // longer than the window: only the background renewal keeps it
    expect(await b.acquire()).toBe(false);
    expect(a.held()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
    await b.release();
  });

  it("takes over a holder's lease once it was not renewed for the window, not before", async () => {
    const key = name('dead');
    // A dead instance's row: renewed 3 s ago by a holder that will never renew it again.
    await database.db.execute(
      sql`INSERT INTO platform_leases (name, holder, renewed_at) VALUES (${key}, 'dead', clock_timestamp() - interval '3 seconds')`,
    );
    const patient = createNamedLease(database.db, key, 5000);
    expect(await patient.acquire()).toBe(false);
    const survivor = createNamedLease(database.db, key, 2000);
    expect(await survivor.acquire()).toBe(true);
    await survivor.release();
  });
});

/** A queue of this test's own, shaped like the gateway's (a uuid key, a due-at column, a state). */
const probe = pgTable('lease_probe', {
  id: uuid('id').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }),
  state: text('state').notNull(),
});
const PROBE_LEASES: LeasedRows = { table: probe, id: probe.id, dueAt: probe.dueAt, held: eq(probe.state, 'claimed') };

describe.each(engines())('row leases (renewLeases) on %s', (engine) => {
  let database: Database;
  suiteDatabase(engine, (opened) => (database = opened));
  beforeAll(async () => {
    await database.db.execute(sql`DROP TABLE IF EXISTS lease_probe`);
    await database.db.execute(sql`CREATE TABLE lease_probe (id uuid PRIMARY KEY, due_at timestamptz, state text NOT NULL)`);
  });
  afterAll(async () => {
    await database?.db.execute(sql`DROP TABLE IF EXISTS lease_probe`);
  });

  it('pushes the held rows given to now + the window, never earlier, and leaves the others alone', async () => {
    const [soon, later, done, other] = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    await database.db.execute(sql`INSERT INTO lease_probe VALUES
      (${soon}, now() + interval '1 second', 'claimed'), (${later}, now() + interval '1 hour', 'claimed'),
      (${done}, now() + interval '1 second', 'finished'), (${other}, now() + interval '1 second', 'claimed')`);
    await renewLeases(database.db, PROBE_LEASES, [soon!, later!, done!], 60_000);
    const rows = await database.db
      .select({ id: probe.id, leftS: sql<number>`extract(epoch from ${probe.dueAt} - now())`.mapWith(Number) })
      .from(probe)
      .orderBy(probe.id);
    const left = Object.fromEntries(rows.map((row) => [row.id, row.leftS]));
    expect(left[soon!]).toBeGreaterThan(55);
    expect(left[soon!]).toBeLessThanOrEqual(60);
    expect(left[later!]).toBeGreaterThan(3500);
    expect(left[done!]).toBeLessThanOrEqual(1);
    expect(left[other!]).toBeLessThanOrEqual(1);
    await renewLeases(database.db, PROBE_LEASES, [], 60_000);
  });
});
