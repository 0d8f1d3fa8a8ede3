// The default split of a payment over the invoice's VAT rates (src/domain/payments/split.ts): table-driven
// cases, the documented example, and properties (exact sum, proportionality within one unit) over random data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RateShare, rateShares, splitByRate } from '../../../src/domain/payments/split.ts';
import { shares } from '../../support/unit-payments.ts';

describe('rateShares', () => {
  it('adds categories sharing a rate and orders the rates highest first', () => {
    expect(
      rateShares([
        { rate: 5.5, taxableAmount: 5000, taxAmount: 275 },
        { rate: 0, taxableAmount: 300, taxAmount: 0 },
        { rate: 20, taxableAmount: 10000, taxAmount: 2000 },
        { rate: undefined, taxableAmount: 200, taxAmount: 0 },
      ]),
    ).toEqual(shares([20, 12000], [5.5, 5275], [0, 500]));
  });
});

describe('splitByRate', () => {
  const twoRates = shares([20, 12000], [5.5, 5275]);
  it.each<[string, number, RateShare[], Array<[number, number]>]>([
    ['one rate takes it all', 4999, shares([20, 12000]), [[20, 4999]]],
    [
      'the documented example (docs/api-guide.md)',
      10000,
      twoRates,
      [
        [20, 6946],
        [5.5, 3054],
      ],
    ],
    [
      'the whole invoice',
      17275,
      twoRates,
      [
        [20, 12000],
        [5.5, 5275],
      ],
    ],
    ['one unit goes to the larger remainder', 1, twoRates, [[20, 1]]],
    ['equal remainders: the earlier (higher) rate', 1, shares([20, 100], [10, 100]), [[20, 1]]],
    [
      'three equal rates, two units',
      2,
      shares([20, 1], [10, 1], [5.5, 1]),
      [
        [20, 1],
        [10, 1],
      ],
    ],
    ['a rate weighing nothing gets nothing', 500, shares([20, 0], [10, 1100]), [[10, 500]]],
    ['a negative weight (allowance above its lines) counts as nothing', 500, shares([20, -50], [10, 1100]), [[10, 500]]],
    ['no weight at all: the first rate', 700, shares([20, 0], [10, 0]), [[20, 700]]],
    [
      'exact beyond 2^53 products',
      9_007_199_254_740_991,
      shares([20, 3], [10, 1]),
      [
        [20, 6_755_399_441_055_743],
        [10, 2_251_799_813_685_248],
      ],
    ],
  ])('%s', (_, amount, shares, expected) => {
    expect(splitByRate(amount, shares).map((part) => [part.percentage, part.amount])).toEqual(expected);
  });

  it('refuses an invoice without a VAT rate', () => {
    expect(() => splitByRate(100, [])).toThrow(RangeError);
  });

  const randomShares = fc
    .uniqueArray(fc.constantFrom(20, 10, 5.5, 2.1, 0, 8.5, 13), { minLength: 1, maxLength: 5 })
    .chain((rates) =>
      fc.tuple(...rates.map((percentage) => fc.integer({ min: 0, max: 10_000_000 }).map((inclusive) => ({ percentage, inclusive })))),
    );

  it('the parts add up to the amount exactly, each within one unit of its exact share, none zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), randomShares, (amount, rates) => {
        const parts = splitByRate(amount, rates);
        expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(amount);
        const total = rates.reduce((sum, rate) => sum + rate.inclusive, 0);
        for (const part of parts) {
          expect(part.amount).toBeGreaterThan(0);
          if (total === 0) continue;
          const exact = (amount * rates.find((rate) => rate.percentage === part.percentage)!.inclusive) / total;
          expect(Math.abs(part.amount - exact)).toBeLessThan(1 + 1e-6);
        }
      }),
    );
  });
});
