/**
 * The event hub of one gateway process (submission and e-report events), created by the app (src/app/app.ts).
 * Subscribers on every instance hear of committed events from the database: the `submission_events` trigger
 * (migration 0027) NOTIFYs their ids inside the committing transaction, so an event is heard if and only if it
 * committed, even when the committing instance dies right after. Each process fans what it hears out to its topics
 * and turns it into event views for subscriptions: one query per event per process, however many subscribers share it.
 */
import { createPubSub, type PubSubEventTarget } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { loadReportEventView, type ReportEventView, reportEventsAfter } from '../domain/events/e-report-events-store.ts';
import { eventsAfter, lastEventId, loadEventView, type EventView } from '../domain/events/events-store.ts';
import type { CommittedEvent, CommittedReportEvent, EventSink } from '../domain/events/types.ts';
import { createPgEventTarget } from './pg-event-target.ts';

/** What a subscription listens to: one submission, every submission of a tenant, or every e-report of a tenant. */
export type EventTopic = `submission:${string}` | `tenant:${string}`;
type ReportTopic = `e-reports:${string}`;

export interface EventHub extends Pick<EventSink, 'committed'> {
  /** Committed events of `topic`, from now on, each once, as views; `accept` filters on the ids first. */
  subscribe(topic: EventTopic, accept?: (event: CommittedEvent) => boolean): AsyncIterable<EventView>;
  /** Committed e-report events of tenant `tenantId`, from now on, each once, as views; `accept` filters first. */
  subscribeReports(tenantId: string, accept?: (view: ReportEventView) => boolean): AsyncIterable<ReportEventView>;
  /** Hears of committed e-report events (the e-report event sink, after its commit); the database announces them. */
  reportsCommitted(events: readonly CommittedReportEvent[]): void;
  /** Starts listening for committed events (this instance's and the others'). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The message types the trigger of migration 0027 sends: a committed submission event, a committed e-report event. */
const COMMITTED = 'committed';
const REPORT_COMMITTED = 'e_report_committed';

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
 * Test-only (docs/operations.md): the process kills itself as soon as it is told of a commit, as a crash there
 * would; test/integration/cross-instance-kill.test.ts checks the other instances' subscribers still get the events.
 */
const KILL_AFTER_COMMIT = process.env.PASSERELLE_TEST_KILL_AFTER_COMMIT === '1';

export function createEventHub(database: Database, log: Logger): EventHub {
  let highWater = 0;
  const views = new Map<number, Promise<unknown>>();

  const target = createPgEventTarget(database, {
    log,
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

  /** Replays recent events to this process's subscribers (they drop what they had) after a lost LISTEN connection. */
  async function resync(): Promise<void> {
    try {
      const after = Math.max(0, highWater - RESYNC_LOOKBACK);
      const missed = await eventsAfter(database.db, after, RESYNC_LIMIT);
      const reports = await reportEventsAfter(database.db, after, RESYNC_LIMIT);
      log.info({ count: missed.length + reports.length }, 'LISTEN connection re-established: replaying recent events');
      for (const event of missed) {
        const replayed: Replayed<CommittedEvent> = { ...event, replayed: true };
        for (const topic of topicsOf(event)) target.dispatchLocal(topic, replayed);
      }
      for (const event of reports) target.dispatchLocal(`e-reports:${event.tenantId}`, { ...event, replayed: true });
    } catch (error) {
      log.error({ err: error }, 'resync failed');
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

  // The database announces the events (migration 0027); the committer only keeps its high-water mark.
  const committed = (events: readonly { id: number }[]) => {
    for (const event of events) highWater = Math.max(highWater, event.id);
    if (KILL_AFTER_COMMIT && events.length > 0) process.kill(process.pid, 'SIGKILL');
  };

  return {
    committed,
    reportsCommitted: committed,
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
    },
    async close() {
      await target.close();
    },
  };
}
