/**
 * The status poller of the AFNOR XP Z12-013 connector (issue 18): brings the PA's lifecycle statuses back as
 * incoming CDAR status flows (round.ts, flow.ts) into the submissions' history (`recordLifecycleStatus`), with
 * the PA's raw label kept in `platform_label`.
 *
 * Rounds run one at a time: every `intervalMs`, on `wake()` (the Flow Service callback said a flow changed) and on
 * `pollNow()`. One gateway instance polls a connection at a time (the lease of inbound-store.ts): on the others a round
 * does nothing, and their `wake()` waits for the holder's next round. A round the PA answered with Retry-After
 * delays the next timed round accordingly (at most ten minutes). An unexpected failure (the database gone) is
 * logged; the next round tries again from the persisted cursor.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../domain/events/types.ts';
import type { FlowClient } from '../afnor/client.ts';
import { type RoundDeps, type RoundState, runRound } from './round.ts';
import { releaseCursor } from './inbound-store.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retries.ts';

export interface StatusPollerOptions {
  db: Db;
  events: EventSink;
  client: FlowClient;
  /** The PA connection's name (PLATFORM and PA_FLOW_URL): the key of its cursor in `platform_cursors`. */
  connection: string;
  log: Logger;
  /** Time between two rounds, in milliseconds. */
  intervalMs: number;
  /** When a flow that keeps failing is set aside (default DEFAULT_RETRY_POLICY: 5 failures over 15 minutes). */
  retryPolicy?: RetryPolicy;
}

export interface StatusPoller {
  /** Runs a round soon (after the one in progress, if any). */
  wake(): void;
  /** Starts the timed rounds (the first one at once). */
  start(): void;
  /** Stops the timer, lets the round in progress end after its current flow, and gives the lease up. */
  stop(): Promise<void>;
  /** one complete round now; resolves when done (tests, callback) */
  pollNow(): Promise<void>;
}

/** Longest wait a PA's Retry-After may impose on the next timed round. */
const MAX_RETRY_AFTER_MS = 600_000;

/**
 * How long the lease lasts without a write, in milliseconds: longer than a round's longest silence (a search or
 * a getFlow, 30 s at most with the Flow client's default timeout) and than the gap between two rounds.
 */
export function leaseMsFor(intervalMs: number): number {
  return Math.max(120_000, 3 * intervalMs);
}

/** Creates the poller; nothing runs before `start` or `pollNow`. */
export function createStatusPoller(options: StatusPollerOptions): StatusPoller {
  const { log } = options;
  const state: RoundState = {};
  let stopping = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  // The rounds, one after the other; `queued`: a round asked for that has not begun (later requests share it).
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let retryAfterMs: number | undefined;
  const deps: RoundDeps = {
    ...options,
    log,
    leaseMs: leaseMsFor(options.intervalMs),
    retryPolicy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
    stopping: () => stopping,
  };

  async function round(): Promise<void> {
    queued = undefined;
    if (stopping) return;
    try {
      const result = await runRound(deps, state);
      retryAfterMs = result.retryAfterMs;
      if (result.recorded > 0) log.debug({ recorded: result.recorded }, 'pa status poller: statuses recorded');
    } catch (error) {
      log.error({ err: error }, 'pa status poller: round failed; the next one retries');
    }
  }

  function pollNow(): Promise<void> {
    if (queued) return queued;
    const next = chain.then(round);
    queued = next;
    chain = next;
    return next;
  }

  function schedule(delayMs: number): void {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      void pollNow().then(() => {
        const delay = Math.max(options.intervalMs, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
        schedule(delay);
      });
    }, delayMs);
  }

  return {
    wake() {
      if (started && !stopping) void pollNow();
    },
    start() {
      if (started || stopping) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
      if (state.stamp) {
        await releaseCursor(options.db, options.connection, state.stamp, deps.leaseMs).catch((error: unknown) =>
          log.warn({ err: error }, 'pa status poller: could not give the lease up; it runs out by itself'),
        );
        state.stamp = undefined;
      }
    },
    pollNow,
  };
}
