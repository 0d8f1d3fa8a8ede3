// The CII the gateway writes is UN/CEFACT CII D22B (issue 31): the validator loads the pinned uncoupled D22B
// schema (artefacts/cii-d22b/, its files as its README hashes them), every French example and a variant for each
// optional branch of the writer pass it and both schematrons (EN 16931, BR-FR), so do generated bodies (XSD),
// and the schema is D22B, not the D16B subset: it rejects codes outside the UN/CEFACT code lists.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNoteDocument, InvoiceDocument } from '../../../src/model/documents.ts';
import { writeCii } from '../../../src/einvoice/cii.ts';
import { deriveFromBody } from '../../../src/einvoice/derive.ts';
import { type PrecedingInvoice, toEInvoice } from '../../../src/einvoice/map.ts';
import { writeUbl } from '../../../src/einvoice/ubl.ts';
import type { SellerProfile } from '../../../src/model/seller-profile.ts';
import { artefactsRoot, xsdFiles } from '../../../src/validation/artefacts.ts';
import { createValidator, type Validator } from '../../../src/validation/index.ts';
import { loadXsdChecker } from '../../../src/validation/xsd.ts';
import { bodyCase } from '../../support/einvoice-arbitraries.ts';
import { DEMO_PROFILE, deriveInput, describeFinding } from '../../support/einvoice-chain.ts';
import { testEngine } from '../../support/validation.ts';
import { writerVariants } from '../../support/writer-variants.ts';

const root = artefactsRoot();
const dir = join(root, 'cii-d22b');
const checkXsd = loadXsdChecker(root);
const example = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')) as T;

