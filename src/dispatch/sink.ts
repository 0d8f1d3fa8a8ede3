/**
 * The app's event sink (`EventSink`, src/domain/events/types.ts): inside the
 * transaction that records events, webhook fan-out jobs are enqueued for the
 * tenants that have endpoints (the outbox); after the commit, the events go to
 * the hub (subscriptions on every instance), the fan-out worker is woken for
 * exactly the events whose jobs that commit made visible, and `afterCommit`
 * hears of them (the pipeline wakes on `received`).
 */
import type { CommittedEvent, EventSink } from '../domain/events/types.ts';
import type { EndpointPresence } from '../webhooks/index.ts';
import type { WebhookQueue } from '../webhooks/index.ts';
import type { EventHub } from './hub.ts';

/**
 * Event ids whose fan-out job was enqueued and whose commit is not yet seen. A rolled-back
 * transaction's ids never commit: past this many the set is cleared, and the worker's own poll
 * picks up whatever job a missed wake concerned.
 */
const MAX_PENDING_WAKES = 10_000;

/** Creates the sink (see the module comment). */
export function createEventSink(deps: {
  hub: Pick<EventHub, 'committed'>;
  presence: EndpointPresence;
  queue: Pick<WebhookQueue, 'enqueueFanouts' | 'wakeFanout'>;
  afterCommit: (events: readonly CommittedEvent[]) => void;
}): EventSink {
  const { hub, presence, queue } = deps;
  // Per event, not a process-wide flag: one transaction's commit must not take the wake another's jobs need.
  const pendingWakes = new Set<number>();
  return {
    wantsOutbox: (db, tenantId) => presence.has(db, tenantId),
    async recorded(tx, recorded) {
      const ids: number[] = [];
      for (const event of recorded) if (await presence.has(tx, event.tenantId)) ids.push(event.id);
      if (ids.length === 0) return;
      await queue.enqueueFanouts(tx, ids);
      if (pendingWakes.size + ids.length > MAX_PENDING_WAKES) pendingWakes.clear();
      for (const id of ids) pendingWakes.add(id);
    },
    committed(committed) {
      hub.committed(committed);
      let wake = false;
      for (const event of committed) if (pendingWakes.delete(event.id)) wake = true;
      if (wake) queue.wakeFanout();
      deps.afterCommit(committed);
    },
  };
}
