/**
 * Document totals (BG-22), document-level allowances and charges (BG-20,
 * BG-21) and the VAT breakdown (BG-23), as EN 16931 computes them, from the
 * mapped lines and the SaaS totals (docs/mapping.md, "Totals"):
 * - BT-106 = Σ BT-131; `subtotal`, when given, must equal it (BR-CO-10).
 * - BT-109 = `total_excl_tax`; the gap BT-106 − BT-109 (a discount when
 *   positive, a fee when negative) is spread over the VAT categories in
 *   proportion to their signed net amounts; each share is a document-level
 *   allowance (BG-20) when it lowers the category's base, a charge (BG-21)
 *   when it raises it (BR-CO-13 holds by construction).
 * - BT-117 per category and rate = Σ the lines' `taxes[].amount` (the tax the
 *   SaaS charged, after discounts), within one unit of BT-116 × rate (BR-CO-17),
 *   exactly 0 at a zero rate (BR-x-09);
 *   BT-110 = `tax_total` = Σ BT-117 (BR-CO-14); BT-112 = `total` = BT-109 +
 *   BT-110 (BR-CO-15).
 * - BT-115 = `amount_due`; BT-113 = `amount_paid`; a gap under one unit
 *   between BT-115 and BT-112 − BT-113 is the rounding amount BT-114, a larger
 *   one is BR-CO-16.
 */
import type { RuleId, RuleViolation } from '../model/rule-catalogue.ts';
import { apportion, formatCents, formatRate, toScaled } from './decimal.ts';
import type { MappedLine } from './lines.ts';
import type { AllowanceCharge, Totals, VatBreakdown, VatKey } from './model.ts';
import { EXEMPTION } from './vat.ts';

/** SaaS totals already in cents (undefined when absent or not representable). */
export interface SaasTotals {
  subtotal?: number | undefined;
  totalExclTax: number;
  taxTotal: number;
  total: number;
  amountPaid?: number | undefined;
  amountDue?: number | undefined;
  taxTotalEur?: number | undefined;
}

/** What totals.ts computes. */
export interface ComputedTotals {
  allowanceCharges: AllowanceCharge[];
  vatBreakdown: VatBreakdown[];
  totals: Totals;
}

const UNIT = 100; // one major unit in cents: EN 16931's tolerance for BR-CO-17, ours for a rounding amount

function keyOf(key: VatKey): string {
  return `${key.category}/${key.rate ?? ''}`;
}

/**
 * |taxable| × rate / 100 in cents, rounded half up, exactly (the official
 * schematron computes it in xs:decimal: a binary float product such as
 * 12345 × 2.1 could land on the other side of a half cent).
 */
