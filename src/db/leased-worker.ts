/**
 * The start and stop of a worker whose claimed rows a RowKeeper keeps leased (row-leases.ts), written once for the
 * pipeline (src/pipeline/worker.ts) and the PA senders (src/platform/outbound/: invoices, 212s, e-reports): start
 * once, the keeper before the loops; stop in order: loops told, loops ended, work in flight drained, the keeper
 * stopped, then what is left given back.
 */
import type { RowKeeper } from './row-leases.ts';

/** What a leased worker runs at its start and stop, in the order `leasedWorker` calls them. */
interface LeasedWorkerParts {
  /** Starts the loops (after the keeper); they go on while `running()`. */
  run(): Promise<unknown>;
  /** Wakes the loops' waits once `running()` turned false, so they end. */
  interrupt(): void;
  /** What to wait for once the loops ended, before the keeper stops (a claim, commits or callbacks in flight). */
  drain?(): Promise<unknown>;
  /** Gives back what is left once the keeper stopped (claimed rows not started, named leases). */
  release?(): Promise<unknown>;
}

/** A worker's running flag with its start and stop. */
export interface LeasedWorker {
  running(): boolean;
  /** Starts the keeper and the loops; a second call does nothing. */
  start(): void;
  /** Stops the loops, waits for the work in hand, stops the keeper and gives back the rest. */
  stop(): Promise<void>;
}

/** The start and stop of a worker around `keeper` (see the module comment). */
export function leasedWorker(keeper: RowKeeper, parts: LeasedWorkerParts): LeasedWorker {
  let running = false;
  let loops: Promise<unknown> | undefined;
  return {
    running: () => running,
    start() {
      if (running) return;
      running = true;
      keeper.start();
      loops = parts.run();
    },
    async stop() {
      running = false;
      parts.interrupt();
      await loops;
      await parts.drain?.();
      keeper.stop();
      await parts.release?.();
    },
  };
}
