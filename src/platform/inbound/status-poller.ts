/**
 * The status poller of the AFNOR XP Z12-013 connector: brings the PA's lifecycle statuses back as
 * incoming CDAR status flows (round.ts, flow.ts) into the submissions' history (`recordLifecycleStatus`), with
 * the PA's raw label kept in `platform_label`.
 *
 * Rounds run one at a time: every `intervalMs`, on `wake()` (the Flow Service callback said a flow changed) and on
 * `pollNow()`. One gateway instance polls a connection at a time (the named lease `<connection>#in` of
 * src/platform/leases.ts, renewed while this process lives, free PA_LEASE_MS after it died; the cursor's stamp of
 * inbound-store.ts stays the fence of every cursor move): on the others a round does nothing, and their `wake()`
 * waits for the holder's next round. A round the PA answered with Retry-After
 * delays the next timed round accordingly (at most ten minutes). An unexpected failure (the database gone) is
 * logged; the next round tries again from the persisted cursor.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../domain/events/types.ts';
import type { FlowClient } from '../afnor/client.ts';
import { type RoundDeps, type RoundState, runRound } from './round.ts';
import { releaseCursor } from './inbound-store.ts';
import { DEFAULT_LEASE_MS } from '../../db/row-leases.ts';
import { createNamedLease } from '../leases.ts';
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
  /** Staleness window of the poller's lease, in milliseconds (PA_LEASE_MS; default DEFAULT_LEASE_MS of leases.ts). */
  leaseMs?: number;
  /** This connector's id in `platform_leases.holder` (default: a random id per lease). */
  leaseHolder?: string;
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
 * The cursor's own lease in rounds (inbound-store.ts), in milliseconds: none. Who polls is decided by the named lease,
 * renewed in the background through a round's longest silence; its holder takes the cursor over at once, and the
 * cursor's stamp still fences an instance that lost the named lease (stalled) out of moving the cursor.
 */
const CURSOR_LEASE_MS = 0;

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
  const lease = createNamedLease(options.db, `${options.connection}#in`, options.leaseMs ?? DEFAULT_LEASE_MS, options.leaseHolder);
  const deps: RoundDeps = {
    ...options,
    log,
    leaseMs: CURSOR_LEASE_MS,
    retryPolicy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
    stopping: () => stopping,
  };

  async function round(): Promise<void> {
    queued = undefined;
    if (stopping) return;
    try {
      if (!(await lease.acquire())) {
        state.stamp = undefined;
        log.debug('pa status poller: another instance holds the lease');
        return;
      }
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
      await lease.release().catch(() => {});
    },
    pollNow,
  };
}
