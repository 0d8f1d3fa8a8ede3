// The French example bodies (examples/fr-*.json) through the whole chain, as the pipeline runs it:
// deriveFromBody → toEInvoice (demo seller profile) → writeUbl and writeCii → the official artefacts
// (XSD, EN 16931 1.3.16, BR-FR 1.4.0.03). Every example must pass the gateway's synchronous rules and
// give no fatal finding in either syntax. The credit note is on the B2B invoice: its buyer is that
// invoice's customer and its preceding invoice (BG-3) that invoice.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNoteDocument, InvoiceDocument } from '../../../src/model/documents.ts';
import { type BodyDocument, deriveFromBody } from '../../../src/einvoice/derive.ts';
import type { PrecedingInvoice } from '../../../src/einvoice/map.ts';
import { createValidator, type Validator } from '../../../src/validation/index.ts';
import { testEngine } from '../../support/validation.ts';
import { deriveInput, describeFinding, officialFatal } from '../../support/einvoice-chain.ts';

function example<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')) as T;
}

const invoice = example<InvoiceDocument>('fr-b2b-invoice.json');
const invoiceIssueDate = deriveFromBody({ kind: 'invoice', document: invoice }).document?.issueDate;

interface Example {
  file: string;
  derived: ReturnType<typeof deriveFromBody>;
  preceding: PrecedingInvoice | undefined;
  /** What the example is there to show, checked on the derived document. */
  shows: (document: BodyDocument) => void;
}

function invoiceExample(file: string, shows: Example['shows']): Example {
  const body = example<InvoiceDocument>(file);
  return { file, derived: deriveFromBody(deriveInput('invoice', body, undefined)), preceding: undefined, shows };
}

const EXAMPLES: Example[] = [
  invoiceExample('fr-b2b-invoice.json', (d) => expect(d.processingRule).toBe('B2B')),
  {
    file: 'fr-credit-note.json',
    derived: deriveFromBody(deriveInput('credit_note', example<CreditNoteDocument>('fr-credit-note.json'), invoice.customer_snapshot)),
    preceding: { number: invoice.number, issueDate: invoiceIssueDate },
    shows: (d) => expect([d.kind, d.processingRule]).toEqual(['credit_note', 'B2B']),
  },
  invoiceExample('fr-b2c-invoice.json', (d) => {
    expect(d.processingRule).toBe('B2C');
    expect(d.buyer.endpoint?.scheme).toBe('EM');
    expect(d.buyer.legalId).toBeUndefined();
  }),
  invoiceExample('fr-b2bint-invoice.json', (d) => {
    expect(d.processingRule).toBe('B2BInt');
    expect(d.buyer.address.country).not.toBe('FR');
    expect(d.vatBreakdown.map((v) => [v.category, v.rate, v.taxAmount])).toEqual([['AE', 0, 0]]);
  }),
  invoiceExample('fr-multi-rate-invoice.json', (d) => {
    expect(d.vatBreakdown.map((v) => v.rate).sort()).toEqual([20, 5.5]);
    expect(d.totals.allowanceTotal).toBeGreaterThan(0);
    expect(d.allowanceCharges.every((a) => !a.charge)).toBe(true);
  }),
];

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 2 });
});
afterAll(() => validator.close());

describe.each(EXAMPLES)('examples/$file', ({ derived, preceding, shows }) => {
  it('passes the synchronous rules (deriveFromBody) and shows what it is for', () => {
    expect(derived.violations).toEqual([]);
    expect(derived.document).toBeDefined();
    shows(derived.document!);
  });

  it('has no fatal finding from the official artefacts, in UBL 2.1 and in CII D22B', async () => {
    const fatal = await officialFatal(validator, derived.document!, preceding);
    expect({ ubl: fatal.ubl.map(describeFinding), cii: fatal.cii.map(describeFinding) }).toEqual({ ubl: [], cii: [] });
  });
});

// Business buyers outside France named by a VAT number only (issue 25 item 10): BR-CO-09 takes any ISO 3166-1
// prefix (GB, CH, NO), and BT-49 is the VAT number under its country's EAS scheme when there is no e-mail.
describe.each<[string, string, string | undefined, string]>([
  ['GB', 'GB123456789', undefined, '9932'],
  ['CH', 'CHE123456789', undefined, '9927'],
  ['NO', 'NO987654321MVA', 'post@example.no', 'EM'],
  ['DE', 'DE123456789', undefined, '9930'],
  ['IT', 'IT02241850367', undefined, '0211'],
  ['GR', 'EL094259216', undefined, '9933'],
])('a buyer in %s with VAT number %s, e-mail %s', (country, vat, email, scheme) => {
  it(`is accepted, BT-49 under scheme ${scheme}, and passes the official artefacts in UBL and CII`, async () => {
    const body = structuredClone(invoice);
    body.number = `FA-VAT-${country}`;
    body.customer_snapshot.billing_address.country = country;
    body.customer_snapshot.tax_ids = [{ type: 'eu_vat', value: vat }];
    if (email === undefined) delete body.customer_snapshot.email;
    else body.customer_snapshot.email = email;
    const derived = deriveFromBody(deriveInput('invoice', body, undefined));
    expect(derived.violations).toEqual([]);
    expect(derived.document!.buyer.endpoint?.scheme).toBe(scheme);
    const fatal = await officialFatal(validator, derived.document!, undefined);
    expect({ ubl: fatal.ubl.map(describeFinding), cii: fatal.cii.map(describeFinding) }).toEqual({ ubl: [], cii: [] });
  });
});
