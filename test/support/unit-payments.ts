// The VAT rates and payment parts of the payment unit tests (test/unit/payments/*.test.ts), written as pairs.
import type { PaymentPart, RateShare } from '../../src/domain/payments/split.ts';

/** An invoice's rates with their amounts including VAT, from [percentage, inclusive] pairs, in the order given. */
export function shares(...pairs: Array<[percentage: number, inclusive: number]>): RateShare[] {
  return pairs.map(([percentage, inclusive]) => ({ percentage, inclusive }));
}

/** A payment's parts by rate (a `vat_breakdown`, or the split the rules return), from [percentage, amount] pairs. */
export function parts(...pairs: Array<[percentage: number, amount: number]>): PaymentPart[] {
  return pairs.map(([percentage, amount]) => ({ percentage, amount }));
}
