/**
 * How many submissions a filter keeps: counted exactly up to
 * `EXACT_COUNT_LIMIT`, estimated above it (the planner's row estimate), and
 * said which: counting a million rows on every page would cost more than the page.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { submissions } from '../../../db/schema.ts';
import { filterConditions, type SubmissionFilter } from './filter.ts';

/** Up to this many matching rows the count is exact (docs/console.md: about 5 ms to count them on PostgreSQL). */
export const EXACT_COUNT_LIMIT = 10_000;

/** A count: `exact`, or an estimate (then always above `EXACT_COUNT_LIMIT`). */
export interface SubmissionCount {
  count: number;
  exact: boolean;
}

/**
 * The number of the tenant's submissions that `filter` keeps. One statement counts at most
 * `EXACT_COUNT_LIMIT + 1` rows; past that a second one (EXPLAIN) reads the planner's estimate, never
 * below what was counted.
 */
export async function countSubmissions(db: Db, tenantId: string, filter: SubmissionFilter): Promise<SubmissionCount> {
  const where = filterConditions(tenantId, filter);
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(submissions)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  const count = Number(row?.count ?? 0);
  if (count <= EXACT_COUNT_LIMIT) return { count, exact: true };
  const plan = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) select 1 from ${submissions} where ${where}`));
  return { count: Math.max(count, estimatedRows(plan[0]?.['QUERY PLAN'])), exact: false };
}

/** The top node's `Plan Rows` of an EXPLAIN (FORMAT JSON) answer (a JSON value or its text); 0 when unreadable. */
function estimatedRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const rows = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
