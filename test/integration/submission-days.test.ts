/**
 * The dashboard's per-day rollup (`submission_days`, migration 0028) against a count of `submissions`
 * after real writes: REST submissions, the pipeline, lifecycle statuses (out of order, a 213 that
 * rejects), direct state changes, a seller given to waiting documents, a removed row, rolled-back work,
 * and concurrent transactions moving documents between the same keys; `dashboardDays` against the same
 * count. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Executor } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { lifecycleStatuses } from '../../src/db/schema.ts';
import { assignWaitingDocuments } from '../../src/domain/sellers/sellers-store.ts';
import { dashboardDays } from '../../src/domain/submissions/read/index.ts';
import { invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

const SELLER = '900123456';
const OTHER_SELLER = '732829320';

type Key = { tenant: string; day: string; seller: string; state: string; code: number; n: number };

/** The rollup's non-zero rows of `tenants`, and the same counted from `submissions`, both sorted. */
async function both(db: Executor, tenants: string[]): Promise<{ rollup: Key[]; counted: Key[] }> {
  const list = sql.join(
    tenants.map((t) => sql`${t}::uuid`),
    sql`, `,
  );
  const order = (keys: Key[]) =>
    keys.map((k) => ({ ...k, code: Number(k.code), n: Number(k.n) })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const rollup = rowsOf<Key>(
    await db.execute(sql`select tenant_id::text as tenant, day::text as day, seller_siren as seller, processing_state::text as state,
        lifecycle_code as code, count as n from submission_days where tenant_id in (${list}) and count <> 0`),
  );
  const counted = rowsOf<Key>(
    await db.execute(sql`select tenant_id::text as tenant, (created_at at time zone 'Europe/Paris')::date::text as day,
        coalesce(seller_siren, '') as seller, processing_state::text as state, coalesce(lifecycle_code, 0) as code, count(*)::int as n
        from submissions where tenant_id in (${list}) group by 1, 2, 3, 4, 5`),
  );
  return { rollup: order(rollup), counted: order(counted) };
}

/** A day of `dashboardDays`: its total, then its counts per processing state and per lifecycle code, in the answer's order. */
function dashboardDay(date: string, total: number, states: Record<string, number> = {}, codes: Array<[number | null, number]> = []) {
  return {
    date,
    total,
    processingStates: Object.entries(states).map(([processingState, count]) => ({ processingState, count })),
    lifecycleCodes: codes.map(([code, count]) => ({ code, count })),
  };
}

/** Inserts a submission of `tenant` created at `createdAt` (as the submit functions would, any state). */
async function insertRow(
  db: Executor,
  tenant: string,
  createdAt: string,
  seller: string | null = SELLER,
  state = 'received',
): Promise<string> {
  const id = randomUUID();
  const tag = id.slice(0, 12);
  await db.execute(sql`insert into submissions (id, tenant_id, document_type, saas_id, number, seller_siren, processing_state,
      issue_date, body, body_sha256, created_at)
    values (${id}::uuid, ${tenant}::uuid, 'invoice', ${`saas-${tag}`}, ${`F-${tag}`}, ${seller}, ${state}::processing_state,
      '2026-03-01', '{}', ${tag}, ${createdAt}::timestamptz)`);
  return id;
}

describe.each(engines())('the per-day rollup on %s', { timeout: 120_000 }, (engine) => {
  let gateway: Gateway;
  let db: Db;
  const tenants: string[] = [];

  beforeAll(async () => {
    gateway = await startGateway(engine, { pipeline: true });
    db = gateway.database.db;
  }, 120_000);
  afterAll(() => gateway?.stop());

  async function newTenant(seller = true) {
    const client = await gateway.tenant(undefined, { seller });
    const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from tenants where name = ${client.tenantName}`));
    tenants.push(row!.id);
    return { client, id: row!.id };
  }

  async function expectRollupRight() {
    const { rollup, counted } = await both(db, tenants);
    expect(counted.length).toBeGreaterThan(0);
    expect(rollup).toEqual(counted);
  }

  it('counts REST submissions through the pipeline, statuses (out of order, a rejecting 213) and state changes', async () => {
    const { client } = await newTenant();
    const platform = await gateway.platform();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await client.post('/v1/invoices', invoice().unique(`r${i}`).build());
      expect(reply.status).toBe(202);
      ids.push(reply.body.submission_id);
    }
    await expectRollupRight();
    for (let waited = 0; ; waited += 100) {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from submissions where id = any(${`{${ids.join(',')}}`}::uuid[])
          and processing_state = 'received'`),
      );
      if (Number(rows[0]!.n) === 0) break;
      if (waited > 30_000) throw new Error('documents still received after 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expectRollupRight();
    // The sender's move, as src/platform/outbound/outcome.ts writes it.
    await db.execute(sql`update submissions set processing_state = 'sent' where id = any(${`{${ids.slice(0, 4).join(',')}}`}::uuid[])`);
    const status = (id: string, code: number, at: string) =>
      platform.post('/pa/v1/lifecycle-events', { submission_id: id, code, occurred_at: at, event_id: randomUUID(), reason: 'r' });
    expect((await status(ids[0]!, 200, '2026-03-01T10:00:00Z')).status).toBe(201);
    expect((await status(ids[0]!, 205, '2026-03-02T10:00:00Z')).status).toBe(201);
    // Older than the latest: changes no key.
    expect((await status(ids[0]!, 202, '2026-03-01T12:00:00Z')).status).toBe(201);
    expect((await status(ids[1]!, 210, '2026-03-02T10:00:00Z')).status).toBe(201);
    // A rejecting status: a new state and a new code in one statement (and its nested trigger).
    expect((await status(ids[2]!, 213, '2026-03-02T10:00:00Z')).status).toBe(201);
    // Statuses written directly, several submissions in one statement.
    await db.insert(lifecycleStatuses).values([
      { submissionId: ids[3]!, code: 200, occurredAt: new Date('2026-03-01T12:00:00Z') },
      { submissionId: ids[3]!, code: 212, occurredAt: new Date('2026-03-03T12:00:00Z') },
      { submissionId: ids[4]!, code: 202, occurredAt: new Date('2026-03-01T12:00:00Z') },
    ]);
    await expectRollupRight();
  });

  it('counts by the day in Paris, a seller given to waiting documents, a removed row, and nothing of rolled-back work', async () => {
    const { id: tenant } = await newTenant(false);
    // 23:30 UTC is already the next day in Paris (winter: UTC+1).
    const late = await insertRow(db, tenant, '2026-03-01T23:30:00Z', null);
    await insertRow(db, tenant, '2026-03-01T22:30:00Z', null);
    await insertRow(db, tenant, '2026-07-14T21:59:00Z', OTHER_SELLER, 'validated');
    await expectRollupRight();
    const days = rowsOf<{ day: string }>(await db.execute(sql`select day::text from submission_days where tenant_id = ${tenant}::uuid`));
    expect(days.map((d) => d.day).sort()).toEqual(['2026-03-01', '2026-03-02', '2026-07-14']);
    expect(await db.transaction((tx) => assignWaitingDocuments(tx, tenant, SELLER))).toBe(2);
    await expectRollupRight();
    await db.execute(sql`delete from submissions where id = ${late}::uuid`);
    await expectRollupRight();
    // A rolled-back transaction, and a rolled-back savepoint inside a committed one.
    await expect(
      db.transaction(async (tx) => {
        await insertRow(tx, tenant, '2026-03-05T10:00:00Z');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction(async (tx) => {
      await insertRow(tx, tenant, '2026-03-06T10:00:00Z');
      await tx.execute(sql`savepoint s`);
      await insertRow(tx, tenant, '2026-03-07T10:00:00Z');
      await tx.execute(sql`update submissions set processing_state = 'rejected' where tenant_id = ${tenant}::uuid`);
      await tx.execute(sql`rollback to savepoint s`);
      await tx.execute(
        sql`update submissions set processing_state = 'sent' where tenant_id = ${tenant}::uuid and processing_state = 'received'`,
      );
    });
    await expectRollupRight();
    const left = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from submission_days_pending`));
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('stays right under concurrent transactions moving documents between the same keys, in opposite orders', async () => {
    const { id: a } = await newTenant();
    const { id: b } = await newTenant();
    const day = '2026-04-01T10:00:00Z';
    const rows = { a: [] as string[], b: [] as string[] };
    for (let i = 0; i < 20; i++) {
      rows.a.push(await insertRow(db, a, day));
      rows.b.push(await insertRow(db, b, day));
    }
    // Each transaction moves its own documents, one tenant then the other (half of them the other way
    // round), statement by statement, while inserting more: the same rollup rows, taken in opposite orders.
    const work = Array.from({ length: 10 }, (_, i) =>
      db.transaction(async (tx) => {
        const order = i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
        for (const which of order) {
          const tenant = which === 'a' ? a : b;
          await tx.execute(sql`update submissions set processing_state = 'validated' where id = ${rows[which][i * 2]!}::uuid`);
          await tx.execute(
            sql`insert into lifecycle_statuses (submission_id, code, occurred_at) values (${rows[which][i * 2 + 1]!}::uuid, 200, now())`,
          );
          await insertRow(tx, tenant, day);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }),
    );
    await Promise.all(work);
    await expectRollupRight();
  });

  it('answers the dashboard from the rollup as a count of the documents would', async () => {
    const { id: tenant } = await newTenant();
    await insertRow(db, tenant, '2026-05-01T08:00:00Z');
    await insertRow(db, tenant, '2026-05-01T09:00:00Z', SELLER, 'sent');
    await insertRow(db, tenant, '2026-05-03T09:00:00Z', OTHER_SELLER, 'rejected');
    const sent = await insertRow(db, tenant, '2026-05-03T10:00:00Z', SELLER, 'sent');
    await db.insert(lifecycleStatuses).values({ submissionId: sent, code: 205, occurredAt: new Date('2026-05-04T10:00:00Z') });
    const days = await dashboardDays(db, tenant, { from: '2026-04-30', to: '2026-05-03' });
    expect(days).toEqual([
      dashboardDay('2026-04-30', 0),
      dashboardDay('2026-05-01', 2, { received: 1, sent: 1 }, [[null, 2]]),
      dashboardDay('2026-05-02', 0),
      dashboardDay('2026-05-03', 2, { sent: 1, rejected: 1 }, [
        [205, 1],
        [null, 1],
      ]),
    ]);
    const oneSeller = await dashboardDays(db, tenant, { from: '2026-05-03', to: '2026-05-03', sellerSiren: OTHER_SELLER });
    expect(oneSeller).toEqual([dashboardDay('2026-05-03', 1, { rejected: 1 }, [[null, 1]])]);
  });
});
