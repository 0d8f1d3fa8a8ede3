/**
 * EReportEvent and the subscription `eReportEvents` (graphql-ws over WebSocket, or Server-Sent Events): a tenant's
 * e-reports moving to sent, accepted or rejected, as submissionEvents does for submissions (submission-event.ts).
 * Events reach subscribers on every gateway instance, only after the transaction that recorded them committed
 * (src/dispatch/e-report-events.ts, hub.ts). docs/e-reporting.md, docs/webhooks.md.
 */
import type { ReportEventView } from '../../domain/events/e-report-events-store.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { enumType } from '../fields.ts';
import { EReportRef } from './e-report.ts';

const EReportEventTypeEnum = enumType('EReportEventType', undefined, {
  SENT: ['e_report_sent', 'The PA took the report (its flowId is known).'],
  ACCEPTED: ['e_report_accepted', "The portal's 300 Déposée."],
  REJECTED: ['e_report_rejected', "The portal's 301 Rejetée, or the PA refused the flow."],
});

export const EReportEventRef = builder.objectRef<ReportEventView>('EReportEvent').implement({
  description: "An e-report's move to sent, accepted or rejected.",
  fields: (t) => ({
    id: t.id({ description: 'Event id, increasing (shared with submission events).', resolve: (event) => String(event.id) }),
    type: t.field({ type: EReportEventTypeEnum, resolve: (event) => event.type }),
    createdAt: t.field({ type: 'DateTime', resolve: (event) => event.createdAt }),
    report: t.field({
      type: EReportRef,
      description: 'The e-report as of now (its latest status last in `statuses`).',
      resolve: (e) => e.report,
    }),
  }),
});

builder.subscriptionFields((t) => ({
  eReportEvents: t.field({
    type: EReportEventRef,
    description: 'Every move of your e-reports to sent, accepted or rejected, optionally of one seller (SIREN).',
    args: { sellerSiren: t.arg.string() },
    subscribe: (_root, { sellerSiren }, ctx) =>
      ctx.hub.subscribeReports(tenantOf(ctx).id, (event) => !sellerSiren || event.report.sellerSiren === sellerSiren),
    resolve: (event) => event,
  }),
}));
