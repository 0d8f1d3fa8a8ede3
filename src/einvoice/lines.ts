/**
 * SaaS lines → EN 16931 invoice lines (BG-25), with the rules a line alone
 * decides (docs/mapping.md, "Lines"):
 * - BT-131 net amount = `amount`; BT-146 net price = |amount| / |quantity|
 *   when exact at six decimals (so a sub-cent price the SaaS rounded keeps
 *   quantity × price = amount), else |unit_amount|; BT-129 quantity carries
 *   the sign of `amount`, so the price is never negative (BR-27) and a
 *   proration credit is a negative quantity.
 * - BT-151/BT-152 from the line's one tax (`category` given or inferred, see
 *   vat.ts); a line without tax is taken at 0 %.
 * Violations carry JSON pointers into the body (`['lines', i, ...]`).
 */
import type { InvoiceLine, Tax } from '../model/documents.ts';
import type { RuleViolation } from '../model/rule-catalogue.ts';
import { centsAsScaled, exactUnitPrice, formatRate, toCents, toScaled } from './decimal.ts';
import type { Line } from './model.ts';
import { type BuyerContext, FRENCH_VAT_RATES, vatCategoryOf, ZERO_RATE_RULE } from './vat.ts';

/** A mapped line and the cents of its tax (the SaaS's `taxes[0].amount`). */
export interface MappedLine {
  line: Line;
  taxCents: number;
  /** The line's index in the body's `lines`. */
  index: number;
}

type SaasLine = Pick<InvoiceLine, 'id' | 'description' | 'quantity' | 'unit_amount' | 'amount' | 'taxes'> & { [extra: string]: unknown };

/** The optional `category` (BT-151) the gateway accepts on a tax. */
function givenCategory(tax: Tax | undefined): string | undefined {
  const value = tax?.['category'];
  return typeof value === 'string' ? value : undefined;
}

function violation(path: Array<string | number>, rule: RuleViolation['rule'], message: string): RuleViolation {
  return { path, rule, message };
}

/**
 * Maps line `index` of a document in a currency of `exponent` minor digits.
 * Pushes every violation found to `out`; returns the line whenever it can be
 * written (quantity, amounts representable and the category known), even if
 * it breaks a rule, else undefined.
 */
export function mapLine(
  source: SaasLine,
  index: number,
  exponent: number,
  buyer: BuyerContext | undefined,
  out: RuleViolation[],
): MappedLine | undefined {
  const at = (...rest: Array<string | number>) => ['lines', index, ...rest];
  if (source.id.trim() === '') out.push(violation(at('id'), 'BR-21', 'The line identifier (BT-126) is empty'));
  if (source.description.trim() === '') out.push(violation(at('description'), 'BR-25', 'The item name (BT-153) is empty'));
  const quantity = toScaled(source.quantity, 4);
  if (!quantity) out.push(violation(at('quantity'), 'BR-FR-DEC-02', `Quantity ${source.quantity} has more than 4 decimals (BT-129)`));
  const net = toCents(source.amount, exponent);
  if (net === undefined) out.push(violation(at('amount'), 'BR-FR-DEC-01', `Amount ${source.amount} needs more than 2 decimals (BT-131)`));
  const tax = source.taxes[0];
  const taxCents = tax ? toCents(tax.amount, exponent) : 0;
  if (taxCents === undefined)
    out.push(violation(at('taxes', 0, 'amount'), 'BR-FR-DEC-01', `Tax amount ${tax!.amount} needs more than 2 decimals`));
  const percentage = tax?.percentage ?? 0;
  const category = vatCategoryOf(givenCategory(tax), percentage, buyer);
  if (!category) {
    out.push(
      violation(
        at('taxes', 0, 'category'),
        'BR-FR-15',
        `VAT category ${JSON.stringify(givenCategory(tax))} is not one of S, Z, E, AE, K, G, O`,
      ),
    );
  } else {
    checkRate(category, percentage, at('taxes', 0, 'percentage'), out);
  }
  // A rule broken here (an empty name, a rate outside the French list) still leaves a line that can be written.
  if (!quantity || net === undefined || taxCents === undefined || !category) return undefined;

  const signed =
    net < 0
      ? { value: -abs(quantity.value), scale: quantity.scale }
      : net > 0
        ? { value: abs(quantity.value), scale: quantity.scale }
        : quantity;
  const unitCents = toCents(Math.abs(source.unit_amount), exponent);
  const price =
    exactUnitPrice(Math.abs(net), { value: abs(quantity.value), scale: quantity.scale }) ??
    (unitCents !== undefined ? centsAsScaled(unitCents) : (toScaled(Math.abs(source.unit_amount) / 10 ** exponent, 6) ?? centsAsScaled(0)));
  return {
    line: {
      id: source.id,
      quantity: signed,
      unitCode: 'C62',
      netAmount: net,
      price,
      name: source.description,
      category,
      rate: category === 'O' ? undefined : percentage,
    },
    taxCents,
    index,
  };
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** BR-FR-16 (French rate list), BR-S-05 (S above 0 %), BR-x-05 (Z, E, AE, K, G at 0 %), BR-O-05 (O without rate). */
function checkRate(category: Line['category'], percentage: number, path: Array<string | number>, out: RuleViolation[]): void {
  if (!FRENCH_VAT_RATES.has(percentage)) {
    out.push(violation(path, 'BR-FR-16', `VAT rate ${formatRate(percentage)} % is not a French rate (BT-152)`));
    return;
  }
  if (category === 'S' && percentage === 0) out.push(violation(path, 'BR-S-05', 'VAT category S needs a rate above 0 %'));
  else if (category === 'O' && percentage !== 0) out.push(violation(path, 'BR-O-05', 'VAT category O (not subject to VAT) takes no rate'));
  else if (category !== 'S' && category !== 'O' && percentage !== 0) {
    out.push(violation(path, ZERO_RATE_RULE[category], `VAT category ${category} needs a 0 % rate`));
  }
}
