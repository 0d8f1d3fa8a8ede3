/**
 * The 212 Encaissée writer (src/einvoice/cdar/status-212.ts) against the official artefacts: the annex B
 * examples it follows, its own messages field by field, and a differential property: generated B2B invoices
 * (the pipeline's chain), paid in one to three payments split by the payment rules, each 212 checked by the
 * CDAR D22B XSD and the BR-FR CDV schematron 1.4.0.03, and read back by the gateway's own CDAR reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentInvoiceOf, reportingFactsOf } from '../../../src/domain/payments/invoice-facts.ts';
import { decideReporting } from '../../../src/domain/payments/reporting.ts';
import { checkPayment } from '../../../src/domain/payments/rules.ts';
import { status212From } from '../../../src/einvoice/cdar/from-invoice.ts';
import { minorAsDecimal, percentText, type Status212, writeStatus212 } from '../../../src/einvoice/cdar/status-212.ts';
import { deriveFromBody } from '../../../src/einvoice/derive.ts';
import { toEInvoice } from '../../../src/einvoice/map.ts';
import type { EInvoice } from '../../../src/einvoice/model.ts';
import { readCdar } from '../../../src/platform/afnor/cdar.ts';
import { createValidator, type Validator } from '../../../src/validation/index.ts';
import { bodyCase } from '../../support/einvoice-arbitraries.ts';
import { DEMO_PROFILE, deriveInput } from '../../support/einvoice-chain.ts';

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ workers: 1 });
});
afterAll(() => validator.close());

const examplesDir = new URL('../../../artefacts/examples/cdar/', import.meta.url);
const examples = readdirSync(examplesDir)
  .filter((name) => name.endsWith('.xml'))
  .sort();
const fatalIds = async (xml: string) => (await validator.validateCdar(xml)).fatal.map((f) => f.assertionId ?? f.rule).sort();

describe('the official 212 examples (XP Z12-012 / XP Z12-014 annex B)', () => {
  it.each(examples.filter((name) => !name.includes('POUR_PPF')))(
    '%s passes the XSD and breaks only BR-FR-CDV-16: the sequence number the writer adds',
    async (name) => {
      const xml = readFileSync(new URL(name, examplesDir), 'utf8');
      expect(await fatalIds(xml)).toEqual(['BR-FR-CDV-16_MDT-124-2']);
      const numbered = xml.replace(
        /<ram:SpecifiedDocumentStatus>/,
        '<ram:SpecifiedDocumentStatus><ram:SequenceNumeric>1</ram:SequenceNumeric>',
      );
      expect(await fatalIds(numbered)).toEqual([]);
    },
  );

  it.each(examples.filter((name) => name.includes('POUR_PPF')))('%s (the platform-to-portal variant) passes the XSD', async (name) => {
    const ids = await fatalIds(readFileSync(new URL(name, examplesDir), 'utf8'));
    expect(ids).not.toContain('XSD');
    expect(ids).toContain('BR-FR-CDV-16_MDT-124-2');
  });
});

const message: Status212 = {
  messageId: 'FA-2026-17_212_9a7c',
  createdAt: new Date('2026-11-27T09:30:05Z'),
  paidAt: '2026-11-26',
  invoice: { number: 'FA-2026/17 & <co>', issueDate: '2026-11-02', typeCode: '380', receivedAt: new Date('2026-11-02T10:00:00Z') },
  seller: { siren: '100000009', name: 'Vendeur & Fils' },
  buyer: { siren: '200000008', name: 'ACHETEUR "SAS"', address: '200000008' },
  currency: 'EUR',
  parts: [
    { percentage: 20, amount: 6946 },
    { percentage: 5.5, amount: 3054 },
  ],
};

describe('writeStatus212', () => {
  it('writes a message the official artefacts accept, which the gateway reads back', async () => {
    const xml = writeStatus212(message);
    expect(await fatalIds(xml)).toEqual([]);
    expect(readCdar(xml)).toEqual({
      status: {
        invoiceNumber: 'FA-2026/17 & <co>',
        sellerSiren: '100000009',
        code: 212,
        label: 'Encaissée',
        occurredAt: '2026-11-26T00:00:00.000Z',
      },
      typeCode: '380',
      messageId: message.messageId,
    });
  });

  it('carries one MEN block per rate, the currency, the cashing date, the sequence number, the parties', () => {
    const xml = writeStatus212(message);
    const blocks = [...xml.matchAll(/<ram:SpecifiedDocumentCharacteristic>(.*?)<\/ram:SpecifiedDocumentCharacteristic>/g)].map((m) => m[1]);
    expect(blocks).toEqual([
      '<ram:TypeCode>MEN</ram:TypeCode><ram:ValueChangedIndicator><udt:IndicatorString>false</udt:IndicatorString></ram:ValueChangedIndicator><ram:ValueAmount currencyID="EUR">69.46</ram:ValueAmount><ram:ValueDateTime><udt:DateTimeString format="102">20261126</udt:DateTimeString></ram:ValueDateTime><ram:ValuePercent>20.00</ram:ValuePercent>',
      '<ram:TypeCode>MEN</ram:TypeCode><ram:ValueChangedIndicator><udt:IndicatorString>false</udt:IndicatorString></ram:ValueChangedIndicator><ram:ValueAmount currencyID="EUR">30.54</ram:ValueAmount><ram:ValueDateTime><udt:DateTimeString format="102">20261126</udt:DateTimeString></ram:ValueDateTime><ram:ValuePercent>5.50</ram:ValuePercent>',
    ]);
    expect(xml).toContain('<ram:SpecifiedDocumentStatus><ram:SequenceNumeric>1</ram:SequenceNumeric>');
    expect(xml).toContain('<ram:ID>FA-2026-17_212_9a7c</ram:ID>');
    expect(xml).toContain('<udt:DateTimeString format="204">20261127093005</udt:DateTimeString>');
    expect(xml).toContain(
      '<ram:ReceiptDateTime><udt:DateTimeString format="204">20261102100000</udt:DateTimeString></ram:ReceiptDateTime>',
    );
    expect(xml).toContain(
      '<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261102</qdt:DateTimeString></ram:FormattedIssueDateTime>',
    );
    expect(xml).toContain(
      '<ram:IssuerTradeParty><ram:GlobalID schemeID="0002">100000009</ram:GlobalID><ram:Name>Vendeur &amp; Fils</ram:Name><ram:RoleCode>SE</ram:RoleCode></ram:IssuerTradeParty>',
    );
    expect(xml).toContain(
      '<ram:RecipientTradeParty><ram:GlobalID schemeID="0002">200000008</ram:GlobalID><ram:Name>ACHETEUR "SAS"</ram:Name><ram:RoleCode>BY</ram:RoleCode><ram:URIUniversalCommunication><ram:URIID schemeID="0225">200000008</ram:URIID></ram:URIUniversalCommunication></ram:RecipientTradeParty>',
    );
    expect(xml).toContain('<ram:StatusCode>47</ram:StatusCode>');
  });

  it('leaves out the receipt date when it is not known, and still passes', async () => {
    const xml = writeStatus212({ ...message, invoice: { ...message.invoice, receivedAt: undefined } });
    expect(xml).not.toContain('ReceiptDateTime');
    expect(await fatalIds(xml)).toEqual([]);
  });

  it('status212From refuses an invoice without seller SIREN or buyer electronic address (not domestic B2B)', () => {
    const einvoice = {
      number: 'FA-1',
      issueDate: '2026-11-02',
      typeCode: '380',
      currency: 'EUR',
      seller: { name: 'V', legalId: { scheme: '0002', value: '100000009' }, address: { country: 'FR' } },
      buyer: { name: 'A', address: { country: 'FR' } },
    } as unknown as EInvoice;
    const payment = { messageId: 'm', createdAt: new Date(), paidAt: '2026-11-03', parts: [{ percentage: 20, amount: 1 }] };
    expect(() => status212From(einvoice, payment)).toThrow(/BT-49/);
    expect(() => status212From({ ...einvoice, seller: { ...einvoice.seller, legalId: undefined } }, payment)).toThrow(/BT-30/);
    const b2b = { ...einvoice, buyer: { ...einvoice.buyer, endpoint: { scheme: '0225', value: '200000008' } } };
    expect(status212From(b2b, payment)).toMatchObject({ seller: { siren: '100000009' }, buyer: { address: '200000008' } });
  });

  it('refuses a message without any amount', () => {
    expect(() => writeStatus212({ ...message, parts: [] })).toThrow(RangeError);
  });

  it.each<[number, number, string]>([
    [6946, 2, '69.46'],
    [5, 2, '0.05'],
    [-1100000, 2, '-11000.00'],
    [500, 0, '500'],
    [1234, 3, '1.234'],
    [0, 2, '0.00'],
  ])('minorAsDecimal(%d, %d) = %s', (amount, exponent, text) => {
    expect(minorAsDecimal(amount, exponent)).toBe(text);
  });

  it.each<[number, string]>([
    [20, '20.00'],
    [5.5, '5.50'],
    [2.1, '2.10'],
    [1.05, '1.05'],
    [0, '0.00'],
  ])('percentText(%d) = %s', (rate, text) => {
    expect(percentText(rate)).toBe(text);
  });

  it('writes a JPY amount without decimals and passes', async () => {
    const xml = writeStatus212({ ...message, currency: 'JPY', parts: [{ percentage: 10, amount: 5000 }] });
    expect(xml).toContain('<ram:ValueAmount currencyID="JPY">5000</ram:ValueAmount>');
    expect(await fatalIds(xml)).toEqual([]);
  });
});

/** A domestic B2B invoice from the pipeline's chain, and one to three payments that sum to at most its total. */
const paidInvoice = bodyCase
  .filter((c) => c.kind === 'invoice' && c.buyerKind === 'B2B')
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      cuts: fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
      late: fc.integer({ min: 0, max: 20 }),
    }),
  );