export function expectedTax(taxableAmount: number, rate: number): number {
  const scaled = toScaled(rate, 6);
  // A rate or amount no rule accepted (NaN, 7 decimals): only a draft gets here, any number will do.
  if (!scaled || !Number.isSafeInteger(taxableAmount)) return Math.round((Math.abs(taxableAmount) * rate) / 100);
  const numerator = BigInt(Math.abs(taxableAmount)) * scaled.value;
  const denominator = 100n * 10n ** BigInt(scaled.scale);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * Why a VAT group's tax (BT-117) does not fit its taxable amount (BT-116), or
 * undefined when it fits, as the official schematrons test it:
 * - a positive rate: |BT-117| strictly within one unit of |BT-116| × rate,
 *   rounded to the cent (BR-CO-17, BR-S-09; the UBL test is strict, CII's is not);
 * - a zero rate, or category O without rate: BT-117 exactly 0 (BR-Z-09,
 *   BR-E-09, BR-AE-09, BR-IC-09, BR-G-09, BR-O-09, stricter than BR-CO-17's
 *   rounding to a whole unit; a 0 % S line is BR-S-05's, reported on its rate).
 */
function taxProblem(key: VatKey, taxableAmount: number, tax: number): { rule: RuleId; message: string } | undefined {
  const rate = key.rate ?? 0;
  const label = `VAT ${key.category} ${key.rate === undefined ? '(no rate)' : `${formatRate(rate)} %`}`;
  if (rate === 0) {
    if (tax === 0) return undefined;
    const message = `${label}: the lines' tax ${formatCents(tax)} is not 0`;
    return { rule: ZERO_TAX_RULE[key.category] ?? 'BR-CO-17', message };
  }
  const expected = expectedTax(taxableAmount, rate);
  if (Math.abs(Math.abs(tax) - expected) < UNIT) return undefined;
  const message = `${label}: the lines' tax ${formatCents(tax)} is not ${formatCents(taxableAmount)} × ${formatRate(rate)} % (${formatCents(expected)}) within one unit`;
  return { rule: 'BR-CO-17', message };
}

/** The EN 16931 rule that a zero-rate category's tax is exactly 0, by category (BT-151). */
const ZERO_TAX_RULE: Readonly<Record<string, RuleId>> = {
  Z: 'BR-Z-09',
  E: 'BR-E-09',
  AE: 'BR-AE-09',
  K: 'BR-IC-09',
  G: 'BR-G-09',
  O: 'BR-O-09',
};

/**
 * The document-level gap BT-106 − BT-109 (cents, signed) spread over the VAT
 * groups in proportion to their signed net amounts (Σ = BT-106), by largest
 * remainder: what a discount of a percentage of the whole document takes off
 * each group, and so the base on which the SaaS computed each line's tax. A
 * group with a negative net (proration credits) gets a share of the other
 * sign. When BT-106 is 0 the gap is spread by the groups' absolute nets.
 */
function shareGap(gap: number, nets: readonly number[], lineTotal: number): number[] {
  // Amounts are whole minor units (the structural check); anything else would never settle in apportion.
  if (gap === 0 || ![gap, ...nets].every(Number.isSafeInteger)) return nets.map(() => 0);
  // Each exact share is gap × net / BT-106, whatever the signs; apportion rounds them to whole cents summing to the gap.
  return apportion(gap, lineTotal === 0 ? nets.map(Math.abs) : nets);
}

/** Computes BG-20/21, BG-22 and BG-23; pushes BR-CO-10/14/15/16/17 violations to `out`. */
export function computeTotals(lines: readonly MappedLine[], saas: SaasTotals, out: RuleViolation[]): ComputedTotals {
  const groups = new Map<string, { key: VatKey; net: number; tax: number; firstLine: number }>();
  lines.forEach(({ line, taxCents }, index) => {
    const id = keyOf(line);
    const group = groups.get(id) ?? { key: { category: line.category, rate: line.rate }, net: 0, tax: 0, firstLine: index };
    group.net += line.netAmount;
    group.tax += taxCents;
    groups.set(id, group);
  });
  const lineTotal = lines.reduce((sum, { line }) => sum + line.netAmount, 0);
  if (saas.subtotal !== undefined && saas.subtotal !== lineTotal) {
    out.push({
      path: ['subtotal'],
      rule: 'BR-CO-10',
      message: `subtotal ${formatCents(saas.subtotal)} is not the sum of the line amounts (BT-106 = ${formatCents(lineTotal)})`,
    });
  }
  const list = [...groups.values()];
  const gap = lineTotal - saas.totalExclTax;
  const shares = shareGap(
    gap,
    list.map((g) => g.net),
    lineTotal,
  );
  const allowanceCharges: AllowanceCharge[] = [];
  const vatBreakdown: VatBreakdown[] = list.map((group, i) => {
    // A positive share lowers the group's base (an allowance), a negative one raises it (a charge).
    const share = shares[i]!;
    if (share !== 0) {
      allowanceCharges.push({ ...group.key, charge: share < 0, amount: Math.abs(share), reason: gap > 0 ? 'Remise' : 'Frais' });
    }
    const taxableAmount = group.net - share;
    const problem = taxProblem(group.key, taxableAmount, group.tax);
    if (problem) out.push({ path: ['lines', group.firstLine, 'taxes', 0, 'amount'], ...problem });
    const exemption = EXEMPTION[group.key.category];
    return { ...group.key, taxableAmount, taxAmount: group.tax, exemptionReason: exemption?.text, exemptionReasonCode: exemption?.code };
  });
  const taxTotal = list.reduce((sum, g) => sum + g.tax, 0);
  if (saas.taxTotal !== taxTotal) {
    out.push({
      path: ['tax_total'],
      rule: 'BR-CO-14',
      message: `tax_total ${formatCents(saas.taxTotal)} is not the sum of the lines' taxes (${formatCents(taxTotal)})`,
    });
  }
  if (saas.total !== saas.totalExclTax + saas.taxTotal) {
    out.push({
      path: ['total'],
      rule: 'BR-CO-15',
      message: `total ${formatCents(saas.total)} is not total_excl_tax + tax_total (${formatCents(saas.totalExclTax + saas.taxTotal)})`,
    });
  }
  const prepaid = saas.amountPaid ?? 0;
  const owed = saas.total - prepaid;
  const payable = saas.amountDue ?? owed;
  const gapDue = payable - owed;
  // Only a gap under one unit is a rounding (BT-114); a larger one is left for BR-CO-16 to refuse, not absorbed.
  const rounding = Math.abs(gapDue) < UNIT ? gapDue : 0;
  if (rounding !== gapDue) {
    out.push({
      path: ['amount_due'],
      rule: 'BR-CO-16',
      message: `amount_due ${formatCents(payable)} is not total − amount_paid (${formatCents(owed)}), even allowing a rounding under one unit`,
    });
  }
  const allowanceTotal = allowanceCharges.filter((a) => !a.charge).reduce((s, a) => s + a.amount, 0);
  const chargeTotal = allowanceCharges.filter((a) => a.charge).reduce((s, a) => s + a.amount, 0);
  return {
    allowanceCharges,
    vatBreakdown,
    totals: {
      lineTotal,
      allowanceTotal,
      chargeTotal,
      taxExclusive: saas.totalExclTax,
      taxTotal: saas.taxTotal,
      taxTotalEur: saas.taxTotalEur,
      taxInclusive: saas.total,
      prepaid,
      rounding,
      payable,
    },
  };
}
