/**
 * What sending an e-report commits (src/platform/outbound/e-report-sender.ts): an attempt marked "outcome unknown"
 * before the createFlow (so a lost answer is searched by trackingId, never sent twice), the PA's flowId
 * (`closed → sent`), a refusal, and the portal's statuses (300 Déposée → `accepted`, 301 Rejetée → `rejected`).
 * Every move is guarded by the state it leaves, so replaying changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { fromNow } from '../../../db/row-leases.ts';
import { eReports } from '../../../db/schema.ts';
import type { EReportRow } from './close-store.ts';

/** One status of a report, as the portal (through the PA) gave it. */
export interface EReportStatus {
  /** 300 Déposée, 301 Rejetée; null for the PA's refusal of the flow itself. */
  code: number | null;
  label: string;
  reasonCode?: string | undefined;
  reason?: string | undefined;
  occurredAt: string;
  /** The PA's status flow (its flowId), the key that makes recording it twice a no-op. */
  flowId?: string | undefined;
}

/** Marks an attempt on `id` as under way (outcome unknown until its answer is stored). False when no longer `closed`. */
export async function beginSend(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(eReports)
    .set({ flowOutcomeUnknown: true, attemptStartedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(eReports.id, id), eq(eReports.state, 'closed')))
    .returning({ id: eReports.id });
  return rows.length > 0;
}

/** Milliseconds since the latest createFlow of report `id` began (its `attempt_started_at`); Infinity when none did. */
export async function msSinceAttempt(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({ ms: sql<number | null>`extract(epoch from (now() - ${eReports.attemptStartedAt})) * 1000` })
    .from(eReports)
    .where(eq(eReports.id, id));
  return row?.ms == null ? Number.POSITIVE_INFINITY : Number(row.ms);
}

/** `closed → sent` with the PA's `flowId`; the status poll is due after `pollMs`. */
export async function markSent(db: Executor, id: string, flowId: string, pollMs: number): Promise<EReportRow | undefined> {
  const [row] = await db
    .update(eReports)
    .set({
      state: 'sent',
      flowId,
      flowOutcomeUnknown: false,
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
      jobNextAt: fromNow(pollMs),
      jobAttempts: 0,
      jobLastError: null,
    })
    .where(and(eq(eReports.id, id), eq(eReports.state, 'closed')))
    .returning();
  return row;
}

/**
 * Records `status` on report `id` (once per status flow) and moves it: 300 → `accepted`, 301 or a refusal (code
 * null) → `rejected`; any other code keeps `sent`. Undefined when the report was not `closed` or `sent`, or the
 * status was recorded already.
 */
export async function recordStatus(db: Executor, id: string, status: EReportStatus): Promise<EReportRow | undefined> {
  const next = status.code === 300 ? 'accepted' : status.code === 301 || status.code === null ? 'rejected' : undefined;
  const entry = JSON.stringify([status]);
  const [row] = await db
    .update(eReports)
    .set({
      statuses: sql`${eReports.statuses} || ${entry}::jsonb`,
      updatedAt: sql`now()`,
      flowOutcomeUnknown: false,
      ...(next ? { state: next, jobNextAt: null } : {}),
    })
    .where(
      and(
        eq(eReports.id, id),
        sql`${eReports.state} IN ('closed', 'sent')`,
        status.flowId ? sql`NOT (${eReports.statuses} @> ${JSON.stringify([{ flowId: status.flowId }])}::jsonb)` : sql`true`,
      ),
    )
    .returning();
  return row;
}
