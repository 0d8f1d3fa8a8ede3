/**
 * The app's e-report event sink (`EReportEventSink`, src/domain/events/types.ts), handed to the e-report sender
 * through the flow connector: inside the transaction that moves a report to sent, accepted or rejected, the event
 * row is inserted and, for a tenant with webhook endpoints, its fan-out job enqueued (the outbox, as for submission
 * events: sink.ts); after the commit the event goes to the hub (subscriptions on every instance) and the fan-out
 * worker is woken.
 */
import { insertReportEvent, reportEventType } from '../domain/events/e-report-events-store.ts';
import type { EReportEventSink } from '../domain/events/types.ts';
import type { EndpointPresence, WebhookQueue } from '../webhooks/index.ts';
import type { EventHub } from './hub.ts';

/** Creates the sink (see the module comment). */
export function createEReportEventSink(deps: {
  hub: Pick<EventHub, 'reportsCommitted'>;
  presence: EndpointPresence;
  queue: Pick<WebhookQueue, 'enqueueFanouts' | 'wakeFanout'>;
}): EReportEventSink {
  const { hub, presence, queue } = deps;
  // Ids whose fan-out job was enqueued: their commit wakes the worker (a rolled-back one's is dropped at the cap).
  const pendingWakes = new Set<number>();
  return {
    async recorded(tx, report) {
      const type = reportEventType(report.state);
      if (!type) return undefined;
      const event = await insertReportEvent(tx, { tenantId: report.tenantId, reportId: report.id, type });
      if (await presence.has(tx, report.tenantId)) {
        await queue.enqueueFanouts(tx, [event.id]);
        if (pendingWakes.size >= 1000) pendingWakes.clear();
        pendingWakes.add(event.id);
      }
      return event;
    },
    committed(events) {
      hub.reportsCommitted(events);
      let wake = false;
      for (const event of events) if (pendingWakes.delete(event.id)) wake = true;
      if (wake) queue.wakeFanout();
    },
  };
}
