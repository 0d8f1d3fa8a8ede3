/**
 * Invalid variants of the generated SaaS bodies (einvoice-arbitraries.ts):
 * each mutation breaks one thing a client can get wrong (a number with a
 * space, a year out of range, totals that do not add up, a line tax that does
 * not fit its rate, a buyer without electronic address, ...). Which rule the
 * gateway then reports, and whether the official artefacts agree, is for the
 * tests to find out: a mutation names what it changed, not the expected rule.
 */
import fc from 'fast-check';
import type { CreditNoteDocument, InvoiceDocument, InvoiceLine } from '../../src/model/documents.ts';
import { type BodyCase, bodyCase } from './einvoice-arbitraries.ts';

/** A generated body with one mutation applied. */
export interface MutatedCase extends BodyCase {
  mutation: string;
}

type Body = InvoiceDocument | CreditNoteDocument;

/** Adds `k` cents to a line's tax and to the document's tax total and total, so only the line's fit to its rate is off. */
function shiftTax(body: Body, line: InvoiceLine, k: number): void {
  line.taxes[0]!.amount += k;
  body.tax_total += k;
  body.total += k;
  if (!('customer_snapshot' in body)) return;
  const invoice = body as InvoiceDocument;
  if (invoice.amount_due !== 0) invoice.amount_due += k;
  else if (invoice.amount_paid) invoice.amount_paid += k;
}

interface Mutation {
  name: string;
  applies: (c: BodyCase) => boolean;
  /** Changes `c` (a deep copy) in place; `k` is a positive integer in 1..5000, `i` a line index. */
  apply: (c: BodyCase, k: number, i: number) => void;
}

const invoiceOnly = (c: BodyCase) => c.kind === 'invoice';
const always = () => true;
const zeroRateLine = (c: BodyCase) => c.body.lines.findIndex((l) => l.taxes[0]!.percentage === 0);

const MUTATIONS: readonly Mutation[] = [
  { name: 'number longer than 35', applies: always, apply: (c) => void (c.body.number = `FA-2026-${'0'.repeat(33)}`) },
  { name: 'number with a space', applies: always, apply: (c) => void (c.body.number = c.body.number.replace('-', ' ')) },
  {
    name: 'issued in 1999',
    applies: always,
    apply: (c) => {
      c.body.created_at = c.body.created_at.replace('2026', '1999');
      const invoice = c.body as InvoiceDocument;
      if (c.kind === 'invoice' && invoice.finalized_at) invoice.finalized_at = invoice.finalized_at.replace('2026', '1999');
    },
  },
  { name: 'due in 2100', applies: invoiceOnly, apply: (c) => void ((c.body as InvoiceDocument).due_date = '2100-01-15') },
  { name: 'subtotal off', applies: invoiceOnly, apply: (c, k) => void ((c.body as InvoiceDocument).subtotal! += k) },
  {
    name: 'tax_total off',
    applies: always,
    apply: (c, k) => {
      c.body.tax_total += k;
      c.body.total += k;
    },
  },
  { name: 'total off', applies: always, apply: (c, k) => void (c.body.total += k) },
  { name: 'amount_due off', applies: invoiceOnly, apply: (c, k) => void ((c.body as InvoiceDocument).amount_due += 100 + k) },
  { name: 'line tax off', applies: always, apply: (c, k, i) => shiftTax(c.body, c.body.lines[i % c.body.lines.length]!, 150 + k) },
  {
    name: 'tax on a 0 % line',
    applies: (c) => zeroRateLine(c) >= 0,
    apply: (c, k) => shiftTax(c.body, c.body.lines[zeroRateLine(c)]!, 1 + (k % 40)),
  },
  {
    name: 'buyer without e-mail',
    applies: (c) => c.buyerKind === 'B2C',
    apply: (c) => void delete c.customer.email,
  },
  { name: 'empty buyer name', applies: always, apply: (c) => void (c.customer.name = '') },
  {
    name: 'EU buyer without VAT number',
    applies: (c) => c.buyerKind === 'B2BInt',
    apply: (c) => {
      c.customer.tax_ids = [];
      for (const line of c.body.lines) line.taxes[0]!['category'] = 'AE';
    },
  },
  {
    name: 'rate 19 %',
    applies: always,
    apply: (c, _k, i) => {
      const line = c.body.lines[i % c.body.lines.length]!;
      const before = line.taxes[0]!.amount;
      line.taxes[0]!.percentage = 19;
      shiftTax(c.body, line, Math.round((line.amount * 19) / 100) - before);
    },
  },
  {
    name: 'category S at 0 %',
    applies: (c) => zeroRateLine(c) >= 0,
    apply: (c) => void (c.body.lines[zeroRateLine(c)]!.taxes[0]!['category'] = 'S'),
  },
  { name: 'USD without tax_total_eur', applies: always, apply: (c) => void (c.body.currency = 'USD') },
  { name: 'billing framework Z9', applies: always, apply: (c) => void (c.body['billing_framework'] = 'Z9') },
  { name: 'billing framework S8 (multi-vendor)', applies: always, apply: (c) => void (c.body['billing_framework'] = 'S8') },
  {
    name: 'billing framework S2 (already paid) on an unpaid document',
    applies: (c) => c.kind === 'credit_note' || (c.body as InvoiceDocument).amount_due !== 0,
    apply: (c) => void (c.body['billing_framework'] = 'S2'),
  },
  { name: 'due before the issue date', applies: invoiceOnly, apply: (c) => void ((c.body as InvoiceDocument).due_date = '2026-10-15') },
  {
    name: 'e-mail longer than 125 characters',
    applies: (c) => c.buyerKind === 'B2C',
    apply: (c) => void (c.customer.email = `${'facturation.'.repeat(10)}x@example.org`),
  },
  {
    name: 'no lines',
    applies: always,
    apply: (c) => {
      Object.assign(c.body, { lines: [], total_excl_tax: 0, tax_total: 0, total: 0 });
      if (c.kind === 'invoice') Object.assign(c.body, { subtotal: 0, amount_paid: 0, amount_due: 0 });
    },
  },
  { name: 'empty line description', applies: always, apply: (c, _k, i) => void (c.body.lines[i % c.body.lines.length]!.description = '') },
  {
    name: 'control character in a description',
    applies: always,
    apply: (c, _k, i) => void (c.body.lines[i % c.body.lines.length]!.description += '\u0007\uD800'),
  },
  { name: 'empty line id', applies: always, apply: (c, _k, i) => void (c.body.lines[i % c.body.lines.length]!.id = ' ') },
];

/** The names of every mutation, for reports. */
export const MUTATION_NAMES: readonly string[] = MUTATIONS.map((m) => m.name);

/** A generated body with one applicable mutation. */
export const mutatedCase: fc.Arbitrary<MutatedCase> = bodyCase.chain((c) =>
  fc
    .record({
      mutation: fc.constantFrom(...MUTATIONS.filter((m) => m.applies(c))),
      k: fc.integer({ min: 1, max: 5000 }),
      i: fc.nat({ max: 5 }),
    })
    .map(({ mutation, k, i }) => {
      const copy = structuredClone(c);
      if (copy.kind === 'invoice') (copy.body as InvoiceDocument).customer_snapshot = copy.customer;
      mutation.apply(copy, k, i);
      return { ...copy, mutation: mutation.name };
    }),
);
