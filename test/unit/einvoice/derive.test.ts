// The rules deriveFromBody reports on a SaaS body alone (src/einvoice/derive.ts, lines.ts, totals.ts,
// framework.ts), one row per rule and path, from the consistent B2B example (examples/fr-b2b-invoice.json)
// with one thing changed; and the VAT category (BT-151) and processing rule it infers. Tolerances are
// the official schematrons' (BR-CO-17: strictly within one unit; BR-x-09: exactly 0 at a zero rate);
// differential.test.ts checks the rules against the artefacts themselves.
import { describe, expect, it } from 'vitest';
import type { CustomerSnapshot, InvoiceDocument } from '../../../src/model/documents.ts';
import { deriveFromBody } from '../../../src/einvoice/derive.ts';
import { consumer, CREDIT_NOTE, INVOICE, invoice, lineTax, RULES, zeroRated } from '../../support/rule-tables.ts';

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
