/**
 * Document totals (BG-22), document-level allowances and charges (BG-20,
 * BG-21) and the VAT breakdown (BG-23), as EN 16931 computes them, from the
 * mapped lines and the SaaS totals (docs/mapping.md, "Totals"):
 * - BT-106 = Σ BT-131; `subtotal`, when given, must equal it (BR-CO-10).
 * - BT-109 = `total_excl_tax`; the gap BT-106 − BT-109 is a document-level
 *   allowance (a discount) when positive, a charge when negative, spread over
 *   the VAT categories in proportion to their net amounts (BR-CO-13 holds by
 *   construction).
 * - BT-117 per category and rate = Σ the lines' `taxes[].amount` (the tax the
 *   SaaS charged, after discounts), within one unit of BT-116 × rate (BR-CO-17);
 *   BT-110 = `tax_total` = Σ BT-117 (BR-CO-14); BT-112 = `total` = BT-109 +
 *   BT-110 (BR-CO-15).
 * - BT-115 = `amount_due`; BT-113 = `amount_paid`; a gap under one unit
 *   between BT-115 and BT-112 − BT-113 is the rounding amount BT-114, a larger
 *   one is BR-CO-16.
 */
import type { RuleViolation } from '../domain/rules/catalogue.ts';
import { apportion, formatCents, formatRate } from './decimal.ts';
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
  const shares = apportion(
    Math.abs(gap),
    list.map((g) => Math.abs(g.net)),
  );
  const allowanceCharges: AllowanceCharge[] = [];
  const vatBreakdown: VatBreakdown[] = list.map((group, i) => {
    const share = shares[i]!;
    if (gap !== 0 && share !== 0) {
      allowanceCharges.push({ ...group.key, charge: gap < 0, amount: share, reason: gap > 0 ? 'Remise' : 'Frais' });
    }
    const taxableAmount = group.net - (gap > 0 ? share : -share);
    const expected = Math.round((Math.abs(taxableAmount) * (group.key.rate ?? 0)) / 100);
    if (Math.abs(Math.abs(group.tax) - expected) >= (group.key.rate ? UNIT : UNIT / 2)) {
      out.push({
        path: ['lines', group.firstLine, 'taxes', 0, 'amount'],
        rule: 'BR-CO-17',
        message: `VAT ${group.key.category} ${formatRate(group.key.rate ?? 0)} %: the lines' tax ${formatCents(group.tax)} is not ${formatCents(taxableAmount)} × ${formatRate(group.key.rate ?? 0)} % (${formatCents(expected)}) within one unit`,
      });
    }
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
  const rounding = payable - owed;
  if (Math.abs(rounding) >= UNIT) {
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
