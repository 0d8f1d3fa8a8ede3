// Differential tests against the official flux 10 artefacts (XSD v1.0, AIFE's F10 schematron v1.0):
// generated reports pass them; a report with a defect is refused, by the rule the defect breaks.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../../../src/domain/e-reporting/frr-writer.ts';
import type { Report } from '../../../src/domain/e-reporting/model.ts';
import { buildPaymentsReport, buildTransactionsReport } from '../../../src/domain/e-reporting/report.ts';
import { createValidator, type Finding, type Validator } from '../../../src/validation/index.ts';
import { testEngine } from '../../support/validation.ts';
import { reportablePayment, reportedDocuments, reportHeader } from '../../support/e-reporting.ts';

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 1, cacheSize: 0 });
});
afterAll(() => validator.close());

const PERIOD = { start: '2026-11-01', end: '2026-11-30' };
const describeFindings = (findings: Finding[]) => findings.map((f) => `${f.source} ${f.rule} ${f.location}: ${f.message.slice(0, 140)}`);

const natureOf = (line: { name: string; quantity: { value: bigint } }) => (line.quantity.value < 0n ? 'goods' : 'services');

function transactionsReport(docs: Parameters<typeof buildTransactionsReport>[1]['b2c'], vatOnDebits: boolean): Report {
  return buildTransactionsReport(reportHeader(), {
    period: PERIOD,
    b2bInt: docs.filter((d) => d.processingRule === 'B2BInt'),
    b2c: docs.filter((d) => d.processingRule === 'B2C'),
    vatOnDebits,
    natureOf,
  }).report;
}

