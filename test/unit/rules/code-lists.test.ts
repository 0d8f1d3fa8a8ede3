import { describe, expect, it } from 'vitest';
import { checkCreditNote, checkInvoice, isSupportedCurrency, SUPPORTED_CURRENCIES } from '../../../src/domain/rules/index.ts';
import { creditNote, invoice } from '../../support/documents.ts';
import { CURRENCY_ROWS } from '../../support/rule-tables.ts';
import { itMaps } from '../../support/unit-tables.ts';

const SPEC_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'KRW', 'XOF', 'XAF', 'BHD', 'KWD', 'TND'];

describe('supported currencies', () => {
  it('are exactly the spec list, with their ISO 4217 minor units', () => {
    expect(Object.fromEntries(SUPPORTED_CURRENCIES)).toEqual({
      EUR: 2,
      USD: 2,
      GBP: 2,
      CHF: 2,
      CAD: 2,
      AUD: 2,
      JPY: 0,
      KRW: 0,
      XOF: 0,
      XAF: 0,
      BHD: 3,
      KWD: 3,
      TND: 3,
    });
  });

  itMaps('isSupportedCurrency(%j) is %s', isSupportedCurrency, [
    ['EUR', true],
    ['TND', true],
    ['eur', false],
    ['DKK', false],
    ['', false],
  ]);
});

describe('currency rule (/currency)', () => {
  it.each(SPEC_CURRENCIES)('accepts %s on an invoice and a credit note (with the VAT total in EUR when not EUR)', (code) => {
    // BR-FR-CO-12: a document not in EUR also states its VAT total in EUR (BT-111).
    const eur = (builder: { with(key: string, value: unknown): unknown }) =>
      code === 'EUR' ? builder : builder.with('tax_total_eur', 580);
    expect(checkInvoice((eur(invoice().withCurrency(code)) as ReturnType<typeof invoice>).build())).toEqual([]);
    expect(checkCreditNote((eur(creditNote().withCurrency(code)) as ReturnType<typeof creditNote>).build())).toEqual([]);
  });

  it.each(SPEC_CURRENCIES.filter((code) => code !== 'EUR'))('refuses %s without the VAT total in EUR (BR-FR-CO-12)', (code) => {
    expect(checkInvoice(invoice().withCurrency(code).build())).toEqual([
      { path: ['tax_total_eur'], rule: 'BR-FR-CO-12', message: expect.stringContaining(code) },
    ]);
  });

  it.each(CURRENCY_ROWS)('%j -> %s on an invoice and a credit note', (code, rule) => {
    const expected = [{ path: ['currency'], rule, message: expect.stringContaining(JSON.stringify(code)) }];
    expect(checkInvoice(invoice().withCurrency(code).build())).toEqual(expected);
    expect(checkCreditNote(creditNote().withCurrency(code).build())).toEqual(expected);
  });

  it('lists the supported currencies in the unsupported message', () => {
    const [violation] = checkInvoice(invoice().withCurrency('DKK').build());
    expect(violation?.message).toBe(`Currency "DKK" is not supported; supported: ${SPEC_CURRENCIES.join(', ')}`);
  });
});

describe('country rule (BR-CL-14)', () => {
  const billingCountry = ['customer_snapshot', 'billing_address', 'country'];

  it.each(['NL', 'FR', 'DE', 'GR', 'HR', 'DK'])('accepts %j', (country) => {
    expect(checkInvoice(invoice().withBillingCountry(country).build())).toEqual([]);
  });

  it.each(['nl', 'Nl', 'XX', 'UK', 'EL', 'XI', 'NLD', '528', ' NL', '', 'N'])('refuses %j', (country) => {
    expect(checkInvoice(invoice().withBillingCountry(country).build())).toEqual([
      { path: billingCountry, rule: 'BR-CL-14', message: expect.stringContaining(JSON.stringify(country)) },
    ]);
  });

  it.each([[42], [null], [['NL']], [{ code: 'NL' }], [true]])('refuses the non-string value %j', (country) => {
    expect(checkInvoice(invoice().withBillingCountry(country).build())).toEqual([
      { path: billingCountry, rule: 'BR-CL-14', message: expect.any(String) },
    ]);
  });

  it('checks every `country` key at any depth, including unknown fields and arrays', () => {
    const doc = invoice()
      .with('shipping_address', { line1: '1 Rue X', country: 'fr' })
      .with('parties', [
        { role: 'payee', address: { country: 'FR' } },
        { role: 'agent', address: { country: 'XX' } },
      ])
      .with('meta', { deeply: { nested: [[{ country: 7 }]] } })
      .withCustomerField('delivery', { country: 'EL' })
      .withLine((line) => line.with('origin', { country: 'uk' }))
      .build();
    const found = checkInvoice(doc).map((v) => [v.path, v.rule]);
    expect(found).toEqual(
      expect.arrayContaining([
        [['shipping_address', 'country'], 'BR-CL-14'],
        [['parties', 1, 'address', 'country'], 'BR-CL-14'],
        [['meta', 'deeply', 'nested', 0, 0, 'country'], 'BR-CL-14'],
        [['customer_snapshot', 'delivery', 'country'], 'BR-CL-14'],
        [['lines', 1, 'origin', 'country'], 'BR-CL-14'],
      ]),
    );
    expect(found).toHaveLength(5);
  });

  it("reports depth first, in document order: an object's own country, then its fields in key order", () => {
    const doc = {
      ...invoice().build(),
      z_first: { country: 'aa', inner: { country: 'bb' }, list: [{ country: 'cc' }, { country: 'dd' }] },
      z_second: [{ country: 'ee' }],
      country: 'ff',
    };
    expect(checkInvoice(doc).map((v) => v.path.join('/'))).toEqual([
      'country',
      'z_first/country',
      'z_first/inner/country',
      'z_first/list/0/country',
      'z_first/list/1/country',
      'z_second/0/country',
    ]);
  });

  it('checks countries on credit notes too', () => {
    const doc = creditNote().with('shipping_address', { country: 'nl' }).build();
    expect(checkCreditNote(doc)).toEqual([
      { path: ['shipping_address', 'country'], rule: 'BR-CL-14', message: expect.stringContaining('"nl"') },
    ]);
  });

  it('survives a very deeply nested unknown field without overflowing the stack', () => {
    let nested: unknown = { country: 'xx' };
    for (let i = 0; i < 200_000; i++) nested = [nested];
    const doc = { ...invoice().build(), deep: nested };
    const violations = checkInvoice(doc);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.rule).toBe('BR-CL-14');
    expect(violations[0]?.path).toHaveLength(200_002);
  });

  it('terminates on a cyclic document built in code', () => {
    const loop: Record<string, unknown> = { country: 'zz' };
    loop['self'] = loop;
    const doc = { ...invoice().build(), loop };
    expect(checkInvoice(doc).map((v) => v.path)).toEqual([['loop', 'country']]);
  });

  it('reports an object a document built in code shares at each path that reaches it', () => {
    const shared = { country: 'zz' };
    const doc = { ...invoice().build(), a: shared, b: [shared] };
    expect(checkInvoice(doc).map((v) => v.path.join('/'))).toEqual(['a/country', 'b/0/country']);
  });
});
