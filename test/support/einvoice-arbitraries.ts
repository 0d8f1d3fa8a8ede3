/**
 * fast-check arbitraries of SaaS bodies (src/model/documents.ts) that a
 * billing platform could send: invoices and credit notes to a French company
 * (B2B, SIREN), an EU company (B2BInt, VAT number, 0 % reverse charge) or a
 * consumer (B2C, e-mail only); one to six lines at the French rates 20, 10,
 * 5.5, 2.1 and 0 %, negative proration lines, a document-level discount (or
 * fee) as `subtotal` ≠ `total_excl_tax`, and each line's tax computed the way
 * billing platforms do it: on the line's amount after its share of the
 * discount, rounded to the cent. Amounts are integers in euro cents. Every
 * generated body is consistent (totals add up, identifiers are valid);
 * einvoice-mutations.ts makes invalid variants of them.
 */
import fc from 'fast-check';
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument, InvoiceLine, Tax } from '../../src/model/documents.ts';
import { checkVatNumber, frenchVatKey, isValidSiren } from '../../src/domain/rules/identifiers.ts';

/** The French processing rule the buyer should get (BR-FR-20). */
export type BuyerKind = 'B2B' | 'B2BInt' | 'B2C';

/** A generated document with what the pipeline adds: the buyer of a credit note and its preceding invoice (BG-3). */
export interface BodyCase {
  kind: 'invoice' | 'credit_note';
  buyerKind: BuyerKind;
  /** The body as submitted (a credit note carries no customer: `customer` below is its buyer). */
  body: InvoiceDocument | CreditNoteDocument;
  customer: CustomerSnapshot;
  /** BT-25 / BT-26 of a credit note. */
  preceding: { number: string; issueDate: string } | undefined;
}

const FRENCH_RATES = [20, 10, 5.5, 2.1, 0] as const;
const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

/** A Luhn-valid SIREN (eight digits and the key that makes it valid). */
export const siren = digits(8).map((head) => {
  for (let key = 0; key <= 9; key++) if (isValidSiren(`${head}${key}`)) return `${head}${key}`;
  throw new Error('unreachable: one Luhn key always fits');
});

/** An EU (not French) VAT number and its country, in a format VIES accepts (the gateway checks it: checkVatNumber). */
const euVat = fc
  .oneof(
    digits(9).map((d) => ({ country: 'DE', vat: `DE${d}` })),
    digits(8).map((d) => ({ country: 'BE', vat: `BE0${d}${String(97 - (Number(`0${d}`) % 97)).padStart(2, '0')}` })),
    digits(9).map((d) => ({ country: 'NL', vat: `NL${d}B01` })),
    digits(11).map((d) => ({ country: 'IT', vat: `IT${d}` })),
  )
  .filter(({ vat }) => checkVatNumber(vat) === undefined);

const word = fc.constantFrom('atelier', 'studio', 'conseil', 'logistique', 'delta', 'horizon', 'brouwerij', 'kanzlei');
const email = fc.tuple(word, fc.integer({ min: 1, max: 999 })).map(([w, n]) => `compta.${w}${n}@example.org`);
const city = fc.constantFrom(
  { city: 'Lyon', postal_code: '69002' },
  { city: 'Nantes', postal_code: '44000' },
  { city: 'Lille', postal_code: '59000' },
);

/** The buyer of each kind, and the 0 % category its lines get (absent: inferred, see src/einvoice/vat.ts). */
export const customer: (kind: BuyerKind) => fc.Arbitrary<CustomerSnapshot> = (kind) => {
  if (kind === 'B2B') {
    return fc.tuple(word, siren, fc.boolean(), city, email).map(([w, s, withVat, place, mail]) => ({
      name: `${w[0]!.toUpperCase()}${w.slice(1)} SAS`,
      email: mail,
      billing_address: { line1: '1 rue de la République', ...place, country: 'FR' },
      tax_ids: [{ type: 'siren', value: s }, ...(withVat ? [{ type: 'eu_vat', value: `FR${frenchVatKey(s)}${s}` }] : [])],
    }));
  }
  if (kind === 'B2BInt') {
    return fc.tuple(word, euVat, email).map(([w, { country, vat }, mail]) => ({
      name: `${w[0]!.toUpperCase()}${w.slice(1)} ${country === 'DE' ? 'GmbH' : country === 'IT' ? 'S.r.l.' : 'BV'}`,
      email: mail,
      billing_address: { line1: 'Marktplatz 5', postal_code: '1000', city: 'Centrum', country },
      tax_ids: [{ type: 'eu_vat', value: vat }],
    }));
  }
  return fc.tuple(fc.constantFrom('Claire Dubois', 'Jean Martin', 'Inès Moreau'), email, city).map(([name, mail, place]) => ({
    name,
    email: mail,
    billing_address: { line1: '8 allée des Tilleuls', ...place, country: 'FR' },
    tax_ids: [],
  }));
};

/** A line before tax: its amount, quantity and unit price as a SaaS writes them. */
interface DraftLine {
  description: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  rate: number;
  category: string | undefined;
}

const regularLine = (rate: fc.Arbitrary<number>) =>
  fc
    .record({
      quantity: fc.oneof(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 4000 }).map((n) => n / 100),
      ),
      unit: fc.integer({ min: 1, max: 150_000 }),
      rate,
    })
    .map(({ quantity, unit, rate }) => ({
      description: 'Abonnement, novembre 2026',
      quantity,
      unit_amount: unit,
      amount: Math.round(quantity * unit),
      rate,
    }));