describe('the pinned CII D22B schema', () => {
  it('is the schema the validator loads for CII', () => {
    expect(xsdFiles(root).cii).toBe(join(dir, 'CrossIndustryInvoice_100pD22B.xsd'));
    expect(readFileSync(xsdFiles(root).cii, 'utf8')).toContain('version="100.D22B"');
  });

  it('is the 65 files its README lists, each with its sha256', () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    // Rows name each file by what follows the prefix: `….xsd`, `…_urn_un_unece_….xsd`.
    const listed = [...readme.matchAll(/^\| `…([^`]*\.xsd)` \| `([0-9a-f]{64})` \|$/gm)].map(([, rest, sha]) => [
      `CrossIndustryInvoice_100pD22B${rest}`,
      sha,
    ]);
    const files = readdirSync(dir).filter((name) => name.endsWith('.xsd'));
    expect(files).toHaveLength(65);
    const actual = files.map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(actual));
  });
});

const invoice = example<InvoiceDocument>('fr-b2b-invoice.json');
const issueDate = deriveFromBody({ kind: 'invoice', document: invoice }).document!.issueDate;
const variants = writerVariants(invoice);

interface Case {
  label: string;
  body: InvoiceDocument | CreditNoteDocument;
  profile?: SellerProfile;
  preceding?: PrecedingInvoice;
}

/** The French examples, and variants reaching every optional branch of the CII writer. */
const CASES: Case[] = [
  ...['fr-b2b-invoice.json', 'fr-b2c-invoice.json', 'fr-b2bint-invoice.json', 'fr-multi-rate-invoice.json'].map((file) => ({
    label: file,
    body: example<InvoiceDocument>(file),
  })),
  {
    label: 'fr-credit-note.json',
    body: example<CreditNoteDocument>('fr-credit-note.json'),
    preceding: { number: invoice.number, issueDate },
  },
  { label: 'USD, part-paid, AE and K, discount', ...variants.usdPartPaid },
  { label: 'document-level charge', ...variants.charge },
  {
    label: 'VAT on debits (BT-8), no payment means',
    body: invoice,
    profile: { ...DEMO_PROFILE, vat_on_debits: true, iban: null, bic: null },
  },
];

function written(c: Case): { ubl: string; cii: string } {
  const kind = 'invoice_id' in c.body ? 'credit_note' : 'invoice';
  const derived = deriveFromBody(deriveInput(kind, c.body, invoice.customer_snapshot));
  if (!derived.document) throw new Error(`${c.label}: ${JSON.stringify(derived.violations)}`);
  const einvoice = toEInvoice(derived.document, c.profile ?? DEMO_PROFILE, c.preceding);
  return { ubl: writeUbl(einvoice), cii: writeCii(einvoice) };
}

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 2 });
});
afterAll(() => validator.close());

describe.each(CASES)('the CII written for $label', (c) => {
  it('passes the D22B XSD, EN 16931 and BR-FR with no fatal finding', async () => {
    const { cii } = written(c);
    expect(checkXsd('cii', cii)).toEqual([]);
    const report = await validator.validate('cii', cii);
    expect(report.fatal.map(describeFinding)).toEqual([]);
    expect(report.timingsMs.brfr).toBeGreaterThan(0);
  });
});

describe('the cases', () => {
  it('reach every element the CII writer can write', () => {
    const source = readFileSync(new URL('../../../src/einvoice/cii.ts', import.meta.url), 'utf8');
    const writable = new Set([...source.matchAll(/'((?:ram|rsm):\w+)'/g)].map(([, name]) => name!));
    const reached = new Set(CASES.flatMap((c) => [...written(c).cii.matchAll(/<((?:ram|rsm):\w+)[ >]/g)].map(([, name]) => name!)));
    expect(writable.size).toBeGreaterThan(60);
    expect([...writable].filter((name) => !reached.has(name))).toEqual([]);
  });
});

describe('generated bodies the gateway accepts', () => {
  it('are written as CII that passes the D22B XSD', () => {
    const cases = fc.sample(bodyCase, { seed: 20261127, numRuns: 150 });
    const failures: string[] = [];
    for (const c of cases) {
      const derived = deriveFromBody(deriveInput(c.kind, c.body, c.customer));
      expect(derived.violations).toEqual([]);
      const cii = writeCii(toEInvoice(derived.document!, DEMO_PROFILE, c.preceding));
      for (const finding of checkXsd('cii', cii)) failures.push(`${c.kind} ${c.buyerKind} ${c.body.number}: ${describeFinding(finding)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the D22B code lists (the D16B subset took any token)', () => {
  const { cii } = written(CASES[0]!);
  it.each([
    ['a French document type D22A lacks (471)', '<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>471</ram:TypeCode>', 'TypeCode'],
    [
      'a withdrawn currency (VEF)',
      '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
      '<ram:InvoiceCurrencyCode>VEF</ram:InvoiceCurrencyCode>',
      'InvoiceCurrencyCode',
    ],
    [
      'a VAT category outside UNTDID 5305 (X)',
      '<ram:CategoryCode>S</ram:CategoryCode>',
      '<ram:CategoryCode>X</ram:CategoryCode>',
      'CategoryCode',
    ],
    ['a payment means outside UNTDID 4461 (999)', '<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode>999</ram:TypeCode>', 'TypeCode'],
  ])('rejects %s', (_, from, to, element) => {
    expect(cii).toContain(from);
    const findings = checkXsd('cii', cii.replace(from, to));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.message).toContain(`${element}': [facet 'enumeration']`);
  });

  it('rejects the country XK, which the gateway takes and EN 16931 (BR-CL-14) refuses too', async () => {
    const body = structuredClone(invoice);
    body.customer_snapshot.billing_address.country = 'XK';
    const c = written({ label: 'XK', body });
    expect(checkXsd('cii', c.cii).map((f) => f.message)).toEqual([
      expect.stringContaining("CountryID': [facet 'enumeration'] The value 'XK'"),
    ]);
    const ubl = await validator.validate('ubl', c.ubl);
    expect(ubl.fatal.map((f) => f.rule)).toContain('BR-CL-14');
  });
});
