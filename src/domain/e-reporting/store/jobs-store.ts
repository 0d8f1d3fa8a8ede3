/**
 * The e-reports' outbox (the row is the queue, as for submissions: src/pipeline/claim.ts): a report is due when
 * `job_next_at` is past; a claim moves it forward by a lease, taken with `FOR UPDATE SKIP LOCKED`, so instances
 * share the work and a dead instance's reports come back once the lease runs out. The closer (closer.ts) claims
 * `open` reports (due at `close_at`) and frozen ones not built yet; the platform's e-report sender
 * (src/platform/outbound/e-report-sender.ts) claims the built `closed` ones and the `sent` ones awaiting the
 * portal's answer.
 */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { fromNow, type LeasedRows } from '../../../db/row-leases.ts';
import { rowsOf } from '../../../db/rows.ts';
import { eReports } from '../../../db/schema.ts';

/** Which jobs a worker takes. */
export type JobLane = 'close' | 'send';

const LANES: Record<JobLane, SQL> = {
  close: sql`(r.state = 'open' OR (r.state = 'closed' AND r.xml IS NULL))`,
  send: sql`((r.state = 'closed' AND r.xml IS NOT NULL) OR r.state = 'sent')`,
};

/** Claims up to `limit` due reports of `lane` for `leaseMs`; their ids, soonest due first. */
export async function claimDueReports(db: Executor, lane: JobLane, limit: number, leaseMs: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE e_reports SET job_next_at = now() + ${leaseMs}::int * interval '1 millisecond', job_attempts = job_attempts + 1
        WHERE id IN (
          SELECT r.id FROM e_reports r
            WHERE r.state IN ('open', 'closed', 'sent') AND r.job_next_at <= now() AND ${LANES[lane]}
            ORDER BY r.job_next_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
        RETURNING id`),
  );
  return rows.map((row) => row.id);
}

/** Postpones report `id` by `delayMs` after a failure, keeping `error` (its state unchanged). */
export async function postponeReport(db: Executor, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(eReports)
    .set({ jobNextAt: fromNow(delayMs), jobLastError: error.slice(0, 2000) })
    .where(and(eq(eReports.id, id), sql`${eReports.state} IN ('open', 'closed', 'sent')`));
}

/**
 * The reports the platform's sender has in hand, as leased rows (src/db/row-leases.ts): `job_next_at` of reports still
 * `closed` or `sent`; its row keeper renews them.
 */
export const SENDING_REPORT_LEASES: LeasedRows = {
  table: eReports,
  id: eReports.id,
  dueAt: eReports.jobNextAt,
  held: sql`${eReports.state} IN ('closed', 'sent')`,
};

/**
 * The reports the closer (closer.ts) has in hand, as leased rows (src/db/row-leases.ts): `job_next_at` of reports
 * still open or frozen and not built (the `close` lane); its row keeper renews them while it closes them.
 */
export const CLOSING_REPORT_LEASES: LeasedRows = {
  table: eReports,
  id: eReports.id,
  dueAt: eReports.jobNextAt,
  held: sql`(${eReports.state} = 'open' OR (${eReports.state} = 'closed' AND ${eReports.xml} IS NULL))`,
};

/** Gives claimed but unstarted reports back (due at once). */
export async function releaseReports(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`UPDATE e_reports SET job_next_at = now()
    WHERE id = ANY (${`{${ids.join(',')}}`}::uuid[]) AND state IN ('closed', 'sent')`);
}