/** A proration credit: the unused time of the previous plan (negative amount, quantity 1). */
const prorationLine = (rate: fc.Arbitrary<number>) =>
  fc.record({ credit: fc.integer({ min: 1, max: 60_000 }), rate }).map(({ credit, rate }) => ({
    description: 'Temps non utilisé, formule précédente',
    quantity: 1,
    unit_amount: -credit,
    amount: -credit,
    rate,
  }));

/** Half away from zero, as billing platforms round a line's tax. */
export function roundHalfAway(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x) + 1e-9);
}

/** `total` spread over `amounts` in proportion (signed), by largest remainder: each line's share of a document discount. */
function shareOut(total: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  const exact = amounts.map((a) => (sum === 0 ? 0 : (total * a) / sum));
  const parts = exact.map(Math.trunc);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.r - a.r);
  for (let k = 0; rest !== 0; k = (k + 1) % order.length) {
    parts[order[k]!.i]! += Math.sign(rest);
    rest -= Math.sign(rest);
  }
  return parts;
}

const rateFor = (kind: BuyerKind) => (kind === 'B2BInt' ? fc.constant(0) : fc.constantFrom(...FRENCH_RATES));

/** The lines, the document discount (percent of the subtotal, 0 for none; negative: a fee) and their taxes. */
function linesFor(kind: BuyerKind) {
  const category = kind === 'B2BInt' ? fc.constantFrom(undefined, 'AE') : fc.constant(undefined);
  return fc
    .record({
      regular: fc.array(fc.tuple(regularLine(rateFor(kind)), category), { minLength: 1, maxLength: 5 }),
      proration: fc.array(fc.tuple(prorationLine(rateFor(kind)), category), { maxLength: 2 }),
      discountPercent: fc.oneof(fc.constant(0), fc.constantFrom(5, 10, 15, 20, 50), fc.constantFrom(-3, -10)),
    })
    .filter(({ regular, proration }) => regular.reduce((s, [l]) => s + l.amount, 0) > proration.reduce((s, [l]) => s - l.amount, 0))
    .map(({ regular, proration, discountPercent }) => {
      const drafts: DraftLine[] = [...regular, ...proration].map(([l, c]) => ({ ...l, category: c }));
      const subtotal = drafts.reduce((s, l) => s + l.amount, 0);
      const discount = Math.round((subtotal * discountPercent) / 100);
      const shares = shareOut(
        discount,
        drafts.map((l) => l.amount),
      );
      const lines: InvoiceLine[] = drafts.map((l, i) => {
        const tax: Tax = {
          name: `TVA ${l.rate} %`,
          percentage: l.rate,
          inclusive: false,
          amount: roundHalfAway(((l.amount - shares[i]!) * l.rate) / 100),
        };
        if (l.category) tax['category'] = l.category;
        const { rate: _r, category: _c, ...fields } = l;
        return { id: `li_${i + 1}`, ...fields, taxes: [tax] };
      });
      const taxTotal = lines.reduce((s, l) => s + l.taxes[0]!.amount, 0);
      return { lines, subtotal, totalExclTax: subtotal - discount, taxTotal };
    });
}

const day = fc.integer({ min: 1, max: 28 }).map((d) => String(d).padStart(2, '0'));

/** An invoice, or a credit note on an invoice, to a buyer of each kind. */
export const bodyCase: fc.Arbitrary<BodyCase> = fc
  .tuple(fc.constantFrom<BuyerKind>('B2B', 'B2BInt', 'B2C'), fc.constantFrom('invoice', 'credit_note') as fc.Arbitrary<BodyCase['kind']>)
  .chain(([buyerKind, kind]) =>
    fc
      .record({
        customer: customer(buyerKind),
        content: linesFor(buyerKind),
        day,
        serial: fc.integer({ min: 1, max: 9999 }),
        paid: fc.boolean(),
        usd: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      })
      .map(({ customer, content, day, serial, paid, usd }): BodyCase => {
        const total = content.totalExclTax + content.taxTotal;
        // A USD document also gives its VAT total in euro cents (BR-FR-CO-12), at some exchange rate.
        const currency = usd ? { currency: 'USD', tax_total_eur: Math.round(content.taxTotal * 0.87) } : { currency: 'EUR' };
        const common = {
          id: `doc_${serial}`,
          ...currency,
          created_at: `2026-11-${day}T10:00:00+01:00`,
          total_excl_tax: content.totalExclTax,
          tax_total: content.taxTotal,
          total,
          lines: content.lines,
        };
        if (kind === 'credit_note') {
          const body: CreditNoteDocument = { ...common, number: `AV-2026-${serial}`, invoice_id: `inv_${serial}` };
          return { kind, buyerKind, body, customer, preceding: { number: `FA-2026-${serial}`, issueDate: '2026-10-31' } };
        }
        const body: InvoiceDocument = {
          ...common,
          number: `FA-2026-${serial}`,
          finalized_at: `2026-11-${day}T10:05:00+01:00`,
          due_date: '2026-12-31',
          period_start: '2026-11-01',
          period_end: '2026-11-30',
          subtotal: content.subtotal,
          amount_paid: paid ? total : 0,
          amount_due: paid ? 0 : total,
          customer_snapshot: customer,
          // An invoice already paid may say so in its billing framework (BR-FR-CO-09 then holds).
          ...(paid && serial % 2 === 0 ? { billing_framework: 'S2' } : {}),
        };
        return { kind, buyerKind, body, customer, preceding: undefined };
      }),
  );
