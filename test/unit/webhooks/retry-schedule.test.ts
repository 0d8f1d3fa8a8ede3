import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISABLE_AFTER_MS, GIVE_UP_AFTER_MS, nextAttemptAt, RETRY_DELAYS_MS, retryDelayMs } from '../../../src/webhooks/retry-schedule.ts';

const s = 1000;
const min = 60 * s;
const h = 60 * min;
const noJitter = () => 0.5;
const t0 = new Date('2026-03-01T08:00:00.000Z');

/** Offsets from t0 of the attempts of a delivery that always fails at once, drawing jitter from `draws` in turn. */
function attemptOffsets(draws: () => number): number[] {
  const offsets = [0];
  for (let failed = 1; ; failed++) {
    const now = new Date(t0.getTime() + offsets[offsets.length - 1]!);
    const next = nextAttemptAt(failed, t0, now, draws);
    if (!next) return offsets;
    offsets.push(next.getTime() - t0.getTime());
  }
}

describe('retry delays', () => {
  it.each([
    [1, 5 * s],
    [2, 5 * min],
    [3, 30 * min],
    [4, 2 * h],
    [5, 5 * h],
    [6, 10 * h],
    [7, 10 * h],
    [8, 10 * h],
    [1000, 10 * h],
  ])('after %i failures, waits %i ms without jitter', (failures, delay) => {
    expect(retryDelayMs(failures, noJitter)).toBe(delay);
  });

  it('lists the six base delays', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h]);
    expect(Object.isFrozen(RETRY_DELAYS_MS)).toBe(true);
  });

  it.each([
    [1, 0, 4.5 * s],
    [1, 1 - Number.EPSILON, 5.5 * s],
    [3, 0, 27 * min],
    [3, 0.75, 31.5 * min],
    [3, 1 - Number.EPSILON, 33 * min],
    [6, 0.25, 9.5 * h],
  ])('after %i failures with random() = %d, waits %i ms', (failures, draw, delay) => {
    expect(retryDelayMs(failures, () => draw)).toBe(delay);
  });

  it('stays within ±10 % of the base delay for any failure count and draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (failures, draw) => {
        const base = RETRY_DELAYS_MS[Math.min(failures, 6) - 1]!;
        const delay = retryDelayMs(failures, () => draw);
        return Number.isInteger(delay) && delay >= 0.9 * base && delay <= 1.1 * base;
      }),
    );
  });

  it('uses Math.random by default, with jitter', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(6)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) expect(Math.abs(delay - 10 * h)).toBeLessThanOrEqual(h);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d failures', (failures) => {
    expect(() => retryDelayMs(failures, noJitter)).toThrow(RangeError);
  });

  it.each([1, -0.1, Number.NaN])('refuses random() = %d', (draw) => {
    expect(() => retryDelayMs(1, () => draw)).toThrow(RangeError);
  });
});

describe('next attempt', () => {
  it('gives up and disables after three days', () => {
    expect(GIVE_UP_AFTER_MS).toBe(72 * h);
    expect(DISABLE_AFTER_MS).toBe(72 * h);
  });

  it('schedules from the failure just recorded, not from the first attempt', () => {
    const now = new Date(t0.getTime() + 3 * h);
    expect(nextAttemptAt(2, t0, now, noJitter)).toEqual(new Date(now.getTime() + 5 * min));
  });

  it.each([
    [72 * h - 10 * h, true],
    [72 * h - 10 * h + 1, false],
  ])('after 6 failures, a retry landing at t0 + (%i ms + 10 h) is scheduled: %s', (offset, scheduled) => {
    const next = nextAttemptAt(6, t0, new Date(t0.getTime() + offset), noJitter);
    expect(next !== undefined).toBe(scheduled);
  });

  it('attempts an always-failing delivery 12 times over about three days, then gives up', () => {
    const offsets = attemptOffsets(noJitter);
    const tail = 5 * s + 5 * min + 30 * min + 2 * h + 5 * h;
    expect(offsets).toEqual([
      0,
      5 * s,
      5 * s + 5 * min,
      5 * s + 5 * min + 30 * min,
      5 * s + 5 * min + 30 * min + 2 * h,
      tail,
      tail + 10 * h,
      tail + 20 * h,
      tail + 30 * h,
      tail + 40 * h,
      tail + 50 * h,
      tail + 60 * h,
    ]);
    const last = offsets[offsets.length - 1]!;
    expect(last).toBe(67 * h + 35 * min + 5 * s);
    expect(last).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(last + 10 * h).toBeGreaterThan(GIVE_UP_AFTER_MS);
  });

  it('makes 11 to 13 attempts within three days whatever the jitter', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1 }), (draws) => {
        let i = 0;
        const offsets = attemptOffsets(() => draws[i++ % draws.length]!);
        const last = offsets[offsets.length - 1]!;
        return offsets.length >= 11 && offsets.length <= 13 && last <= GIVE_UP_AFTER_MS;
      }),
    );
    expect(attemptOffsets(() => 0)).toHaveLength(13);
    expect(attemptOffsets(() => 1 - Number.EPSILON)).toHaveLength(11);
  });

  it('refuses an invalid date', () => {
    expect(() => nextAttemptAt(1, new Date(Number.NaN), t0, noJitter)).toThrow(RangeError);
  });
});
