/**
 * The B2C transaction category (TT-81, Annexe 7 G1.68) of each part of an invoice, from its billing
 * framework (BT-23) as Annexe 6's sheet "E-REPORTING Correspondance" maps it, and from its VAT
 * categories: B* → TLB1 (goods), S* → TPS1 (services), M* → TLB1 or TPS1 line by line ("les opérateurs
 * doivent distinguer les LB et les PS", same sheet); VAT category O (not subject to French VAT) → TNT1;
 * a VAT margin scheme (exemption reason VATEX-EU-D, -F, -I, -J) → TMA1 (G1.57). transactions.ts calls it.
 */
import { apportion } from '../../einvoice/decimal.ts';
import type { EInvoice, Line, VatBreakdown } from '../../einvoice/model.ts';
import type { ReportFinding } from './findings.ts';
import type { TransactionCategory } from './model.ts';

/** What a line supplies, for a mixed framework. */
export type LineNature = 'goods' | 'services';

/** EN 16931 exemption reasons of the VAT margin schemes: travel agents, second-hand goods, works of art, antiques (CEF VATEX list). */
export const MARGIN_SCHEME_EXEMPTIONS: ReadonlySet<string> = new Set(['VATEX-EU-D', 'VATEX-EU-F', 'VATEX-EU-I', 'VATEX-EU-J']);

/** TT-81 of a framework for a supply of `nature`: the first letter of BT-23 (B, S, M), M decided by the nature. */
export function categoryOfFramework(framework: string, nature: LineNature): 'TLB1' | 'TPS1' {
  const letter = framework.charAt(0);
  if (letter === 'B') return 'TLB1';
  if (letter === 'S') return 'TPS1';
  return nature === 'goods' ? 'TLB1' : 'TPS1';
}

/** One VAT breakdown's share in one category, in cents of the invoice's currency, signed as the invoice reports it. */
export interface CategoryPart {
  category: TransactionCategory;
  /** BT-119 (0 for category O). */
  percent: number;
  taxable: number;
  tax: number;
}

const sameKey = (line: Line, b: VatBreakdown) => line.category === b.category && line.rate === b.rate;

/**
 * Splits an invoice's VAT breakdown (BG-23) into TT-81 categories (module comment). For a mixed framework
 * each breakdown is shared between goods and services in proportion to its lines' net amounts (BT-131) by
 * `natureOf`; a line of unknown nature counts as services, with a `mixed_lines_as_services` finding.
 * Amounts are as in the invoice (positive for a credit note too); totals are kept exactly.
 */
export function categoryParts(
  invoice: Pick<EInvoice, 'number' | 'businessProcess' | 'vatBreakdown' | 'lines'>,
  natureOf: (line: Line) => LineNature | undefined = () => undefined,
): { parts: CategoryPart[]; findings: ReportFinding[] } {
  const parts: CategoryPart[] = [];
  let unknownNature = false;
  for (const b of invoice.vatBreakdown) {
    const percent = b.rate ?? 0;
    const whole = (category: TransactionCategory) => parts.push({ category, percent, taxable: b.taxableAmount, tax: b.taxAmount });
    if (b.category === 'O') whole('TNT1');
    else if (b.exemptionReasonCode && MARGIN_SCHEME_EXEMPTIONS.has(b.exemptionReasonCode)) whole('TMA1');
    else if (!invoice.businessProcess.startsWith('M')) whole(categoryOfFramework(invoice.businessProcess, 'services'));
    else {
      const weights = [0, 0];
      for (const line of invoice.lines.filter((l) => sameKey(l, b))) {
        const nature = natureOf(line);
        if (nature === undefined) unknownNature = true;
        weights[nature === 'goods' ? 0 : 1]! += line.netAmount;
      }
      // Without lines of its own (a document-level charge alone), a breakdown goes to services.
      if (weights[0] === 0) whole('TPS1');
      else if (weights[1] === 0) whole('TLB1');
      else {
        const taxable = apportion(b.taxableAmount, weights);
        const tax = apportion(b.taxAmount, weights);
        parts.push({ category: 'TLB1', percent, taxable: taxable[0]!, tax: tax[0]! });
        parts.push({ category: 'TPS1', percent, taxable: taxable[1]!, tax: tax[1]! });
      }
    }
  }
  const findings: ReportFinding[] = unknownNature
    ? [
        {
          code: 'mixed_lines_as_services',
          rule: 'G1.68',
          term: 'TT-81',
          document: invoice.number,
          message: `Invoice ${invoice.number} has a mixed billing framework (${invoice.businessProcess}) and lines of unknown nature: they are reported as services (TPS1)`,
        },
      ]
    : [];
  return { parts, findings };
}
