/**
 * What one event's webhook says (deliver.ts's fan-out): its type (`submission.*`, `e_report.*`), its tenant, its
 * time and its `data`, the record exactly as REST returns it (`GET /v1/invoices/{id}`, `/v1/credit-notes/{id}`,
 * `/v1/e-reports/{id}`), built by the REST facade (rest-facade/webhook-payloads.ts). docs/webhooks.md.
 */
import type { Db } from '../db/client.ts';
import { loadReportEventView, type ReportEventView } from '../domain/events/e-report-events-store.ts';
import { loadEventView, type EventView } from '../domain/events/events-store.ts';

/** The submission record as `GET /v1/…/{id}` returns it, and an event's status entry in the same shape. */
export interface PayloadBuilder {
  record(event: EventView): Promise<Record<string, unknown>>;
  statusEntry(event: EventView): Record<string, unknown> | undefined;
  /** The e-report as `GET /v1/e-reports/{id}` returns it. */
  reportRecord(event: ReportEventView): Promise<Record<string, unknown>>;
}

const TYPE_NAMES = {
  received: 'submission.received',
  lifecycle_status_added: 'submission.lifecycle_status_added',
  processing_state_changed: 'submission.processing_state_changed',
  e_report_sent: 'e_report.sent',
  e_report_accepted: 'e_report.accepted',
  e_report_rejected: 'e_report.rejected',
} as const;

/** An event's webhook: its type, tenant, time and `data` (the record as REST returns it); undefined when unknown. */
export async function webhookOf(db: Db, payloads: PayloadBuilder, eventId: number) {
  const event = await loadEventView(db, eventId);
  if (event) {
    const entry = payloads.statusEntry(event);
    const data = async () => ({ ...(await payloads.record(event)), ...(entry && { new_lifecycle_status: entry }) });
    return { id: event.id, type: TYPE_NAMES[event.type], tenantId: event.submission.tenantId, createdAt: event.createdAt, data };
  }
  const report = await loadReportEventView(db, eventId);
  if (!report) return undefined;
  const data = () => payloads.reportRecord(report);
  return { id: report.id, type: TYPE_NAMES[report.type], tenantId: report.report.tenantId, createdAt: report.createdAt, data };
}
