/**
 * 10.3 B2C transaction data (DSE v3.2 §3.7.5; Annexe 6 TG-31): the B2C invoices and credit notes of one
 * declarant and period, aggregated per day × currency × category (TT-81) with the totals excluding VAT
 * and the VAT per rate. Each document's figures are its e-invoice's (BG-23 of the EN 16931 model that
 * src/einvoice/ builds), so what is reported is what was invoiced. The report builder calls it.
 *
 * - The day (TT-77) is the document's issue date (BT-2, a Paris date).
 * - A credit note reduces its day's figures: its amounts are subtracted, and an entry may be negative
 *   (the flux 10 amounts allow a sign, Annexe 7 G1.14).
 * - TT-83 is in euros (G6.23): the VAT for a euro entry, else the documents' BT-111 (VAT total in euros)
 *   shared over their rates in proportion to the VAT in the invoice's currency. TT-88 stays in TT-78's
 *   currency, as BT-117 is.
 * - TT-85 counts the invoices in the entry; credit notes reduce amounts, not the count.
 * - TT-80 is UNTDID 2475 `5` (date of invoice) on services (TPS1) of a seller taxed on debits (G1.67).
 */
import { apportion } from '../../einvoice/decimal.ts';
import type { EInvoice, Line } from '../../einvoice/model.ts';
import { categoryParts, type LineNature } from './categories.ts';
import type { ReportFinding } from './findings.ts';
import type { TransactionCategory, TransactionsEntry } from './model.ts';

/** TT-80 / TT-24 for a seller that opted for VAT on debits: UNTDID 2475 "date of invoice" (the code CII uses for BT-8, Annexe 7 G1.43). */
export const DEBITS_TAX_POINT_CODE = '5';

/** How the declarant's documents are aggregated. */
export interface B2cOptions {
  /** The seller opted for VAT on debits (its `vat_on_debits`). */
  vatOnDebits: boolean;
  /** The nature of a line of a mixed invoice (BT-23 M*), when known. */
  natureOf?: ((line: Line) => LineNature | undefined) | undefined;
}

interface Accumulator {
  entry: TransactionsEntry;
  byRate: Map<number, { taxable: number; tax: number }>;
  documents: Set<EInvoice>;
}

const CATEGORY_ORDER: readonly TransactionCategory[] = ['TLB1', 'TPS1', 'TNT1', 'TMA1'];

/**
 * Aggregates B2C invoices and credit notes (their EN 16931 documents) into 10.3 entries, sorted by day,
 * currency and category, rates ascending; with the findings met on the way (categories.ts). Pure.
 */
export function aggregateB2c(
  documents: readonly EInvoice[],
  options: B2cOptions,
): { entries: TransactionsEntry[]; findings: ReportFinding[] } {
  const byKey = new Map<string, Accumulator>();
  const findings: ReportFinding[] = [];
  for (const document of documents) {
    const split = categoryParts(document, options.natureOf);
    findings.push(...split.findings);
    const sign = document.kind === 'credit_note' ? -1 : 1;
    const taxEur =
      document.currency === 'EUR'
        ? split.parts.map((p) => p.tax)
        : apportion(
            document.totals.taxTotalEur ?? 0,
            split.parts.map((p) => p.tax),
          );
    split.parts.forEach((part, i) => {
      const key = `${document.issueDate}|${document.currency}|${part.category}`;
      let acc = byKey.get(key);
      if (!acc) {
        const entry: TransactionsEntry = {
          date: document.issueDate,
          currency: document.currency,
          taxDueDateTypeCode: options.vatOnDebits && part.category === 'TPS1' ? DEBITS_TAX_POINT_CODE : undefined,
          category: part.category,
          taxExclusiveAmount: 0,
          taxTotalEur: 0,
          count: 0,
          subtotals: [],
        };
        acc = { entry, byRate: new Map(), documents: new Set() };
        byKey.set(key, acc);
      }
      acc.entry.taxExclusiveAmount += sign * part.taxable;
      acc.entry.taxTotalEur += sign * taxEur[i]!;
      const rate = acc.byRate.get(part.percent) ?? { taxable: 0, tax: 0 };
      rate.taxable += sign * part.taxable;
      rate.tax += sign * part.tax;
      acc.byRate.set(part.percent, rate);
      if (document.kind === 'invoice') acc.documents.add(document);
    });
  }
  const entries = [...byKey.values()].map(({ entry, byRate, documents: counted }) => ({
    ...entry,
    count: counted.size,
    subtotals: [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([percent, { taxable, tax }]) => ({ percent, taxableAmount: taxable, taxTotal: tax })),
  }));
  entries.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.currency.localeCompare(b.currency) ||
      CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category),
  );
  return { entries, findings };
}
