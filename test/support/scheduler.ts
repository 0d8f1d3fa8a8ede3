/**
 * A scheduler the test drives: tasks wait until the test runs them, so the
 * simulated platform's script plays without real sleeps.
 */
/** When delayed work runs: the simulated platform takes one so tests can drive its script instead of sleeping. */
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

export class ManualScheduler implements Scheduler {
  private readonly queue: Array<{ task: () => Promise<void> | void; cancelled: boolean }> = [];

  after(_delayMs: number, task: () => Promise<void> | void): () => void {
    const entry = { task, cancelled: false };
    this.queue.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }

  /** Tasks waiting to run. */
  get pending(): number {
    return this.queue.filter((entry) => !entry.cancelled).length;
  }

  /** Runs the oldest waiting task to completion; false when none was waiting. */
  async runNext(): Promise<boolean> {
    for (let entry = this.queue.shift(); entry; entry = this.queue.shift()) {
      if (entry.cancelled) continue;
      await entry.task();
      return true;
    }
    return false;
  }

  /**
   * Runs tasks, including those they schedule, until none is left and none
   * appears for `quietChecks` checks `settleMs` apart: a hand-over schedules
   * its first step only after a database lookup, later on a loaded machine.
   */
  async runAll(settleMs = 50, quietChecks = 4): Promise<number> {
    let ran = 0;
    for (let quiet = 0; quiet < quietChecks; ) {
      if (await this.runNext()) {
        ran++;
        quiet = 0;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      quiet = this.pending === 0 ? quiet + 1 : 0;
    }
    return ran;
  }
}