describe('generated 212s against the official artefacts (property)', () => {
  it('every payment of a generated B2B invoice yields a 212 the XSD and the CDV schematron accept', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    for (const { c, cuts, late } of fc.sample(paidInvoice, { seed: 20261127, numRuns: 40 })) {
      const derived = deriveFromBody(deriveInput(c.kind, c.body, c.customer));
      expect(derived.violations).toEqual([]);
      const einvoice = toEInvoice(derived.document!, DEMO_PROFILE, undefined);
      expect(decideReporting(reportingFactsOf(einvoice, false)).channel).toBe('status_212');
      const invoice = paymentInvoiceOf(einvoice, c.body.total, 'sent');
      let alreadyPaid = 0;
      for (const [index, cut] of cuts.entries()) {
        const amount = Math.max(1, Math.floor((invoice.total - alreadyPaid) * cut));
        if (alreadyPaid + amount > invoice.total) break;
        const paidAt = `2026-12-${String(1 + late).padStart(2, '0')}`;
        const checked = checkPayment({ id: `pay_${index}`, paid_at: paidAt, amount }, { invoice, alreadyPaid, today: '2026-12-31' });
        if (!checked.ok) throw new Error(`${einvoice.number}: ${JSON.stringify(checked.violations)}`);
        expect(checked.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(amount);
        alreadyPaid += amount;
        const createdAt = new Date('2026-12-31T08:00:00Z');
        const xml = writeStatus212(
          status212From(einvoice, { messageId: `${einvoice.number}_212_${index}`, createdAt, paidAt, parts: checked.parts }),
        );
        const report = await validator.validateCdar(xml);
        if (report.fatal.length > 0)
          failures.push(
            `${einvoice.number} #${index}: ${report.fatal.map((f) => `${f.assertionId ?? f.rule} ${f.message.slice(0, 120)}`).join('; ')}`,
          );
        const read = readCdar(xml);
        expect('status' in read && read.status).toMatchObject({
          invoiceNumber: einvoice.number,
          sellerSiren: einvoice.seller.legalId!.value,
          code: 212,
        });
      }
    }
    expect(failures).toEqual([]);
  });
});
