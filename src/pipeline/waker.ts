/**
 * What the pipeline's lanes wait on: work to arrive (a wake, or the poll
 * interval), and room among the uncommitted outcomes (backpressure while a
 * batch is written). Every waiting lane shares one promise of each kind.
 */
import { createWaiter } from '../lib/waiter.ts';

const POLL_MS = 1_000;

export interface Waker {
  /** Until woken or `POLL_MS` have passed; returns at once if a wake came while no lane was idle. */
  idle(): Promise<void>;
  /** Ends the current idle wait (or the next one, if no lane is idle). */
  wake(): void;
  /** Until `roomFreed` is called. */
  room(): Promise<void>;
  roomFreed(): void;
  /** Ends every wait: the worker is stopping. */
  stopping(): void;
}

/** Builds the waits of one worker. */
export function createWaker(pollMs = POLL_MS): Waker {
  const work = createWaiter(pollMs);
  let freed: (() => void) | undefined;
  let roomPromise: Promise<void> | undefined;

  return {
    idle: () => work.wait(),
    wake: () => work.wake(),
    room() {
      roomPromise ??= new Promise((resolve) => {
        freed = () => {
          freed = undefined;
          roomPromise = undefined;
          resolve();
        };
      });
      return roomPromise;
    },
    roomFreed() {
      freed?.();
    },
    stopping() {
      work.cancel();
      freed?.();
    },
  };
}
