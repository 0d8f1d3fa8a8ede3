/**
 * The event hub of one gateway process (submission and e-report events). Services hand it committed
 * events (it is their `EventSink`); it publishes their ids through the
 * PostgreSQL event target, once per event, so subscribers on every instance
 * hear of them (each process fans an event out to its topics), and
 * turns what it hears into event views for subscriptions: one query per event
 * per process, however many subscribers share it.
 */
import { createPubSub, type PubSubEventTarget } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { loadReportEventView, type ReportEventView, reportEventsAfter } from '../domain/events/e-report-events-store.ts';
import { eventsAfter, lastEventId, loadEventView, type EventView } from '../domain/events/events-store.ts';
import type { CommittedEvent, CommittedReportEvent, EventSink } from '../domain/events/types.ts';
import { watchPeers } from './peer-watch.ts';
import { createPgEventTarget } from './pg-event-target.ts';

/** What a subscription listens to: one submission, every submission of a tenant, or every e-report of a tenant. */
export type EventTopic = `submission:${string}` | `tenant:${string}`;
type ReportTopic = `e-reports:${string}`;

export interface EventHub extends Pick<EventSink, 'committed'> {
  /** Committed events of `topic`, from now on, each once, as views; `accept` filters on the ids first. */
  subscribe(topic: EventTopic, accept?: (event: CommittedEvent) => boolean): AsyncIterable<EventView>;
  /** Committed e-report events of tenant `tenantId`, from now on, each once, as views; `accept` filters first. */
  subscribeReports(tenantId: string, accept?: (view: ReportEventView) => boolean): AsyncIterable<ReportEventView>;
  /** Publishes committed e-report events (the e-report event sink, after its commit). */
  reportsCommitted(events: readonly CommittedReportEvent[]): void;
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
/** The same for a committed e-report event. */
const REPORT_COMMITTED = 'e_report_committed';
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

async function* filtered<V>(views: AsyncIterable<V>, accept: (view: V) => boolean): AsyncIterable<V> {
  for await (const view of views) if (accept(view)) yield view;
}

/** An event the resync brings again; subscriptions opened after it committed must not get it. */
type Replayed<E> = E & { replayed?: true };

function topicsOf(event: CommittedEvent): EventTopic[] {
  return [`submission:${event.submissionId}`, `tenant:${event.tenantId}`];
}

/**
 * Test-only (docs/operations.md): the process kills itself right after a commit, before its NOTIFY, as a crash
 * there would; the integration test checks the other instances' subscribers still get those events.
 */
const KILL_AFTER_COMMIT = process.env.PASSERELLE_TEST_KILL_AFTER_COMMIT === '1';

export function createEventHub(database: Database, log: Logger): EventHub {
  let highWater = 0;
  const views = new Map<number, Promise<unknown>>();
  let stopWatch: (() => Promise<void>) | undefined;

  const target = createPgEventTarget(database, {
    log,
    minIntervalMs: NOTIFY_INTERVAL_MS,
    onResync: () => void resync(),
    onMessage: (detail) => {
      highWater = Math.max(highWater, (detail as CommittedEvent).id);
    },
  });
  type Topics = Record<EventTopic | ReportTopic, [CommittedEvent | CommittedReportEvent]>;
  const pubSub = createPubSub<Topics>({ eventTarget: target as unknown as PubSubEventTarget<Topics> });
  target.addEventListener(COMMITTED, (message) => {
    const event = (message as CustomEvent<CommittedEvent>).detail;
    for (const topic of topicsOf(event)) target.dispatchLocal(topic, event);
  });
  target.addEventListener(REPORT_COMMITTED, (message) => {
    const event = (message as CustomEvent<CommittedReportEvent>).detail;
    target.dispatchLocal(`e-reports:${event.tenantId}`, event);
  });

  /** Replays recent events to this process's subscribers (they drop what they had): after a lost LISTEN, or a peer's end. */
  async function resync(why = 'LISTEN connection re-established'): Promise<void> {
    try {
      const after = Math.max(0, highWater - RESYNC_LOOKBACK);
      const missed = await eventsAfter(database.db, after, RESYNC_LIMIT);
      const reports = await reportEventsAfter(database.db, after, RESYNC_LIMIT);
      log.info({ count: missed.length + reports.length }, `${why}: replaying recent events`);
      for (const event of missed) {
        const replayed: Replayed<CommittedEvent> = { ...event, replayed: true };
        for (const topic of topicsOf(event)) target.dispatchLocal(topic, replayed);
      }
      for (const event of reports) target.dispatchLocal(`e-reports:${event.tenantId}`, { ...event, replayed: true });
    } catch (error) {
      log.error({ err: error }, `resync failed (${why})`);
    }
  }

  /** The view of event `id`, loaded once per process for every subscriber sharing it. */
  function view<V>(id: number, load: (id: number) => Promise<V | undefined>): Promise<V | undefined> {
    highWater = Math.max(highWater, id);
    let loaded = views.get(id) as Promise<V | undefined> | undefined;
    if (!loaded) {
      loaded = load(id);
      views.set(id, loaded);
      setTimeout(() => views.delete(id), VIEW_TTL_MS).unref();
      loaded.catch(() => views.delete(id));
    }
    return loaded;
  }

  /** Events of `topic` from now on, each once (a resync's duplicates and earlier events dropped), as views. */
  async function* follow<E extends { id: number }, V>(
    topic: EventTopic | ReportTopic,
    load: (id: number) => Promise<V | undefined>,
    accept: (event: E) => boolean,
  ): AsyncIterable<V> {
    const seen = new Set<number>();
    // Replays at or below this id were committed before this subscription began.
    const floor = highWater;
    for await (const event of pubSub.subscribe(topic) as AsyncIterable<Replayed<E>>) {
      if (seen.has(event.id) || (event.replayed && event.id <= floor) || !accept(event)) continue;
      seen.add(event.id);
      if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value!);
      const loaded = await view(event.id, load);
      if (loaded) yield loaded;
    }
  }

  const publish = (type: string, event: { id: number }) => {
    highWater = Math.max(highWater, event.id);
    if (KILL_AFTER_COMMIT) process.kill(process.pid, 'SIGKILL');
    target.dispatchEvent(new CustomEvent(type, { detail: event }));
  };

  return {
    committed(events) {
      for (const event of events) publish(COMMITTED, event);
    },
    reportsCommitted(events) {
      for (const event of events) publish(REPORT_COMMITTED, event);
    },
    subscribe: (topic, accept = () => true) => follow(topic, (id) => loadEventView(database.db, id), accept),
    subscribeReports: (tenantId, accept = () => true) =>
      // The filter needs the report (its seller): applied to the loaded view.
      filtered(
        follow<CommittedReportEvent, ReportEventView>(
          `e-reports:${tenantId}`,
          (id) => loadReportEventView(database.db, id),
          () => true,
        ),
        accept,
      ),
    async start() {
      highWater = Math.max(highWater, await lastEventId(database.db));
      await target.listen();
      // A peer killed between its commit and its NOTIFY: replay from the table (docs/operations.md).
      if (database.engine === 'postgres')
        stopWatch = watchPeers(database, { log, onPeerGone: () => void resync("an instance's LISTEN connection ended") });
    },
    async close() {
      await stopWatch?.();
      await target.close();
    },
  };
}
