// The rules deriveFromBody reports on a SaaS body alone (src/einvoice/derive.ts, lines.ts, totals.ts,
// framework.ts), one row per rule and path, from the consistent B2B example (examples/fr-b2b-invoice.json)
// with one thing changed; and the VAT category (BT-151) and processing rule it infers. Tolerances are
// the official schematrons' (BR-CO-17: strictly within one unit; BR-x-09: exactly 0 at a zero rate);
// differential.test.ts checks the rules against the artefacts themselves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../../../src/model/documents.ts';
import { deriveFromBody } from '../../../src/einvoice/derive.ts';

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')) as T;
const INVOICE = read<InvoiceDocument>('fr-b2b-invoice.json');
const CREDIT_NOTE = read<CreditNoteDocument>('fr-credit-note.json');

/** The example invoice changed by `edit` (on a deep copy). */
function invoice(edit: (doc: InvoiceDocument) => void): InvoiceDocument {
  const doc = structuredClone(INVOICE);
  edit(doc);
  return doc;
}

/** Moves `k` cents onto line 0's tax, keeping tax_total, total and amount_due consistent with it. */
function lineTax(doc: InvoiceDocument, k: number): void {
  doc.lines[0]!.taxes[0]!.amount += k;
  doc.tax_total += k;
  doc.total += k;
  doc.amount_due += k;
}

/** Makes every line a 0 % line of `category` (undefined: inferred), with no tax. */
function zeroRated(doc: InvoiceDocument, category?: string): void {
  for (const line of doc.lines) line.taxes = [{ percentage: 0, amount: 0, ...(category ? { category } : {}) }];
  Object.assign(doc, { tax_total: 0, total: doc.total_excl_tax, amount_due: doc.total_excl_tax });
}

const consumer: CustomerSnapshot = { name: 'Claire Dubois', billing_address: { country: 'FR' }, tax_ids: [] };
const german: CustomerSnapshot = {
  name: 'Delta GmbH',
  billing_address: { country: 'DE' },
  tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
};

