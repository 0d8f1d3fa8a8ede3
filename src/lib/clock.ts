/**
 * Time as the gateway sees it. Webhook delivery reads the time and arms its
 * 10-second cut through a clock, so tests control both without real waits.
 */

export interface Clock {
  now(): Date;
  /** Runs `task` after `delayMs`; returns a function that cancels it. */
  setTimeout(task: () => void, delayMs: number): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout(task, delayMs) {
    const timer = setTimeout(task, delayMs);
    return () => clearTimeout(timer);
  },
};
