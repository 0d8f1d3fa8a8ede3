/**
 * The submission event hub of one gateway process. Services hand it committed
 * events (it is their `EventSink`); it publishes their ids through the
 * PostgreSQL event target, once per event, so subscribers on every instance
 * hear of them (each process fans an event out to its topics), and
 * turns what it hears into event views for subscriptions: one query per event
 * per process, however many subscribers share it.
 */
import { createPubSub, type PubSubEventTarget } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { eventsAfter, lastEventId, loadEventView, type EventView } from '../domain/events/events-store.ts';
import type { CommittedEvent, EventSink } from '../domain/events/types.ts';
import { createPgEventTarget } from './pg-event-target.ts';

/** What a subscription listens to: one submission, or every submission of a tenant. */
export type EventTopic = `submission:${string}` | `tenant:${string}`;

export interface EventHub extends Pick<EventSink, 'committed'> {
  /** Committed events of `topic`, from now on, each once, as views; `accept` filters on the ids first. */
  subscribe(topic: EventTopic, accept?: (event: CommittedEvent) => boolean): AsyncIterable<EventView>;
  /** Starts listening for events committed by other instances. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one message type on the channel: a committed event, sent once and fanned
 * out to its topics by each listening process (sending it per topic doubled
 * every NOTIFY's payload).
 */
const COMMITTED = 'committed';
/**
 * NOTIFYs at most this often under load: each one is a transaction and wakes
 * every listening backend, and one per group-commit batch cost REST POST measurably (docs/performance.md).
 * A subscriber hears of an event at most this much later.
 */
const NOTIFY_INTERVAL_MS = 10;

/** Replayed after a lost LISTEN connection: ids can commit out of order, so look back a little. */
const RESYNC_LOOKBACK = 1000;
const RESYNC_LIMIT = 5000;
/** A loaded view is shared by every subscriber of this process for this long. */
const VIEW_TTL_MS = 10_000;
/** Ids a subscription remembers to drop the duplicates a resync can bring. */
const SEEN_IDS = 1024;

/** An event the resync brings again; subscriptions opened after it committed must not get it. */
type ReplayedEvent = CommittedEvent & { replayed?: true };

function topicsOf(event: CommittedEvent): EventTopic[] {
  return [`submission:${event.submissionId}`, `tenant:${event.tenantId}`];
}

export function createEventHub(database: Database, log: Logger): EventHub {
  let highWater = 0;
  const views = new Map<number, Promise<EventView | undefined>>();

  const target = createPgEventTarget(database, {
    log,
    minIntervalMs: NOTIFY_INTERVAL_MS,
    onResync: () => void resync(),
    onMessage: (detail) => {
      highWater = Math.max(highWater, (detail as CommittedEvent).id);
    },
  });
  type Topics = Record<EventTopic, [CommittedEvent]>;
  const pubSub = createPubSub<Topics>({ eventTarget: target as unknown as PubSubEventTarget<Topics> });
  target.addEventListener(COMMITTED, (message) => {
    const event = (message as CustomEvent<CommittedEvent>).detail;
    for (const topic of topicsOf(event)) target.dispatchLocal(topic, event);
  });

  async function resync(): Promise<void> {
    try {
      const missed = await eventsAfter(database.db, Math.max(0, highWater - RESYNC_LOOKBACK), RESYNC_LIMIT);
      log.info({ count: missed.length }, 'LISTEN connection re-established: replaying recent events');
      for (const event of missed) {
        const replayed: ReplayedEvent = { ...event, replayed: true };
        for (const topic of topicsOf(event)) target.dispatchLocal(topic, replayed);
      }
    } catch (error) {
      log.error({ err: error }, 'resync after a lost LISTEN connection failed');
    }
  }

  function view(id: number): Promise<EventView | undefined> {
    highWater = Math.max(highWater, id);
    let loaded = views.get(id);
    if (!loaded) {
      loaded = loadEventView(database.db, id);
      views.set(id, loaded);
      setTimeout(() => views.delete(id), VIEW_TTL_MS).unref();
      loaded.catch(() => views.delete(id));
    }
    return loaded;
  }

  return {
    committed(events) {
      for (const event of events) {
        highWater = Math.max(highWater, event.id);
        target.dispatchEvent(new CustomEvent(COMMITTED, { detail: event }));
      }
    },
    async *subscribe(topic, accept = () => true) {
      const seen = new Set<number>();
      // Replays at or below this id were committed before this subscription began.
      const floor = highWater;
      for await (const event of pubSub.subscribe(topic) as AsyncIterable<ReplayedEvent>) {
        if (seen.has(event.id) || (event.replayed && event.id <= floor) || !accept(event)) continue;
        seen.add(event.id);
        if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value!);
        const loaded = await view(event.id);
        if (loaded) yield loaded;
      }
    },
    async start() {
      highWater = Math.max(highWater, await lastEventId(database.db));
      await target.listen();
    },
    close: () => target.close(),
  };
}