type Row = [rule: string, what: string, doc: InvoiceDocument, path: Array<string | number>];
const RULES: Row[] = [
  ['BR-FR-01', 'number of 36 characters', invoice((d) => void (d.number = 'F'.repeat(36))), ['number']],
  ['BR-FR-02', 'number with a space', invoice((d) => void (d.number = 'FA 2026')), ['number']],
  ['BR-FR-03', 'finalised in 1999', invoice((d) => void (d.finalized_at = '1999-12-01T10:00:00+01:00')), ['finalized_at']],
  [
    'BR-FR-03',
    'created in 2100, not finalised',
    invoice((d) => Object.assign(d, { finalized_at: undefined, created_at: '2100-01-02T10:00:00Z' })),
    ['created_at'],
  ],
  ['BR-FR-03', 'due in 2100', invoice((d) => void (d.due_date = '2100-01-01')), ['due_date']],
  ['BR-FR-03', 'period starting in 1999', invoice((d) => void (d.period_start = '1999-11-01')), ['period_start']],
  ['BR-FR-03', 'period ending in 2100', invoice((d) => void (d.period_end = '2100-11-30')), ['period_end']],
  ['BR-FR-CO-07', 'due before the issue date', invoice((d) => void (d.due_date = '2026-11-19')), ['due_date']],
  ['BR-FR-12', 'buyer without SIREN nor e-mail', invoice((d) => void (d.customer_snapshot = consumer)), ['customer_snapshot']],
  [
    'BR-FR-25',
    'buyer e-mail of 126 characters',
    invoice((d) => void (d.customer_snapshot = { ...consumer, email: `${'a'.repeat(114)}@example.org` })),
    ['customer_snapshot', 'email'],
  ],
  ['BR-07', 'blank buyer name', invoice((d) => void (d.customer_snapshot.name = '  ')), ['customer_snapshot', 'name']],
  ['BR-16', 'no line', invoice((d) => Object.assign(d, { lines: [] })), ['lines']],
  ['BR-21', 'blank line id', invoice((d) => void (d.lines[1]!.id = ' ')), ['lines', 1, 'id']],
  ['BR-25', 'empty item name', invoice((d) => void (d.lines[0]!.description = '')), ['lines', 0, 'description']],
  ['BR-FR-DEC-02', 'quantity with 5 decimals', invoice((d) => void (d.lines[0]!.quantity = 1.00001)), ['lines', 0, 'quantity']],
  [
    'BR-FR-DEC-01',
    'a BHD amount in fils',
    invoice((d) => Object.assign(d, { currency: 'BHD', tax_total_eur: 100 }, { subtotal: 319001 })),
    ['subtotal'],
  ],
  ['BR-FR-15', 'category X', invoice((d) => void (d.lines[0]!.taxes[0]!['category'] = 'X')), ['lines', 0, 'taxes', 0, 'category']],
  ['BR-FR-16', 'rate 19 %', invoice((d) => void (d.lines[1]!.taxes[0]!.percentage = 19)), ['lines', 1, 'taxes', 0, 'percentage']],
  ['BR-S-05', 'category S at 0 %', invoice((d) => zeroRated(d, 'S')), ['lines', 0, 'taxes', 0, 'percentage']],
  ...(['Z', 'E', 'AE', 'K', 'G', 'O'] as const).map(
    (category): Row => [
      category === 'K' ? 'BR-IC-05' : `BR-${category}-05`,
      `category ${category} at 20 %`,
      invoice((d) => {
        d.customer_snapshot = german;
        d.lines[0]!.taxes[0]!['category'] = category;
      }),
      ['lines', 0, 'taxes', 0, 'percentage'],
    ],
  ),
  [
    'BR-AE-02',
    'AE to a buyer without VAT number nor SIREN',
    invoice((d) => {
      zeroRated(d, 'AE');
      d.customer_snapshot = { ...consumer, email: 'c@example.org' };
    }),
    ['customer_snapshot', 'tax_ids'],
  ],
  [
    'BR-IC-02',
    'K to a buyer without VAT number',
    invoice((d) => {
      zeroRated(d, 'K');
      d.customer_snapshot.tax_ids = [{ type: 'siren', value: '732829320' }];
    }),
    ['customer_snapshot', 'tax_ids'],
  ],
  ['BR-CO-10', 'subtotal not the sum of the lines', invoice((d) => void (d.subtotal = 31800)), ['subtotal']],
  [
    'BR-CO-14',
    'tax_total not the sum of the line taxes',
    invoice((d) => Object.assign(d, { tax_total: 6381, total: 38281, amount_due: 38281 })),
    ['tax_total'],
  ],
  ['BR-CO-15', 'total not total_excl_tax + tax_total', invoice((d) => Object.assign(d, { total: 38290, amount_due: 38290 })), ['total']],
  ['BR-CO-16', 'amount_due one unit off', invoice((d) => void (d.amount_due += 100)), ['amount_due']],
  ['BR-CO-17', 'a line tax one unit off its rate', invoice((d) => lineTax(d, 100)), ['lines', 0, 'taxes', 0, 'amount']],
  [
    'BR-E-09',
    'one cent of tax at 0 %',
    invoice((d) => {
      zeroRated(d);
      lineTax(d, 1);
    }),
    ['lines', 0, 'taxes', 0, 'amount'],
  ],
  ['BR-FR-CO-12', 'USD without tax_total_eur', invoice((d) => void (d.currency = 'USD')), ['tax_total_eur']],
  ['BR-FR-08', 'billing framework Z9', invoice((d) => void (d['billing_framework'] = 'Z9')), ['billing_framework']],
  ['BR-FR-08', 'multi-vendor billing framework S8', invoice((d) => void (d['billing_framework'] = 'S8')), ['billing_framework']],
  ['BR-FR-CO-09', 'S2 on an unpaid invoice', invoice((d) => void (d['billing_framework'] = 'S2')), ['billing_framework']],
];

