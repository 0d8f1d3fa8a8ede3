/**
 * When delayed work runs. The simulated platform takes a scheduler so tests
 * can drive its script step by step instead of sleeping.
 */

export interface Scheduler {
  /** Runs `task` after `delayMs`; returns a function that cancels it. */
  after(delayMs: number, task: () => Promise<void> | void): () => void;
}

/** Real timers. */
export const realTimers: Scheduler = {
  after(delayMs, task) {
    const timer = setTimeout(() => void task(), delayMs);
    return () => clearTimeout(timer);
  },
};