describe('generated reports pass the official artefacts', () => {
  it('transactions reports (10.1 and 10.3) of generated B2C and international B2B invoices and credit notes', async () => {
    await fc.assert(
      fc.asyncProperty(reportedDocuments, fc.boolean(), async (docs, vatOnDebits) => {
        const xml = writeReport(transactionsReport(docs, vatOnDebits));
        const report = await validator.validateReport(xml);
        expect(describeFindings(report.fatal), xml).toEqual([]);
      }),
      { numRuns: 20 },
    );
  }, 180_000);

  it('payments reports (10.2 and 10.4) of generated cashings', async () => {
    const payments = fc.array(reportablePayment, { minLength: 1, maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(payments, payments, async (b2bInt, b2c) => {
        const built = buildPaymentsReport(reportHeader({ issuedAt: '2027-01-02T08:00:00+01:00' }), {
          period: { start: '2026-12-01', end: '2026-12-31' },
          b2bInt,
          b2c,
        });
        const xml = writeReport(built.report);
        const report = await validator.validateReport(xml);
        expect(describeFindings(report.fatal), xml).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 180_000);
});

const sample = fc.sample(reportedDocuments, { numRuns: 1, seed: 2026 })[0]!;
const validTransactions = transactionsReport(sample, false);
const validPayments = buildPaymentsReport(reportHeader(), {
  period: PERIOD,
  b2bInt: fc.sample(reportablePayment, { numRuns: 2, seed: 7 }),
  b2c: fc.sample(reportablePayment, { numRuns: 3, seed: 8 }),
}).report;

/** A defect: [name, what it replaces in the written report, by what, the finding expected (`source rule`)]. */
type Defect = [name: string, find: string | RegExp, replacement: string, finding: string];

const transactionsDefects: Defect[] = [
  ['TT-4 neither IN nor RE', '<TypeCode>IN</TypeCode>', '<TypeCode>XX</TypeCode>', 'f10 G8.01'],
  ['sender matricule of 5 characters', '>PA01<', '>PA001<', 'f10 G6.22'],
  ['sender role other than WK', '<RoleCode>WK</RoleCode>', '<RoleCode>SE</RoleCode>', 'f10 G7.51'],
  ['declarant SIREN of 8 digits', 'schemeId="0002">900123456<', 'schemeId="0002">90012345<', 'f10 G6.26'],
  ['TT-3 not AAAAMMJJHHMMSS', /<DateTimeString>\d+</, '<DateTimeString>2026-12-01<', 'f10 G7.53'],
  ['a transmission id with a dot', '<Id>FRR-900123456-2026-11-IN<', '<Id>FRR.1<', 'f10 G1.104'],
  ['period end before its start', '<EndDate>20261130</EndDate></ReportPeriod>', '<EndDate>20261001</EndDate></ReportPeriod>', 'f10 G6.25'],
  ['TT-81 outside the list', /<CategoryCode>T[A-Z]+1</, '<CategoryCode>TXX1<', 'f10 G1.68'],
  ['an amount with three decimals', /<TaxExclusiveAmount>(-?\d+\.\d\d)</, '<TaxExclusiveAmount>$15<', 'f10 G1.14'],
  [
    'a 10.3 total that is not the sum of its rates',
    /(<Transactions>(?:(?!<\/Transactions>).)*?<TaxExclusiveAmount>)(-?\d+)\./,
    '$1$2999.',
    'f10 G1.53',
  ],
  [
    'a VAT rate France does not have',
    /<TaxPercent>[\d.]+<\/TaxPercent><TaxableAmount>/,
    '<TaxPercent>19</TaxPercent><TaxableAmount>',
    'f10 G1.24',
  ],
  [
    'both a transactions and a payments report',
    '</TransactionsReport>',
    '</TransactionsReport><PaymentsReport><ReportPeriod><StartDate>20261101</StartDate><EndDate>20261130</EndDate></ReportPeriod></PaymentsReport>',
    'f10 G6.29',
  ],
  ['an element the XSD does not know', '<TransactionsReport>', '<TransactionsReport><Unknown/>', 'xsd XSD'],
  ['no ReportDocument', /<ReportDocument>.*<\/ReportDocument>/, '', 'xsd XSD'],
];

const paymentsDefects: Defect[] = [
  ['a negative cashed amount', /<Amount>/, '<Amount>-', 'f10 G1.16'],
  ['a cashing in dollars', '<CurrencyCode>EUR</CurrencyCode>', '<CurrencyCode>USD</CurrencyCode>', 'f10 G6.27'],
  ['an invoice number of 36 characters', /<InvoiceID>[^<]*</, `<InvoiceID>${'F'.repeat(36)}<`, 'f10 G1.05'],
];

describe('a report with a defect is refused', () => {
  it.each([
    ['transactions', validTransactions],
    ['payments', validPayments],
  ] as const)('the %s report the defects start from passes', async (_, report) => {
    expect(describeFindings((await validator.validateReport(writeReport(report))).fatal)).toEqual([]);
  });

  it('the transactions sample has 10.1 and 10.3 entries, the payments sample 10.2 and 10.4', () => {
    if (validTransactions.kind !== 'transactions' || validPayments.kind !== 'payments') throw new Error('unreachable');
    expect(validTransactions.transactions.invoices.length).toBeGreaterThan(0);
    expect(validTransactions.transactions.transactions.length).toBeGreaterThan(0);
    expect(validPayments.payments.invoices.length).toBeGreaterThan(0);
    expect(validPayments.payments.transactions.length).toBeGreaterThan(0);
  });

  /** The test of a defect of `base`: the written report, changed, is refused with the finding expected. */
  const refused = (base: Report) => async (_name: string, find: string | RegExp, replacement: string, finding: string) => {
    const original = writeReport(base);
    const xml = original.replace(find, replacement);
    expect(xml).not.toBe(original);
    const report = await validator.validateReport(xml);
    expect(report.fatal.map((f) => `${f.source} ${f.rule}`)).toContain(finding);
  };
  it.each(transactionsDefects)('%s', refused(validTransactions));
  it.each(paymentsDefects)('%s', refused(validPayments));
});

describe('model defects the artefacts refuse', () => {
  it('an international B2B invoice whose buyer has no identifier (G6.28)', async () => {
    if (validTransactions.kind !== 'transactions') throw new Error('unreachable');
    const [first] = validTransactions.transactions.invoices;
    const report: Report = {
      ...validTransactions,
      transactions: { ...validTransactions.transactions, invoices: [{ ...first!, buyer: { ...first!.buyer, companyId: undefined } }] },
    };
    const rules = (await validator.validateReport(writeReport(report))).fatal.map((f) => f.rule);
    expect(rules).toContain('G6.28');
  });

  it('a credit note without its preceding invoice (G1.32)', async () => {
    if (validTransactions.kind !== 'transactions') throw new Error('unreachable');
    const [first] = validTransactions.transactions.invoices;
    const report: Report = {
      ...validTransactions,
      transactions: {
        ...validTransactions.transactions,
        invoices: [{ ...first!, typeCode: '381', referencedDocuments: [] }],
      },
    };
    const rules = (await validator.validateReport(writeReport(report))).fatal.map((f) => f.rule);
    expect(rules).toContain('G1.32');
  });
});