describe('deriveFromBody: the rules a body can break', () => {
  it('the example breaks none', () => {
    expect(deriveFromBody({ kind: 'invoice', document: INVOICE }).violations).toEqual([]);
  });

  it.each(RULES.map(([rule, what, doc, path]) => ({ rule, what, doc, path, at: `/${path.join('/')}` })))(
    '$rule: $what, at $at',
    ({ rule, what, doc, path }) => {
      const { document, violations } = deriveFromBody({ kind: 'invoice', document: doc });
      expect(violations).toContainEqual(expect.objectContaining({ rule, path }));
      if (what.startsWith('[')) expect(violations.find((v) => v.rule === rule)?.message).toContain(what.slice(1, what.indexOf(']')));
      expect(document).toBeUndefined();
    },
  );

  it.each<[string, InvoiceDocument]>([
    ['amount_due 0.99 off: a rounding amount (BT-114)', invoice((d) => void (d.amount_due += 99))],
    ['a line tax 0.99 off its rate (BR-CO-17 is strict at one unit)', invoice((d) => lineTax(d, 99))],
    ['S2 on an invoice paid in full', invoice((d) => Object.assign(d, { billing_framework: 'S2', amount_paid: d.total, amount_due: 0 }))],
    [
      'due before the issue date when already paid (S2)',
      invoice((d) => Object.assign(d, { billing_framework: 'S2', amount_paid: d.total, amount_due: 0, due_date: '2026-11-01' })),
    ],
    ['USD with tax_total_eur', invoice((d) => Object.assign(d, { currency: 'USD', tax_total_eur: 5900 }))],
  ])('no violation: %s', (_, doc) => {
    expect(deriveFromBody({ kind: 'invoice', document: doc }).violations).toEqual([]);
  });

  it('a credit note: its buyer is the original invoice customer, unknown at submission', () => {
    expect(deriveFromBody({ kind: 'credit_note', document: CREDIT_NOTE, customer: undefined }).violations).toEqual([]);
    const noAddress = deriveFromBody({ kind: 'credit_note', document: CREDIT_NOTE, customer: consumer });
    expect(noAddress.violations).toContainEqual(expect.objectContaining({ rule: 'BR-FR-12', path: ['customer_snapshot'] }));
    const paid = deriveFromBody({ kind: 'credit_note', document: { ...CREDIT_NOTE, billing_framework: 'S2' }, customer: undefined });
    expect(paid.violations).toContainEqual(expect.objectContaining({ rule: 'BR-FR-CO-09', path: ['billing_framework'] }));
  });
});

const buyer = (country: string, taxIds: Array<[string, string]>): CustomerSnapshot => ({
  name: 'Client',
  email: 'client@example.org',
  billing_address: { country },
  tax_ids: taxIds.map(([type, value]) => ({ type, value })),
});

