/**
 * Everything the SaaS body alone decides about the EN 16931 document: its
 * lines, totals, VAT breakdown, dates and buyer, with every EN 16931 and
 * BR-FR rule the body can break. The 422 stage runs it to refuse documents
 * at submission (the synchronous rules), and the pipeline runs the same code
 * to build the document: one source for each rule and each amount.
 */
import type { RuleViolation } from '../model/rule-catalogue.ts';
import { type BuyerFacts, buyerFacts } from './buyer.ts';
import { currencyExponent, toCents } from './decimal.ts';
import { checkFramework } from './framework.ts';
import { checkSellerVat } from './seller-rules.ts';
import type { DeriveInput } from './input.ts';
import { type MappedLine, mapLine } from './lines.ts';
import type { EInvoice } from './model.ts';
import { withoutNulls } from './nulls.ts';
import { parisDate } from '../lib/paris-date.ts';
import { type ComputedTotals, computeTotals, type SaasTotals } from './totals.ts';

/** The document as the body decides it: all of EN 16931 but the seller (BG-4) and what the profile adds. */
export type BodyDocument = Omit<EInvoice, 'seller' | 'notes' | 'businessProcess' | 'payment' | 'preceding'> & {
  buyerFacts: BuyerFacts | undefined;
  /** The body's own BT-23 (`billing_framework`), overriding the profile's. */
  billingFramework: string | undefined;
};

export type { DeriveInput } from './input.ts';

export { BILLING_FRAMEWORKS } from './framework.ts';

const BT1 = /^[A-Za-z0-9+\-_/]+$/;

/** RFC 3339 date or date-time → its year, for BR-FR-03. */
function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

function checkDate(path: string, date: string | undefined, term: string, out: RuleViolation[]): void {
  if (date === undefined) return;
  const year = yearOf(date);
  if (year < 2000 || year > 2099) out.push({ path: [path], rule: 'BR-FR-03', message: `${term} ${date} is not in the years 2000 to 2099` });
}

