// Exact decimals from JSON numbers (src/einvoice/decimal.ts): what the client wrote, never a binary approximation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled, toScaled } from '../../../src/einvoice/decimal.ts';

describe('toScaled', () => {
  it.each([
    [0, 2, { value: 0n, scale: 0 }],
    [-0, 2, { value: 0n, scale: 0 }],
    [12, 0, { value: 12n, scale: 0 }],
    [-4500, 2, { value: -4500n, scale: 0 }],
    [Number.MAX_SAFE_INTEGER, 0, { value: 9007199254740991n, scale: 0 }],
    [12.5, 2, { value: 125n, scale: 1 }],
    [-0.05, 2, { value: -5n, scale: 2 }],
    [0.1, 4, { value: 1n, scale: 1 }],
    [1e-7, 7, { value: 1n, scale: 7 }],
    [1e21, 0, undefined],
    [0.125, 2, undefined],
    [1e-7, 6, undefined],
    [Number.NaN, 2, undefined],
    [Number.POSITIVE_INFINITY, 2, undefined],
  ])('%s with at most %s decimals is %o', (value, maxScale, expected) => {
    expect(toScaled(value, maxScale)).toEqual(expected);
  });

  it('reads back as the same number whenever it answers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true }),
          fc.integer(),
          fc.integer().map((n) => n / 100),
        ),
        (value) => {
          const scaled = toScaled(value, 20);
          if (scaled === undefined) return;
          expect(Number(formatScaled(scaled))).toBe(value === 0 ? 0 : value);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
