/**
 * The default split of a payment over the invoice's VAT rates (a 212 Encaissée must give the cashed
 * amount per VAT rate, DGFiP Annexe 7 G7.45), used by the payment rules (rules.ts) when the SaaS gives
 * no `vat_breakdown`. Pure integer arithmetic (BigInt), no floating point.
 */

/** One VAT rate of an invoice and its weight: the amount including VAT of that rate (BT-116 + BT-117 summed over its categories). */
export interface RateShare {
  /** VAT rate in percent (BT-119); 0 for category O, which has none. */
  percentage: number;
  /** Taxable amount plus VAT at this rate, in any one unit (only the proportions count); never negative for a split. */
  inclusive: number;
}

/** One part of a payment: the amount cashed at one VAT rate, in minor units of the invoice's currency. */
export interface PaymentPart {
  percentage: number;
  amount: number;
}

/**
 * The invoice's VAT rates with their amounts including VAT, one entry per rate (categories sharing a rate,
 * such as E and Z at 0 %, add up), highest rate first. `breakdown` is the EN 16931 VAT breakdown (BG-23).
 */
export function rateShares(breakdown: ReadonlyArray<{ rate: number | undefined; taxableAmount: number; taxAmount: number }>): RateShare[] {
  const byRate = new Map<number, number>();
  for (const entry of breakdown) {
    const rate = entry.rate ?? 0;
    byRate.set(rate, (byRate.get(rate) ?? 0) + entry.taxableAmount + entry.taxAmount);
  }
  return [...byRate.entries()].map(([percentage, inclusive]) => ({ percentage, inclusive })).sort((a, b) => b.percentage - a.percentage);
}

/**
 * Splits `amount` (minor units, > 0) over `shares` in proportion to each rate's amount including VAT, by
 * largest remainder: each rate first gets the integer part of `amount × inclusive / Σ inclusive`, then the
 * units still missing go one each to the rates with the largest remainders (ties: the earlier rate in
 * `shares`, i.e. the higher rate from {@link rateShares}). The parts sum to `amount` exactly; a rate whose
 * part is 0 is left out. Shares with a negative weight count as 0; when no share weighs anything, the whole
 * amount goes to the first rate. Example (docs/api-guide.md, "Payments"): 100.00 EUR over 20 % with
 * 120.00 incl. VAT and 5.5 % with 52.75 incl. VAT gives 69.46 at 20 % and 30.54 at 5.5 %.
 * @throws RangeError when `shares` is empty (an invoice always has a VAT breakdown, BR-CO-18).
 */
export function splitByRate(amount: number, shares: readonly RateShare[]): PaymentPart[] {
  if (shares.length === 0) throw new RangeError('splitByRate needs at least one VAT rate');
  const weights = shares.map((share) => BigInt(Math.max(0, share.inclusive)));
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) return [{ percentage: shares[0]!.percentage, amount }];
  const whole = BigInt(amount);
  const quotients = weights.map((weight) => (whole * weight) / total);
  const remainders = weights.map((weight, i) => whole * weight - quotients[i]! * total);
  let missing = whole - quotients.reduce((a, b) => a + b, 0n);
  const order = remainders
    .map((remainder, i) => ({ remainder, i }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (missing === 0n) break;
    quotients[i]! += 1n;
    missing -= 1n;
  }
  return shares.map((share, i) => ({ percentage: share.percentage, amount: Number(quotients[i]!) })).filter((part) => part.amount !== 0);
}