function amountCents(value: number | undefined, exponent: number, path: string, out: RuleViolation[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  const cents = toCents(value, exponent);
  if (cents === undefined) out.push({ path: [path], rule: 'BR-FR-DEC-01', message: `${path} ${value} needs more than 2 decimals` });
  return cents;
}

/**
 * Derives the body's part of the EN 16931 document and every violation of
 * the rules the body decides (paths are JSON pointer segments into the body).
 * The document is undefined when any rule is broken.
 */
export function deriveFromBody(input: DeriveInput): { document: BodyDocument | undefined; violations: RuleViolation[] } {
  const { document, violations } = draftFromBody(withoutNulls(input));
  return { document: violations.length > 0 ? undefined : document, violations };
}

/**
 * Like {@link deriveFromBody}, but keeps the document whenever it can be
 * written at all (every amount and quantity representable, every category
 * known), even when rules are broken: what the gateway would have written,
 * for comparing its rules with the official artefacts (tests). The
 * violations are exactly deriveFromBody's.
 */
export function draftFromBody(input: DeriveInput): { document: BodyDocument | undefined; violations: RuleViolation[] } {
  const doc = input.document;
  const out: RuleViolation[] = [];
  const currency = doc.currency ?? 'EUR';
  const exponent = currencyExponent(currency);
  if (doc.number.length > 35)
    out.push({ path: ['number'], rule: 'BR-FR-01', message: 'The invoice number (BT-1) is longer than 35 characters' });
  if (!BT1.test(doc.number)) {
    out.push({ path: ['number'], rule: 'BR-FR-02', message: 'The invoice number (BT-1) may hold only A-Z a-z 0-9 + - _ / (no spaces)' });
  }
  const issuedAt = input.kind === 'invoice' ? (input.document.finalized_at ?? doc.created_at) : doc.created_at;
  const issueDate = parisDate(issuedAt);
  checkDate(
    input.kind === 'invoice' && input.document.finalized_at ? 'finalized_at' : 'created_at',
    issueDate,
    'The issue date (BT-2)',
    out,
  );
  const invoice = input.kind === 'invoice' ? input.document : undefined;
  checkDate('due_date', invoice?.due_date, 'The due date (BT-9)', out);
  checkDate('period_start', invoice?.period_start, 'The period start (BT-73)', out);
  checkDate('period_end', invoice?.period_end, 'The period end (BT-74)', out);
  // EN 16931 BR-29; both are YYYY-MM-DD (the structural check), so strings compare as dates.
  if (invoice?.period_start && invoice.period_end && invoice.period_end < invoice.period_start) {
    out.push({
      path: ['period_end'],
      rule: 'BR-29',
      message: `The period end (BT-74) ${invoice.period_end} is before the period start (BT-73) ${invoice.period_start}`,
    });
  }

  const customer = input.kind === 'invoice' ? input.document.customer_snapshot : input.customer;
  const buyer = customer ? buyerFacts(customer) : undefined;
  if (customer && !buyer?.hasEndpoint) {
    out.push({
      path: ['customer_snapshot'],
      rule: 'BR-FR-12',
      message:
        'No buyer electronic address (BT-49) can be derived: give a siren tax id (B2B), an email, or a VAT number of a country with an EAS VAT scheme (not DK, SE, NO)',
    });
  }
  if (buyer?.party.endpoint && buyer.party.endpoint.value.length > 125) {
    out.push({
      path: ['customer_snapshot', 'email'],
      rule: 'BR-FR-25',
      message: 'The buyer electronic address (BT-49) is longer than 125 characters',
    });
  }
  if (customer && customer.name.trim() === '')
    out.push({ path: ['customer_snapshot', 'name'], rule: 'BR-07', message: 'The buyer name (BT-44) is empty' });
  if (doc.lines.length === 0) out.push({ path: ['lines'], rule: 'BR-16', message: 'An invoice has at least one line (BG-25)' });

  // A line that breaks a rule is still mapped (for the draft), but only lines
  // without violation take part in the rules over several lines, which would only repeat it.
  const lines: MappedLine[] = [];
  const cleanLines: MappedLine[] = [];
  doc.lines.forEach((line, index) => {
    const before = out.length;
    const mapped = mapLine(line, index, exponent, buyer, out);
    if (mapped) lines.push(mapped);
    if (mapped && out.length === before) cleanLines.push(mapped);
  });
  const linesClean = cleanLines.length === doc.lines.length;
  checkIntraEu(cleanLines, buyer, out);
  if (cleanLines.some(({ line }) => line.category === 'K') && !(invoice?.period_start || invoice?.period_end)) {
    out.push({
      path: invoice ? ['period_start'] : ['lines'],
      rule: 'BR-IC-11',
      message: invoice
        ? 'An intra-community supply (VAT category K) states its invoicing period (BG-14): give period_start and period_end'
        : 'An intra-community supply (VAT category K) needs an invoicing period (BG-14), which a credit note cannot carry',
    });
  }
  const saas: SaasTotals = {
    subtotal: amountCents(invoice?.subtotal, exponent, 'subtotal', out),
    totalExclTax: amountCents(doc.total_excl_tax, exponent, 'total_excl_tax', out) ?? 0,
    taxTotal: amountCents(doc.tax_total, exponent, 'tax_total', out) ?? 0,
    total: amountCents(doc.total, exponent, 'total', out) ?? 0,
    amountPaid: amountCents(invoice?.amount_paid, exponent, 'amount_paid', out),
    amountDue: amountCents(invoice?.amount_due, exponent, 'amount_due', out),
    taxTotalEur: amountCents(numberField(doc, 'tax_total_eur'), 2, 'tax_total_eur', out),
  };
  if (currency !== 'EUR' && saas.taxTotalEur === undefined) {
    out.push({
      path: ['tax_total_eur'],
      rule: 'BR-FR-CO-12',
      message: `A ${currency} invoice also states its VAT total in EUR (BT-111): give tax_total_eur, in euro cents`,
    });
  }
  const billingFramework = stringField(doc, 'billing_framework');
  const sellerFramework = billingFramework === undefined ? input.seller?.billing_framework : undefined;
  checkFramework(
    {
      ...saas,
      kind: input.kind,
      billingFramework: billingFramework ?? sellerFramework,
      fromSeller: sellerFramework !== undefined,
      issueDate,
      dueDate: invoice?.due_date,
    },
    out,
  );
  if (input.seller) checkSellerVat(cleanLines, input.seller, out);
  let computed: ComputedTotals | undefined;
  if (lines.length === doc.lines.length) computed = computeTotals(lines, saas, linesClean && lines.length > 0 ? out : []);
  if (!computed) return { document: undefined, violations: out };
  return {
    violations: out,
    document: {
      kind: input.kind,
      number: doc.number,
      issueDate,
      typeCode: input.kind === 'invoice' ? '380' : '381',
      currency,
      dueDate: invoice?.due_date,
      period: invoice?.period_start || invoice?.period_end ? { start: invoice.period_start, end: invoice.period_end } : undefined,
      buyer: buyer?.party ?? { name: '', address: { country: 'FR' } },
      buyerFacts: buyer,
      processingRule: buyer?.processingRule ?? 'B2C',
      billingFramework,
      lines: lines.map((l) => l.line),
      ...computed,
    },
  };
}

/** AE and K need the buyer's VAT identifier (BR-AE-02, BR-IC-02), when the buyer is known. */
function checkIntraEu(lines: readonly MappedLine[], buyer: BuyerFacts | undefined, out: RuleViolation[]): void {
  if (!buyer || buyer.party.vatId) return;
  // AE accepts the buyer's legal registration identifier (BT-47) instead; K does not.
  const index = lines.findIndex(({ line }) => (line.category === 'AE' && !buyer.party.legalId) || line.category === 'K');
  if (index < 0) return;
  const rule = lines[index]!.line.category === 'AE' ? 'BR-AE-02' : 'BR-IC-02';
  out.push({
    path: ['customer_snapshot', 'tax_ids'],
    rule,
    message: `VAT category ${lines[index]!.line.category} needs the buyer's VAT number (BT-48)`,
  });
}

function numberField(doc: object, key: string): number | undefined {
  const value = (doc as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

function stringField(doc: object, key: string): string | undefined {
  const value = (doc as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