describe('deriveFromBody: VAT category (BT-151) and processing rule inferred (src/einvoice/vat.ts, buyer.ts)', () => {
  it.each<[string, string, string, number, string | undefined, CustomerSnapshot]>([
    ['a positive rate', 'S', 'B2B', 20, undefined, buyer('FR', [['siren', '732829320']])],
    ['0 % to a French company', 'E', 'B2B', 0, undefined, buyer('FR', [['siren', '732829320']])],
    ['0 % to a company known by its French VAT number', 'E', 'B2B', 0, undefined, buyer('FR', [['eu_vat', 'FR44732829320']])],
    ['a positive rate to a company known by its SIRET only', 'S', 'B2B', 20, undefined, buyer('FR', [['siret', '73282932000074']])],
    ['0 % to a company with a German VAT number', 'AE', 'B2BInt', 0, undefined, buyer('DE', [['eu_vat', 'DE123456789']])],
    ['0 % to a Greek company (EL prefix)', 'AE', 'B2BInt', 0, undefined, buyer('GR', [['vat', 'EL123456789']])],
    ['0 % to a company outside the EU', 'G', 'B2BInt', 0, undefined, buyer('US', [['us_ein', '12-3456789']])],
    ['0 % to a German company without VAT number', 'E', 'B2BInt', 0, undefined, buyer('DE', [['de_hrb', 'HRB 1234']])],
    ['0 % to a consumer', 'E', 'B2C', 0, undefined, buyer('FR', [])],
    ['0 % to a consumer outside the EU', 'G', 'B2C', 0, undefined, buyer('CH', [])],
    ['a given category Z', 'Z', 'B2C', 0, 'Z', buyer('FR', [])],
    ['a given category K', 'K', 'B2BInt', 0, 'K', buyer('DE', [['eu_vat', 'DE123456789']])],
    ['a given category O', 'O', 'B2C', 0, 'O', buyer('FR', [])],
  ])('%s → %s, %s', (_, expected, rule, rate, category, customer) => {
    const doc = invoice((d) => {
      d.customer_snapshot = customer;
      if (rate === 0) zeroRated(d, category);
    });
    const { document, violations } = deriveFromBody({ kind: 'invoice', document: doc });
    expect(violations).toEqual([]);
    expect(document!.lines.map((l) => l.category)).toEqual([expected, expected]);
    expect(document!.vatBreakdown.map((v) => [v.category, v.rate])).toEqual([[expected, expected === 'O' ? undefined : rate]]);
    expect(document!.processingRule).toBe(rule);
  });

  it('a credit note whose buyer is not known yet: 0 % is E', () => {
    const lines = CREDIT_NOTE.lines.map((l) => ({ ...l, taxes: [{ percentage: 0, amount: 0 }] }));
    const doc = { ...CREDIT_NOTE, lines, tax_total: 0, total: CREDIT_NOTE.total_excl_tax };
    expect(deriveFromBody({ kind: 'credit_note', document: doc, customer: undefined }).document?.lines[0]?.category).toBe('E');
  });
});

describe('null on the wire means absent', () => {
  it.each(['finalized_at', 'due_date', 'period_start', 'period_end', 'subtotal', 'amount_paid', 'amount_due'])(
    '%s: null gives what leaving it out gives',
    (key) => {
      const withNull = { ...structuredClone(INVOICE), [key]: null } as unknown as InvoiceDocument;
      const without = structuredClone(INVOICE) as unknown as Record<string, unknown>;
      delete without[key];
      const expected = deriveFromBody({ kind: 'invoice', document: without as unknown as InvoiceDocument });
      expect(deriveFromBody({ kind: 'invoice', document: withNull })).toEqual(expected);
    },
  );
});

describe('the buyer of a SIRET alone', () => {
  it('is B2B: BT-47 and BT-49 carry the SIREN, its first 9 digits', () => {
    const doc = invoice((d) => void (d.customer_snapshot = buyer('FR', [['siret', '73282932000074']])));
    const { document } = deriveFromBody({ kind: 'invoice', document: doc });
    expect(document!.buyer.legalId).toEqual({ scheme: '0002', value: '732829320' });
    expect(document!.buyer.endpoint).toEqual({ scheme: '0225', value: '732829320' });
  });
});

describe('BR-IC-11: an intra-community supply states its invoicing period', () => {
  const kInvoice = (edit: (d: InvoiceDocument) => void) =>
    invoice((d) => {
      d.customer_snapshot = buyer('DE', [['eu_vat', 'DE123456789']]);
      zeroRated(d, 'K');
      edit(d);
    });

  it('refuses a K invoice without period at /period_start', () => {
    const doc = kInvoice((d) => {
      delete d.period_start;
      delete d.period_end;
    });
    expect(deriveFromBody({ kind: 'invoice', document: doc }).violations).toEqual([
      expect.objectContaining({ rule: 'BR-IC-11', path: ['period_start'] }),
    ]);
  });

  it('accepts it with a period', () => {
    expect(deriveFromBody({ kind: 'invoice', document: kInvoice(() => {}) }).violations).toEqual([]);
  });
});
