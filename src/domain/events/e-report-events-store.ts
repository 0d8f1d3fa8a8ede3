/**
 * E-report events in the events table (`submission_events`, drizzle/0025): rows naming a report instead of a
 * submission. Written by the e-report event sink (src/dispatch/e-report-events.ts) in the transaction that moves
 * the report; read by the hub (subscriptions, resync) and the webhook fan-out (src/webhooks/deliver.ts).
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eReports, submissionEvents } from '../../db/schema.ts';
import type { EReportRow } from '../e-reporting/store/close-store.ts';
import type { CommittedReportEvent, EReportEventType } from './types.ts';

/** The event a report's new `state` is: sent, accepted, rejected; undefined for any other state. */
export function reportEventType(state: string): EReportEventType | undefined {
  if (state === 'sent' || state === 'accepted' || state === 'rejected') return `e_report_${state}`;
  return undefined;
}

/** Inserts one e-report event row in the caller's transaction. */
export async function insertReportEvent(
  tx: Executor,
  event: { tenantId: string; reportId: string; type: EReportEventType },
): Promise<CommittedReportEvent> {
  const [row] = await tx
    .insert(submissionEvents)
    .values({ tenantId: event.tenantId, eReportId: event.reportId, type: event.type })
    .returning({ id: submissionEvents.id });
  return { id: row!.id, ...event };
}

/** An e-report event with the report as it is now (what subscribers and webhooks see). */
export interface ReportEventView {
  id: number;
  type: EReportEventType;
  createdAt: Date;
  report: EReportRow;
}

/** One e-report event with its report, in one query; undefined for an unknown id or a submission event. */
export async function loadReportEventView(db: Executor, id: number): Promise<ReportEventView | undefined> {
  const [row] = await db
    .select({ id: submissionEvents.id, type: submissionEvents.type, createdAt: submissionEvents.createdAt, report: eReports })
    .from(submissionEvents)
    .innerJoin(eReports, eq(eReports.id, submissionEvents.eReportId))
    .where(eq(submissionEvents.id, id));
  return row as ReportEventView | undefined;
}

/** E-report events after `afterId`, oldest first, at most `limit` (the hub's resync). */
export async function reportEventsAfter(db: Executor, afterId: number, limit: number): Promise<CommittedReportEvent[]> {
  const rows = await db
    .select({
      id: submissionEvents.id,
      type: submissionEvents.type,
      tenantId: submissionEvents.tenantId,
      reportId: submissionEvents.eReportId,
    })
    .from(submissionEvents)
    .where(and(gt(submissionEvents.id, afterId), isNotNull(submissionEvents.eReportId)))
    .orderBy(asc(submissionEvents.id))
    .limit(limit);
  return rows as CommittedReportEvent[];
}
