/**
 * The rule tables of the unit tests, shared with the differential test (test/differential/refusals.test.ts), which
 * renders every refused body into UBL and runs the official artefacts on it: one source for what the suite calls a
 * 422. Each table is a list of rows; `ruleCases()` turns them into documents with the rules the gateway reports.
 * Users: test/unit/einvoice/derive.test.ts, test/unit/rules/{identifiers,buyer-vat,late-rules,text}.test.ts.
 */
import { readFileSync } from 'node:fs';
import { completeSellerProfile, DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../../src/model/documents.ts';
import type { SellerProfile } from '../../src/model/seller-profile.ts';
import { creditNote, DKK_EXAMPLE, foreignBuyer, invoice as invoiceBuilder, loadExample, OFFICIAL_EXAMPLES, tax } from './documents.ts';

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')) as T;
export const INVOICE = read<InvoiceDocument>('fr-b2b-invoice.json');
export const CREDIT_NOTE = read<CreditNoteDocument>('fr-credit-note.json');

/** The example invoice changed by `edit` (on a deep copy). */
export function invoice(edit: (doc: InvoiceDocument) => void): InvoiceDocument {
  const doc = structuredClone(INVOICE);
  edit(doc);
  return doc;
}

/** Moves `k` cents onto line 0's tax, keeping tax_total, total and amount_due consistent with it. */
export function lineTax(doc: InvoiceDocument, k: number): void {
  doc.lines[0]!.taxes[0]!.amount += k;
  doc.tax_total += k;
  doc.total += k;
  doc.amount_due += k;
}

/** Makes every line a 0 % line of `category` (undefined: inferred), with no tax. */
export function zeroRated(doc: InvoiceDocument, category?: string): void {
  for (const line of doc.lines) line.taxes = [{ percentage: 0, amount: 0, ...(category ? { category } : {}) }];
  Object.assign(doc, { tax_total: 0, total: doc.total_excl_tax, amount_due: doc.total_excl_tax });
}

export const consumer: CustomerSnapshot = { name: 'Claire Dubois', billing_address: { country: 'FR' }, tax_ids: [] };
export const german: CustomerSnapshot = {
  name: 'Delta GmbH',
  billing_address: { country: 'DE' },
  tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
};

export type Row = [rule: string, what: string, doc: InvoiceDocument, path: Array<string | number>];
export const RULES: Row[] = [
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

/** [type, value, rule or null]: customer tax ids (test/unit/rules/identifiers.test.ts). */
export type TaxIdRow = [type: string, value: string, rule: string | null];

export const SIREN_ROWS: TaxIdRow[] = [
  ['siren', '732829320', null],
  ['SIREN', '732829320', null],
  ['fr_siren', '356000000', null],
  ['siren', '732829321', 'GW-SIREN'],
  ['siren', '73282932', 'GW-SIREN'],
  ['siren', '7328293200', 'GW-SIREN'],
  ['siren', '73282932A', 'GW-SIREN'],
  ['siren', '732 829 320', 'GW-SIREN'],
  ['siren', '', 'GW-SIREN'],
  ['fr_siren', '١٢٣٤٥٦٧٨٩', 'GW-SIREN'], // non-ASCII digits
];

export const SIRET_ROWS: TaxIdRow[] = [
  ['siret', '73282932000074', null],
  ['FR_SIRET', '73282932000074', null],
  ['siret', '35600000000048', null], // La Poste head office (Luhn-valid)
  ['siret', '35600000049837', null], // La Poste establishment: digit sum 45
  ['siret', '35600000049814', null], // La Poste establishment: digit sum 40
  ['siret', '73282932000075', 'GW-SIRET'],
  ['siret', '7328293200007', 'GW-SIRET'],
  ['siret', '732829320000740', 'GW-SIRET'],
  ['siret', '7328293200007A', 'GW-SIRET'],
  ['siret', '732 829 320 00074', 'GW-SIRET'],
  ['siret', '35600000049838', 'GW-SIRET'], // La Poste, digit sum 46
  ['siret', '35600000000014', 'GW-SIRET'], // La Poste, Luhn-valid but digit sum 19
];

export const VAT_ROWS: TaxIdRow[] = [
  ['eu_vat', 'FR40303265045', null],
  ['fr_vat', 'FR40303265045', null],
  ['VAT', 'FR40303265045', null],
  ['eu_vat', 'FR41303265045', 'GW-VAT-FR-KEY'],
  ['eu_vat', 'FR00303265045', 'GW-VAT-FR-KEY'],
  ['eu_vat', 'FRAB303265045', null], // alphabetic key: format only
  ['eu_vat', 'FR4030326504', 'GW-VAT-FORMAT'],
  ['eu_vat', 'FR 40303265045', 'GW-VAT-FORMAT'],
  ['eu_vat', 'FR40 303265045', 'GW-VAT-FORMAT'],
  ['eu_vat', 'fr40303265045', 'BR-CO-09'], // lowercase prefix is not a VAT prefix
  ['eu_vat', 'EL123456789', null],
  ['eu_vat', 'GR123456789', 'GW-VAT-FORMAT'], // ISO code, so BR-CO-09 passes; VIES writes EL
  ['eu_vat', 'EL12345678', 'GW-VAT-FORMAT'],
  ['eu_vat', 'DE123456789', null],
  ['eu_vat', 'DE12345678', 'GW-VAT-FORMAT'],
  ['eu_vat', 'DE1234567890', 'GW-VAT-FORMAT'],
  ['eu_vat', 'ESX1234567B', null],
  ['eu_vat', 'ESx1234567B', 'GW-VAT-FORMAT'], // lowercase after the prefix
  ['eu_vat', 'XI123456789', null],
  ['eu_vat', 'XI123456789012', null],
  ['eu_vat', 'XIGD123', null],
  ['eu_vat', 'XI12345678', 'GW-VAT-FORMAT'],
  ['eu_vat', 'XI123456797', 'GW-VAT-FORMAT'], // GB check digits 97-99 do not exist
  ['eu_vat', 'XI123 4567 89', 'GW-VAT-FORMAT'],
  // Outside the EU VIES prefixes only BR-CO-09's prefix is checked, as the EN 16931 artefacts do.
  ['eu_vat', 'GB123456789', null],
  ['vat', 'GB123456789012', null],
  ['eu_vat', 'CHE123456789', null], // Swiss UID: prefix CH
  ['vat', 'CHE-123.456.789 MWST', null],
  ['eu_vat', 'NO987654321MVA', null], // the official EN 16931 examples' buyer
  ['vat', 'US123456789', null],
  ['vat', '1A12345', null], // Kosovo in the artefacts' list
  ['vat', 'XK12345', 'BR-CO-09'], // user-assigned code, not in the artefacts' list
  ['vat', 'ZZ123456789', 'BR-CO-09'],
  ['vat', 'EU123456789', 'BR-CO-09'], // OSS/MOSS numbers are not a BT-48 prefix
  ['vat', 'gb123456789', 'BR-CO-09'],
  ['vat', '12345678', 'BR-CO-09'],
  ['eu_vat', 'HR46830600751', null], // real fixture value
  ['eu_vat', 'DK87654321', null], // real fixture value
  ['eu_vat', '', 'GW-VAT-FORMAT'], // no prefix to test: the artefacts would see no BT-48
];

/** [country, VAT number, e-mail, rules at submission, BT-49 scheme when accepted] (test/unit/rules/buyer-vat.test.ts). */
export type ForeignBuyerRow = [country: string, vat: string, email: string | undefined, rules: string[], scheme: string | undefined];

export const FOREIGN_BUYER_ROWS: ForeignBuyerRow[] = [
  ['GB', 'GB123456789', 'ap@example.co.uk', [], 'EM'],
  ['GB', 'GB123456789', undefined, [], '9932'],
  ['CH', 'CHE123456789', undefined, [], '9927'],
  ['CH', 'CHE123456789MWST', 'compta@example.ch', [], 'EM'],
  ['NO', 'NO987654321MVA', 'post@example.no', [], 'EM'],
  ['NO', 'NO987654321MVA', undefined, ['BR-FR-12'], undefined], // no EAS scheme for Norwegian VAT numbers
  ['DE', 'DE123456789', undefined, [], '9930'],
  ['BE', 'BE0123456749', undefined, [], '9925'],
  ['IT', 'IT02241850367', undefined, [], '0211'],
  ['FI', 'FI12345671', undefined, [], '0213'],
  ['GR', 'EL094259216', undefined, [], '9933'],
  ['DK', 'DK87654321', undefined, ['BR-FR-12'], undefined],
  ['SE', 'SE123451234501', undefined, ['BR-FR-12'], undefined],
  ['US', 'US123456789', undefined, ['BR-FR-12'], undefined],
  ['GR', 'GR094259216', 'a@example.gr', ['GW-VAT-FORMAT'], undefined],
  ['XX', 'XX123', 'a@example.com', ['BR-CL-14', 'BR-CO-09'], undefined],
];

/** [period_start, period_end, refused with BR-29] (test/unit/rules/late-rules.test.ts). */
export const PERIOD_ROWS: Array<[start: string | undefined, end: string | undefined, refused: boolean]> = [
  ['2026-11-01', '2026-11-30', false],
  ['2026-11-01', '2026-11-01', false], // a one-day period
  ['2026-11-30', '2026-11-01', true],
  ['2026-12-01', '2026-11-30', true],
  ['2027-01-01', '2026-12-31', true],
  ['2026-11-30', undefined, false],
  [undefined, '2026-11-01', false],
];

/** The base invoice with the period given (absent bounds left out). */
export function withPeriod(start: string | undefined, end: string | undefined): InvoiceDocument {
  let builder = invoiceBuilder().without('period_start').without('period_end');
  if (start !== undefined) builder = builder.with('period_start', start);
  if (end !== undefined) builder = builder.with('period_end', end);
  return builder.build();
}

/**
 * [seller's default framework, body's billing_framework, paid in full, expected]: BR-FR-CO-09 at submission
 * (test/unit/rules/late-rules.test.ts). `profile`: refused with profile_path; `body`: refused on the body's own.
 */
export type FrameworkRow = [seller: string, body: string | undefined, paid: boolean, expected: 'accepted' | 'profile' | 'body'];

export const FRAMEWORK_ROWS: FrameworkRow[] = [
  ['S1', undefined, false, 'accepted'],
  ['S2', undefined, true, 'accepted'],
  ['B2', undefined, false, 'profile'],
  ['M2', undefined, false, 'profile'],
  ['B2', 'B1', false, 'accepted'], // the body chooses another framework for this document
  ['S1', 'S2', false, 'body'],
  ['S1', 'S2', true, 'accepted'],
];

/** The demo seller with `framework` as its default billing framework. */
export function sellerWithFramework(framework: string): SellerProfile {
  return completeSellerProfile({ ...DEMO_SELLER_PROFILE, billing_framework: framework });
}

/** The base invoice for a framework row: the body's framework when given, paid in full when asked. */
export function frameworkInvoice(bodyFramework: string | undefined, paid: boolean): InvoiceDocument {
  let builder = invoiceBuilder();
  if (bodyFramework !== undefined) builder = builder.with('billing_framework', bodyFramework);
  const doc = builder.build();
  return paid ? { ...doc, amount_paid: doc.total, amount_due: 0 } : doc;
}

const BELL = '\u0007';
/** [field, edit of the base invoice, path of the GW-CONTROL-CHARACTER] (test/unit/rules/text.test.ts). */
export type ControlRow = [field: string, edit: (doc: any) => void, path: Array<string | number>];

export const CONTROL_ROWS: ControlRow[] = [
  ['buyer name', (d) => void (d.customer_snapshot.name = `Dupont${BELL}`), ['customer_snapshot', 'name']],
  ['buyer e-mail', (d) => void (d.customer_snapshot.email = `a${BELL}@example.com`), ['customer_snapshot', 'email']],
  ['address line1', (d) => void (d.customer_snapshot.billing_address.line1 += BELL), ['customer_snapshot', 'billing_address', 'line1']],
  ['city', (d) => void (d.customer_snapshot.billing_address.city += '\u0000'), ['customer_snapshot', 'billing_address', 'city']],
  [
    'postal code',
    (d) => void (d.customer_snapshot.billing_address.postal_code += '\u001f'),
    ['customer_snapshot', 'billing_address', 'postal_code'],
  ],
  [
    'tax id',
    (d) => void (d.customer_snapshot.tax_ids = [{ type: 'vat', value: `GB123${BELL}` }]),
    ['customer_snapshot', 'tax_ids', 0, 'value'],
  ],
  ['line id', (d) => void (d.lines[0].id += BELL), ['lines', 0, 'id']],
  ['line description', (d) => void (d.lines[0].description += '\ud800'), ['lines', 0, 'description']],
];

/** The base invoice changed by a control-character row. */
export function controlInvoice(edit: ControlRow[1]): InvoiceDocument {
  const doc = invoiceBuilder().build();
  edit(doc);
  return doc;
}

/** [currency, rule] (test/unit/rules/code-lists.test.ts). */
export const CURRENCY_ROWS: Array<[code: string, rule: string]> = [
  ['DKK', 'GW-CURRENCY-UNSUPPORTED'],
  ['SEK', 'GW-CURRENCY-UNSUPPORTED'],
  ['XTS', 'GW-CURRENCY-UNSUPPORTED'], // ISO 4217 testing code: real, not supported
  ['EURO', 'BR-CL-04'],
  ['eur', 'BR-CL-04'],
  ['Eur', 'BR-CL-04'],
  ['EU', 'BR-CL-04'],
  ['XYZ', 'BR-CL-04'],
  [' EUR', 'BR-CL-04'],
  ['', 'BR-CL-04'],
];

/** Tax rates refused as GW-TAX-RATE-RANGE (test/unit/rules/documents.test.ts). */
export const REFUSED_RATES: number[] = [-0.01, 100.01, 150, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

/** A document of the tables, as the differential test submits it. */
export interface RuleCase {
  table: string;
  label: string;
  kind: 'invoice' | 'credit_note';
  body: InvoiceDocument | CreditNoteDocument;
  /** A credit note's buyer: its invoice's customer. */
  customer?: CustomerSnapshot | undefined;
  /** The seller the document is checked and written with (default: the demo seller). */
  seller?: SellerProfile;
}

/** Every document the rule tables above build (accepted ones included: the differential test keeps the refused). */
export function ruleCases(): RuleCase[] {
  const cases: RuleCase[] = [];
  const add = (table: string, label: string, body: InvoiceDocument, seller?: SellerProfile) =>
    cases.push({ table, label, kind: 'invoice', body, ...(seller && { seller }) });
  for (const [rule, what, doc] of RULES) add('body rules (derive.test.ts)', `${rule}: ${what}`, doc);
  for (const [type, value] of [...SIREN_ROWS, ...SIRET_ROWS, ...VAT_ROWS]) {
    add('tax ids (identifiers.test.ts)', `${type} ${JSON.stringify(value)}`, invoiceBuilder().withTaxIds({ type, value }).build());
  }
  for (const [country, vat, email] of FOREIGN_BUYER_ROWS) {
    add('foreign buyers (buyer-vat.test.ts)', `${country} ${vat} e-mail ${email}`, foreignBuyer(country, vat, email));
  }
  for (const [start, end] of PERIOD_ROWS) add('periods (late-rules.test.ts)', `${start} to ${end}`, withPeriod(start, end));
  for (const [seller, body, paid] of FRAMEWORK_ROWS) {
    add(
      'frameworks (late-rules.test.ts)',
      `seller ${seller}, body ${body}, paid ${paid}`,
      frameworkInvoice(body, paid),
      sellerWithFramework(seller),
    );
  }
  for (const [field, edit] of CONTROL_ROWS) add('control characters (text.test.ts)', field, controlInvoice(edit));
  for (const [code] of CURRENCY_ROWS)
    add('currencies (code-lists.test.ts)', JSON.stringify(code), invoiceBuilder().withCurrency(code).build());
  for (const code of ['USD', 'GBP', 'CHF', 'JPY', 'BHD']) {
    add('currencies (code-lists.test.ts)', `${code} without tax_total_eur`, invoiceBuilder().withCurrency(code).build());
  }
  for (const percentage of [...REFUSED_RATES, 100]) {
    const doc = invoiceBuilder()
      .withLine((line) => line.withTaxes(tax({ percentage })))
      .build();
    add('tax rates (documents.test.ts)', `${percentage} %`, doc);
  }
  for (const name of [...OFFICIAL_EXAMPLES, DKK_EXAMPLE]) add('real fixtures (documents.test.ts)', name, loadExample(name));
  cases.push({
    table: 'frameworks (late-rules.test.ts)',
    label: 'credit note under an S2 default',
    kind: 'credit_note',
    body: creditNote().build(),
    customer: INVOICE.customer_snapshot,
    seller: sellerWithFramework('S2'),
  });
  return cases;
}
