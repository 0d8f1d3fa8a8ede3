/**
 * Exact decimal arithmetic for the EN 16931 mapping. The SaaS sends amounts as
 * integers in the currency's minor unit (ISO 4217 exponent: 2 for EUR, 0 for
 * JPY, 3 for BHD); EN 16931 amounts carry at most two decimals (BR-DEC-*,
 * BR-FR-DEC-01), quantities at most four (BR-FR-DEC-02) and unit prices at
 * most six (BR-FR-DEC-03). Everything here works on integers (cents, i.e.
 * hundredths of the major unit) and BigInt, never on binary floating point.
 */
import currencyCodes from 'currency-codes';

/** Minor-unit digits of an ISO 4217 code (2 when unknown: the 422 rules refuse unknown codes first). */
export function currencyExponent(currency: string): number {
  return currencyCodes.code(currency)?.digits ?? 2;
}

/**
 * An amount in minor units as hundredths of the major unit (the two decimals
 * EN 16931 allows), or `undefined` when it needs a third decimal (a BHD amount
 * not a multiple of 10 fils): such an amount cannot be written (BR-DEC-*).
 */
export function toCents(minor: number, exponent: number): number | undefined {
  if (exponent === 2) return minor;
  if (exponent < 2) return minor * 10 ** (2 - exponent);
  const divisor = 10 ** (exponent - 2);
  return minor % divisor === 0 ? minor / divisor : undefined;
}

/** Hundredths as an XML decimal with two decimals: `-1234` → `"-12.34"`. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A decimal as a scaled integer: `value / 10^scale`. */
export interface Scaled {
  value: bigint;
  scale: number;
}

/**
 * A JSON number as an exact decimal with at most `maxScale` decimals, or
 * `undefined` when it has more (or is not finite). Uses the shortest
 * round-trip text of the number (ECMAScript Number::toString), which is what
 * the client wrote for any value it could write exactly.
 */
export function toScaled(value: number, maxScale: number): Scaled | undefined {
  if (!Number.isFinite(value)) return undefined;
  // Most values are safe integers (amounts, quantities): no text to read.
  if (Number.isSafeInteger(value)) return { value: BigInt(value), scale: 0 };
  if (Math.abs(value) >= 1e21) return undefined;
  // The shortest text, in exponent form below 1e-6 (`1.5e-7`): digits, and where the point goes.
  const [mantissa = '', exponent = '0'] = String(value).replace(/^-/, '').split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  if (scale > maxScale) return undefined;
  const digits = scale < 0 ? `${whole}${fraction}${'0'.repeat(-scale)}` : `${whole}${fraction}`;
  const magnitude = BigInt(digits);
  return { value: value < 0 ? -magnitude : magnitude, scale: Math.max(scale, 0) };
}

/** A scaled decimal as text without trailing zeros: `{ 12340n, 3 }` → `"12.34"`. */
export function formatScaled({ value, scale }: Scaled): string {
  const sign = value < 0n ? '-' : '';
  let digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  if (scale === 0) return `${sign}${digits}`;
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  digits = digits.slice(0, -scale);
  return fraction === '' ? `${sign}${digits}` : `${sign}${digits}.${fraction}`;
}

/**
 * `cents / quantity` as a unit price with at most six decimals (BT-146), or
 * `undefined` when the division is not exact at six decimals.
 */
export function exactUnitPrice(cents: number, quantity: Scaled): Scaled | undefined {
  if (quantity.value === 0n) return undefined;
  // price × 10^6 = cents × 10^4 × 10^scale / quantity.value
  const numerator = BigInt(cents) * 10n ** BigInt(4 + quantity.scale);
  if (numerator % quantity.value !== 0n) return undefined;
  return { value: numerator / quantity.value, scale: 6 };
}

/** Hundredths as a scaled decimal (for prices given in minor units). */
export function centsAsScaled(cents: number): Scaled {
  return { value: BigInt(cents), scale: 2 };
}

/** A VAT rate in percent as EN 16931 writes it (BT-96, BT-119, BT-152): `20`, `5.5`, `2.1`. */
export function formatRate(percentage: number): string {
  const scaled = toScaled(percentage, 2);
  return scaled ? formatScaled(scaled) : String(percentage);
}

/**
 * Splits `total` (integer) over `weights` in proportion, by largest remainder,
 * so the parts are integers that add up to `total` exactly (document-level
 * allowances spread over VAT categories, BG-20 / BG-23).
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || weights.length === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.trunc(x));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.r - a.r);
  const step = Math.sign(rest);
  for (let k = 0; rest !== 0; k = (k + 1) % order.length) {
    parts[order[k]!.i]! += step;
    rest -= step;
  }
  return parts;
}
