/**
 * A clock the test drives, for webhook delivery: the retry gate in
 * `deliver.ts` and the 10-second cut in `http-post.ts` read the gateway's clock,
 * so a test moves through hours of retries, or past a cut, without waiting.
 *
 * It starts 30 days in the past. The queue's `startAfter` for a retry is
 * computed from this clock, so pg-boss (which compares with the database's
 * real time) finds every retry due at once, and only the gateway's own check
 * of `next_attempt_at` against this clock decides when the retry goes out.
 */
import type { Clock } from '../../src/lib/clock.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

interface Timer {
  at: number;
  order: number;
  task: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  private timers: Timer[] = [];
  private armed = 0;

  /** `start`: the initial time; default 30 days before the real now. */
  constructor(start: Date = new Date(Date.now() - 30 * DAY)) {
    this.time = start.getTime();
  }

  now(): Date {
    return new Date(this.time);
  }

  setTimeout(task: () => void, delayMs: number): () => void {
    const timer: Timer = { at: this.time + Math.max(0, delayMs), order: this.armed++, task };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Tasks armed and not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /**
   * Moves time forward by `ms`, firing the tasks that fall due on the way, in
   * time order (ties in the order they were armed), each with `now()` at its
   * due time; ends at the old time + `ms`.
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advance needs a duration ≥ 0, got ${ms}`);
    const target = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.task();
    }
    this.time = target;
  }

  /** Moves time forward to `date` (no-op if it is not later than now), firing what falls due. */
  advanceTo(date: Date): void {
    this.advance(Math.max(0, date.getTime() - this.time));
  }
}
