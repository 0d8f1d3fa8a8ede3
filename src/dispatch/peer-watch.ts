/**
 * Watches the other gateway instances on one PostgreSQL database (the hub, hub.ts, on PostgreSQL only): each
 * instance keeps one LISTEN connection; when one of them ends (the instance stopped or was killed), `onPeerGone`
 * runs, so the hub replays recent events from the table. An instance killed between its commit and its NOTIFY
 * thus loses no event for the subscribers of the others; they drop what they already had.
 * Runs once at once and once more a little later: a COMMIT the dead instance had sent may finish after its LISTEN
 * connection is gone. docs/operations.md.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { EVENTS_CHANNEL } from './pg-event-target.ts';

/** Between two looks at the instances' LISTEN connections, in milliseconds: how late a killed peer's events come. */
const WATCH_INTERVAL_MS = 1000;
/** The second replay after a peer's end: later than any COMMIT it had in flight. */
const SECOND_REPLAY_MS = 1500;

// postgres.js's LISTEN connection's last statement is its `listen "channel"` (whatever its application_name).
const LISTENERS = `SELECT pid FROM pg_stat_activity
  WHERE datname = current_database() AND backend_type = 'client backend' AND query ILIKE $1`;

/** Starts watching; returns the stop function. Never throws: a failed look is logged and tried again. */
export function watchPeers(database: Database, options: { log: Logger; onPeerGone: () => void; intervalMs?: number }): () => Promise<void> {
  let known: Set<number> | undefined;
  let stopped = false;
  let looking: Promise<void> | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function look(): Promise<void> {
    try {
      const { rows } = await database.executeSql(LISTENERS, [`listen %${EVENTS_CHANNEL}%`]);
      const now = new Set<number>(rows.map((row: { pid: number }) => Number(row.pid)));
      const gone = known ? [...known].filter((pid) => !now.has(pid)) : [];
      known = now;
      if (gone.length > 0 && !stopped) {
        options.log.info({ pids: gone }, 'a LISTEN connection ended (an instance stopped, or lost its connection)');
        options.onPeerGone();
        later(SECOND_REPLAY_MS, () => stopped || options.onPeerGone());
      }
    } catch (error) {
      if (!stopped) options.log.warn({ err: error }, 'looking at the other instances failed');
    }
  }

  const tick = () => {
    if (stopped) return;
    looking = look().finally(() => later(options.intervalMs ?? WATCH_INTERVAL_MS, tick));
  };
  tick();
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await looking;
  };
}
