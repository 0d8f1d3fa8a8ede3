/**
 * Keyed statements (`src/db/keyed.ts`): on a new database, whose tables are
 * empty when PostgreSQL makes its generic plan, the lifecycle batch read on
 * the keyed pool reads every table by key, so the plan stays right as the
 * tables grow; the same plan made on the main pool reads sequentially (what
 * the keyed pool exists to avoid, and proof the check can fail).
 * PostgreSQL only: the embedded engine keeps no plans.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import { keyedHandle } from '../../src/db/keyed.ts';
import { openPostgres } from '../../src/db/open.ts';
import { recordBatch } from '../../src/domain/lifecycle/batch-statement.ts';

const url = process.env.TEST_DATABASE_URL;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Each read of a table in `plan` that is not by key: a sequential scan, or an index scan without a condition. */
function unkeyedReads(plan: PlanNode): string[] {
  const own =
    plan['Relation Name'] === undefined || plan['Node Type'] === 'ModifyTable'
      ? []
      : plan['Node Type'] === 'Seq Scan' || (plan['Node Type'].startsWith('Index') && !plan['Index Cond'])
        ? [`${plan['Node Type']} on ${plan['Relation Name']}`]
        : [];
  return own.concat((plan.Plans ?? []).flatMap(unkeyedReads));
}

describe.runIf(url)('keyed statements on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const name = `passerelle_keyed_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = postgres(url!, { max: 1, onnotice: () => {} });
  let database: Database;
  let batchSql = '';

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    database = await openPostgres(target.toString(), {
      poolSize: 2,
      onQuery: (query) => {
        if (query.includes('WITH ORDINALITY AS t(submission_id')) batchSql ||= query;
      },
    });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A status for a submission that does not exist (the plan does not depend on the rows). */
  const batchItem = () => ({
    submission_id: randomUUID(),
    code: 201,
    occurred_at: new Date().toISOString(),
    event_id: randomUUID(),
    reason: null,
    reason_code: null,
    reason_missing: false,
    to_be_verified: false,
  });

  /** The generic plan of the lifecycle batch as `handle`'s connections make it. */
  async function genericPlan(handle: Db): Promise<PlanNode> {
    const parameters = [...new Set(batchSql.match(/\$\d+/g))].length;
    const values = [`'${JSON.stringify([batchItem()])}'`, ...Array(parameters - 1).fill('NULL')].join(', ');
    return handle.transaction(async (tx) => {
      await tx.execute(sql.raw(`PREPARE keyed_check AS ${batchSql}`));
      await tx.execute(sql.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
      const rows = (await tx.execute(sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE keyed_check(${values})`))) as unknown as Array<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>;
      await tx.execute(sql.raw('DEALLOCATE keyed_check'));
      return rows[0]!['QUERY PLAN'][0]!.Plan;
    });
  }

  it('plans the lifecycle batch by key on empty tables, on the keyed pool only', async () => {
    expect(await recordBatch(database.db, [batchItem()], [])).toEqual([{ outcome: 'unknown' }]);
    expect(batchSql).not.toBe('');
    expect(await database.db.$count(sql`lifecycle_statuses`)).toBe(0);

    expect(unkeyedReads(await genericPlan(keyedHandle(database.db)))).toEqual([]);
    expect(unkeyedReads(await genericPlan(database.db))).toContainEqual(expect.stringMatching(/^Seq Scan on /));
  });
});
