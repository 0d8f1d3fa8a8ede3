/**
 * The named leases of src/platform/leases.ts on each engine (issue 26, item 9): one holder at a time, kept by its
 * background renewal past the window, free once its holder stopped renewing for the window, given back at once on
 * release. The two-process crash test is test/integration/pa-lease-takeover.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { DEFAULT_LEASE_MS, leaseMsFrom } from '../../src/db/row-leases.ts';
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
