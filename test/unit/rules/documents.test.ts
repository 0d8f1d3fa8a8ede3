import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../../src/model/documents.ts';
import { checkCreditNote, checkInvoice, type RuleViolation } from '../../../src/domain/rules/index.ts';
import {
  creditNote,
  DKK_EXAMPLE,
  FRENCH_EXAMPLES,
  invoice,
  type LineBuilder,
  loadExample,
  OFFICIAL_EXAMPLES,
  tax,
} from '../../support/documents.ts';
import { REFUSED_RATES } from '../../support/rule-tables.ts';

type PathAndRule = [RuleViolation['path'], string];

const byJson = (a: unknown, b: unknown): number => {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Expected [path, rule] pairs, in the same stable order as {@link pathsAndRules}. */
function sorted(pairs: PathAndRule[]): PathAndRule[] {
  return [...pairs].sort(byJson);
}

/** Violations as [path, rule], in a stable order, for order-insensitive comparison. */
function pathsAndRules(violations: RuleViolation[]): PathAndRule[] {
  return sorted(violations.map((v): PathAndRule => [v.path, v.rule]));
}

/** The violations are exactly `expected` as [path, rule] pairs, in any order. */
function expectRules(violations: RuleViolation[], expected: PathAndRule[]): void {
  expect(pathsAndRules(violations)).toEqual(sorted(expected));
}

describe('real fixtures', () => {
  it.each(FRENCH_EXAMPLES)('%s has no violation', (name) => {
    expect(checkInvoice(loadExample(name))).toEqual([]);
  });

  // The Croatian buyer of sample-discount-price has a VAT number, its BT-49 under scheme 9934: no BR-FR-12.
  it.each(OFFICIAL_EXAMPLES)('%s (not French) breaks BR-FR-16 on every line and BR-FR-12 unless its buyer has a VAT number', (name) => {
    const doc = loadExample(name);
    const rules = pathsAndRules(checkInvoice(doc)).filter(([, rule]) => rule !== 'BR-FR-02');
    const endpointFromVat = name === 'sample-discount-price';
    expect(rules).toEqual(
      sorted([
        ...(endpointFromVat ? [] : [[['customer_snapshot'], 'BR-FR-12'] as PathAndRule]),
        ...doc.lines.map((_, i): PathAndRule => [['lines', i, 'taxes', 0, 'percentage'], 'BR-FR-16']),
      ]),
    );
  });

  it(`${DKK_EXAMPLE} (DKK) has the unsupported-currency violation and the French ones, not BR-FR-CO-12`, () => {
    expectRules(checkInvoice(loadExample(DKK_EXAMPLE)), [
      [['currency'], 'GW-CURRENCY-UNSUPPORTED'],
      [['customer_snapshot'], 'BR-FR-12'],
      [['lines', 0, 'taxes', 0, 'percentage'], 'BR-FR-16'],
    ]);
  });

  it('does not modify the document it checks', () => {
    const doc = invoice().withCurrency('DKK').with('extra', { country: 'nl' }).build();
    const before = structuredClone(doc);
    checkInvoice(doc);
    expect(doc).toEqual(before);
  });
});

describe('invoice with several problems at once', () => {
  it('returns all of them, with exact paths', () => {
    const doc = invoice()
      .withCurrency('EURO')
      .withoutLines()
      .withLine((line) => line.withTaxes(tax(), tax({ name: 'Eco tax', percentage: 5 })))
      .withLine((line) => line.withTaxes(tax({ percentage: 150 })))
      .withBillingCountry('XX')
      .with('shipping_address', { line1: 'Ilica 1', city: 'Zagreb', country: 'hr' })
      .withTaxIds({ type: 'eu_vat', value: 'HR46830600751' }, { type: 'siren', value: '732829321' })
      .build();
    expectRules(checkInvoice(doc), [
      [['currency'], 'BR-CL-04'],
      [['lines', 0, 'taxes'], 'GW-ONE-TAX-PER-LINE'],
      [['lines', 1, 'taxes', 0, 'percentage'], 'GW-TAX-RATE-RANGE'],
      [['customer_snapshot', 'billing_address', 'country'], 'BR-CL-14'],
      [['shipping_address', 'country'], 'BR-CL-14'],
      [['customer_snapshot', 'tax_ids', 1, 'value'], 'GW-SIREN'],
    ]);
    const messages = checkInvoice(doc)
      .map((v) => v.message)
      .join('\n');
    for (const value of ['"EURO"', '2 taxes', 'Tax rate 150', '"XX"', '"hr"', '"732829321"']) {
      expect(messages).toContain(value);
    }
  });

  it('checks the rate of every tax on a line that has too many', () => {
    const doc = invoice()
      .withoutLines()
      .withLine((line) => line.withTaxes(tax({ percentage: 20 }), tax({ percentage: -5 }), tax({ percentage: 101 })))
      .build();
    expectRules(checkInvoice(doc), [
      [['lines', 0, 'taxes'], 'GW-ONE-TAX-PER-LINE'],
      [['lines', 0, 'taxes', 1, 'percentage'], 'GW-TAX-RATE-RANGE'],
      [['lines', 0, 'taxes', 2, 'percentage'], 'GW-TAX-RATE-RANGE'],
    ]);
  });

  it('reports one GW-ONE-TAX-PER-LINE per offending line', () => {
    const twoTaxes = (line: LineBuilder) => line.withTaxes(tax(), tax());
    const doc = invoice().withoutLines().withLine(twoTaxes).withLine().withLine(twoTaxes).build();
    const violations = checkInvoice(doc);
    expect(violations).toEqual([
      { path: ['lines', 0, 'taxes'], rule: 'GW-ONE-TAX-PER-LINE', message: 'Line has 2 taxes; at most one tax per line is accepted' },
      { path: ['lines', 2, 'taxes'], rule: 'GW-ONE-TAX-PER-LINE', message: 'Line has 2 taxes; at most one tax per line is accepted' },
    ]);
  });

  it('accepts a line without any tax', () => {
    expect(
      checkInvoice(
        invoice()
          .withLine((line) => line.withTaxes())
          .build(),
      ),
    ).toEqual([]);
  });
});

describe('tax rate range (GW-TAX-RATE-RANGE)', () => {
  it.each([0, 5.5, 2.1, 20])('accepts %d %%', (percentage) => {
    expect(
      checkInvoice(
        invoice()
          .withLine((line) => line.withTaxes(tax({ percentage })))
          .build(),
      ),
    ).toEqual([]);
  });

  it('accepts 100 % as a rate, which French VAT then refuses (BR-FR-16, not GW-TAX-RATE-RANGE)', () => {
    const doc = invoice()
      .withLine((line) => line.withTaxes(tax({ percentage: 100 })))
      .build();
    expect(pathsAndRules(checkInvoice(doc))).toEqual([[['lines', 1, 'taxes', 0, 'percentage'], 'BR-FR-16']]);
  });

  it.each(REFUSED_RATES)('refuses %d %%', (percentage) => {
    const doc = invoice()
      .withLine((line) => line.withTaxes(tax({ percentage })))
      .build();
    expect(checkInvoice(doc)).toEqual([
      {
        path: ['lines', 1, 'taxes', 0, 'percentage'],
        rule: 'GW-TAX-RATE-RANGE',
        message: `Tax rate ${String(percentage)} is outside 0 to 100 percent`,
      },
    ]);
  });
});

describe('customer tax ids', () => {
  it('reports each bad tax id at its own value path and leaves good ones alone', () => {
    const doc = invoice()
      .withTaxIds(
        { type: 'siret', value: '73282932000074' },
        { type: 'fr_vat', value: 'FR41303265045' },
        { type: 'duns', value: 'whatever' },
        { type: 'SIRET', value: '73282932000075' },
        { type: 'eu_vat', value: 'GR123456789' },
      )
      .build();
    expectRules(checkInvoice(doc), [
      [['customer_snapshot', 'tax_ids', 1, 'value'], 'GW-VAT-FR-KEY'],
      [['customer_snapshot', 'tax_ids', 3, 'value'], 'GW-SIRET'],
      [['customer_snapshot', 'tax_ids', 4, 'value'], 'GW-VAT-FORMAT'],
    ]);
  });

  it('accepts a customer without tax_ids', () => {
    const doc = invoice().build();
    delete doc.customer_snapshot.tax_ids;
    expect(checkInvoice(doc)).toEqual([]);
  });
});

describe('unknown fields', () => {
  it('are tolerated everywhere', () => {
    const doc = invoice()
      .with('x_custom', { anything: [1, 'two', null] })
      .withCustomerField('x_segment', 'smb')
      .withTaxIds({ type: 'eu_vat', value: 'HR46830600751', verified: true })
      .withLine((line) => line.with('x_sku', 'A-1').withTaxes({ ...tax(), x_code: 'S' }))
      .build();
    expect(checkInvoice(doc)).toEqual([]);
  });
});

describe('credit notes', () => {
  it('passes when built from the fixture', () => {
    expect(checkCreditNote(creditNote().build())).toEqual([]);
  });

  it.each([
    ['absent', creditNote().withoutCurrency()],
    ['undefined', creditNote().withCurrency(undefined)],
  ])('refuses a currency that is %s with BR-05', (_label, builder) => {
    expect(checkCreditNote(builder.build())).toEqual([
      { path: ['currency'], rule: 'BR-05', message: expect.stringContaining('currency is missing') },
    ]);
  });

  it('reports BR-05 together with the line rules', () => {
    const doc = creditNote()
      .withoutCurrency()
      .withLine((line) => line.withTaxes(tax({ percentage: 200 }), tax()))
      .build();
    expectRules(checkCreditNote(doc), [
      [['currency'], 'BR-05'],
      [['lines', 1, 'taxes'], 'GW-ONE-TAX-PER-LINE'],
      [['lines', 1, 'taxes', 0, 'percentage'], 'GW-TAX-RATE-RANGE'],
    ]);
  });

  it('accepts a line with an unknown `type` field', () => {
    expect(
      checkCreditNote(
        creditNote()
          .withLine((line) => line.with('type', 'refund'))
          .build(),
      ),
    ).toEqual([]);
  });

  it('does not check that invoice_id exists (needs the database)', () => {
    expect(checkCreditNote(creditNote().with('invoice_id', 'never-submitted').build())).toEqual([]);
  });
});

describe('structural problems (should be caught before, by the 400 check)', () => {
  it('become GW-SHAPE violations instead of exceptions', () => {
    const doc = { ...invoice().build(), lines: 'none' } as unknown as InvoiceDocument;
    expect(checkInvoice(doc)).toEqual([{ path: ['lines'], rule: 'GW-SHAPE', message: expect.any(String) }]);
  });

  it('do not stop the other rules', () => {
    const note = { ...creditNote().withoutCurrency().build(), lines: 'none' } as never;
    expectRules(checkCreditNote(note), [
      [['currency'], 'BR-05'],
      [['lines'], 'GW-SHAPE'],
    ]);
    const bill = { ...invoice().withCurrency('DKK').withBillingCountry('nl').build(), lines: 'none' } as never;
    expectRules(checkInvoice(bill), [
      [['currency'], 'GW-CURRENCY-UNSUPPORTED'],
      [['customer_snapshot', 'billing_address', 'country'], 'BR-CL-14'],
      [['lines'], 'GW-SHAPE'],
    ]);
  });
});

describe('null means absent on the wire', () => {
  it('accepts null tax_ids', () => {
    expect(checkInvoice(invoice().withCustomerField('tax_ids', null).build())).toEqual([]);
  });

  it('reports a null credit note currency as BR-05, like an absent one', () => {
    expect(
      checkCreditNote(
        creditNote()
          .withCurrency(null as never)
          .build(),
      ),
    ).toEqual([{ path: ['currency'], rule: 'BR-05', message: expect.any(String) }]);
  });
});
