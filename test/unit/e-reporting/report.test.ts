// The report builder: 10.1 from the e-invoice, 10.2/10.4 payments, the portal's limitations as
// findings (never truncated), and the writer's formats.
import { describe, expect, it } from 'vitest';
import { compactDate, parisTimestamp, writeReport } from '../../../src/domain/e-reporting/frr-writer.ts';
import { companyIdOf, invoiceReportOf } from '../../../src/domain/e-reporting/invoice-data.ts';
import { limitationFindings } from '../../../src/domain/e-reporting/limitations.ts';
import type { Report } from '../../../src/domain/e-reporting/model.ts';
import { dailyPayments, invoicePayments, type ReportablePayment } from '../../../src/domain/e-reporting/payments.ts';
import { buildPaymentsReport, buildTransactionsReport, isEmpty, transmissionId } from '../../../src/domain/e-reporting/report.ts';
import { bodyCase } from '../../support/einvoice-arbitraries.ts';
import { einvoiceOf, reportHeader } from '../../support/e-reporting.ts';
import fc from 'fast-check';

const PERIOD = { start: '2026-11-01', end: '2026-11-30' };
const payment = (number: string, paidAt: string, parts: ReportablePayment['parts'], currency = 'EUR'): ReportablePayment => ({
  invoice: { number, issueDate: '2026-11-02', currency },
  paidAt,
  parts,
});

describe('10.1 from the EN 16931 document', () => {
  it.each([
    [{ legalId: { scheme: '0002', value: '123456782' } }, { value: '123456782', scheme: '0002' }],
    [{ vatId: 'DE123456789' }, { value: 'DE123456789', scheme: '0223' }],
    [{ vatId: 'EL123456789' }, { value: 'EL123456789', scheme: '0223' }],
    [{ vatId: 'CHE123456789' }, { value: 'CHE123456789', scheme: '0227' }],
    [{ vatId: 'GB123456789' }, { value: 'GB123456789', scheme: '0227' }],
    [{}, undefined],
  ])('%j → %j', (ids, expected) => {
    expect(companyIdOf({ name: 'X', address: { country: 'DE' }, ...ids })).toEqual(expected);
  });

  it('keeps the e-invoice’s number, dates, framework, parties, totals and lines', () => {
    const [c] = fc.sample(
      bodyCase.filter((b) => b.buyerKind === 'B2BInt' && b.kind === 'credit_note'),
      { numRuns: 1, seed: 3 },
    );
    const einvoice = einvoiceOf(c!);
    const data = invoiceReportOf(einvoice, { vatOnDebits: true });
    expect(data).toMatchObject({
      id: einvoice.number,
      issueDate: einvoice.issueDate,
      typeCode: '381',
      currency: einvoice.currency,
      taxDueDateTypeCode: '5',
      businessProcess: einvoice.businessProcess,
      referencedDocuments: [{ id: c!.preceding!.number, issueDate: c!.preceding!.issueDate }],
      seller: { companyId: { scheme: '0002', value: einvoice.seller.legalId!.value }, country: 'FR' },
      buyer: { companyId: { scheme: '0223', value: einvoice.buyer.vatId }, vatId: einvoice.buyer.vatId },
      taxExclusiveAmount: einvoice.totals.taxExclusive,
      taxAmountEur: einvoice.currency === 'EUR' ? einvoice.totals.taxTotal : einvoice.totals.taxTotalEur,
    });
    expect(data.taxSubtotals.map((t) => t.taxableAmount)).toEqual(einvoice.vatBreakdown.map((b) => b.taxableAmount));
    expect(data.lines.map((l) => l.name)).toEqual(einvoice.lines.map((l) => l.name));
  });
});

describe('payments', () => {
  it('10.2: one entry per cashing, parts merged per rate', () => {
    const { invoices, findings } = invoicePayments([
      payment('FA-2', '2026-11-20', [{ percentage: 20, amount: 1200 }]),
      payment('FA-1', '2026-11-20', [
        { percentage: 20, amount: 1000 },
        { percentage: 5.5, amount: 105 },
      ]),
      payment('FA-1', '2026-11-03', [{ percentage: 20, amount: 1 }]),
    ]);
    expect(findings).toEqual([]);
    expect(invoices.map((i) => [i.invoiceId, i.date, i.subtotals.map((s) => [s.percent, s.amount.value, s.amount.scale])])).toEqual([
      ['FA-1', '2026-11-03', [[20, 1n, 2]]],
      [
        'FA-1',
        '2026-11-20',
        [
          [5.5, 105n, 2],
          [20, 1000n, 2],
        ],
      ],
      ['FA-2', '2026-11-20', [[20, 1200n, 2]]],
    ]);
  });

  it('10.4: one entry per day, amounts summed per rate', () => {
    const { transactions } = dailyPayments([
      payment('FA-1', '2026-11-20', [
        { percentage: 20, amount: 1000 },
        { percentage: 5.5, amount: 100 },
      ]),
      payment('FA-2', '2026-11-20', [{ percentage: 20, amount: 234 }]),
      payment('FA-3', '2026-11-02', [{ percentage: 10, amount: 50 }]),
    ]);
    expect(transactions.map((t) => [t.date, t.subtotals.map((s) => [s.percent, Number(s.amount.value)])])).toEqual([
      ['2026-11-02', [[10, 50]]],
      [
        '2026-11-20',
        [
          [5.5, 100],
          [20, 1234],
        ],
      ],
    ]);
  });

  it('a cashing in another currency is written exactly, with a finding (G6.27)', () => {
    const built = buildPaymentsReport(reportHeader(), {
      period: PERIOD,
      b2bInt: [payment('FA-1', '2026-11-20', [{ percentage: 20, amount: 12345 }], 'BHD')],
      b2c: [],
    });
    expect(built.findings).toMatchObject([{ code: 'payment_not_in_euro', rule: 'G6.27', term: 'TT-95', document: 'FA-1' }]);
    expect(writeReport(built.report)).toContain('<CurrencyCode>BHD</CurrencyCode><Amount>12.345</Amount>');
  });
});

describe('portal limitations (AIFE annex to the F10 schematron)', () => {
  const long = 'FA-2026-11-000000001'; // 20 characters: accepted
  const longer = `${long}9`; // 21
  const reportWith = (issuedAt: string, id: string): Report =>
    buildPaymentsReport(reportHeader({ issuedAt }), {
      period: PERIOD,
      b2bInt: [payment(id, '2026-11-20', [{ percentage: 20, amount: 1 }])],
      b2c: [],
    }).report;

  it.each([
    ['2026-12-01T09:00:00Z', long, []],
    ['2026-12-01T09:00:00Z', longer, [['G1.05', 'TT-91', longer, '2026-12-31']]],
    ['2026-12-31T22:59:59Z', longer, [['G1.05', 'TT-91', longer, '2026-12-31']]],
    ['2026-12-31T23:00:00Z', longer, []], // 2027-01-01 in Paris
  ])('created %s, invoice %s', (issuedAt, id, expected) => {
    const findings = limitationFindings(reportWith(issuedAt, id));
    expect(findings.map((f) => [f.rule, f.term, f.document, f.until])).toEqual(expected);
    for (const f of findings) expect(f.code).toBe('portal_limitation');
  });

  it('the identifier is written whole, never truncated', () => {
    expect(writeReport(reportWith('2026-12-01T09:00:00Z', longer))).toContain(`<InvoiceID>${longer}</InvoiceID>`);
  });

  it('TT-80 = 5 (VAT on debits) meets the TT-80 limitation until S1 2027; 10.1 invoice and preceding identifiers meet G1.05', () => {
    const [c] = fc.sample(
      bodyCase.filter((b) => b.kind === 'credit_note' && b.buyerKind !== 'B2B'),
      { numRuns: 1, seed: 11 },
    );
    const einvoice = {
      ...einvoiceOf(c!),
      number: 'AV-2026-000000000000001',
      preceding: { number: 'FA-2026-000000000000001', issueDate: '2026-10-31' },
    };
    const b2c = { ...einvoice, processingRule: 'B2C' as const, kind: 'invoice' as const, businessProcess: 'S1' };
    const built = (issuedAt: string) =>
      buildTransactionsReport(reportHeader({ issuedAt }), { period: PERIOD, b2bInt: [einvoice], b2c: [b2c], vatOnDebits: true }).findings;
    expect(built('2026-12-01T09:00:00Z').map((f) => [f.rule, f.term])).toEqual([
      ['G1.05', 'TT-19'],
      ['G1.05', 'TT-30'],
      ['P1.11', 'TT-80'],
    ]);
    expect(built('2027-06-30T12:00:00Z').map((f) => [f.rule, f.term])).toEqual([['P1.11', 'TT-80']]);
    expect(built('2027-07-01T12:00:00Z')).toEqual([]);
  });
});

describe('writer', () => {
  it.each([
    ['2026-12-01T09:00:00Z', '20261201100000'],
    ['2026-07-14T22:30:05Z', '20260715003005'],
    ['2026-12-31T23:59:59+01:00', '20261231235959'],
  ])('TT-3 of %s is %s (Paris time)', (instant, expected) => {
    expect(parisTimestamp(instant)).toBe(expected);
  });

  it('dates are AAAAMMJJ', () => {
    expect(compactDate('2026-09-01')).toBe('20260901');
    expect(compactDate(undefined)).toBeUndefined();
  });

  it('writes a rectificative (RE) with negative amounts, the same bytes each time', () => {
    const report: Report = {
      document: reportHeader({ type: 'RE', name: 'Décade 1 & rectificatif' }),
      kind: 'transactions',
      transactions: {
        period: PERIOD,
        invoices: [],
        transactions: [
          {
            date: '2026-11-05',
            currency: 'EUR',
            category: 'TPS1',
            taxExclusiveAmount: -1234,
            taxTotalEur: -247,
            count: 0,
            subtotals: [{ percent: 20, taxableAmount: -1234, taxTotal: -247 }],
          },
        ],
      },
    };
    const xml = writeReport(report);
    expect(xml).toBe(writeReport(structuredClone(report)));
    expect(xml).toContain('<Name>Décade 1 &amp; rectificatif</Name>');
    expect(xml).toContain('<TypeCode>RE</TypeCode>');
    expect(xml).toContain(
      '<Transactions><Date>20261105</Date><TransactionsCurrency>EUR</TransactionsCurrency><CategoryCode>TPS1</CategoryCode><TaxExclusiveAmount>-12.34</TaxExclusiveAmount><TaxTotal>-2.47</TaxTotal><TransactionsCount>0</TransactionsCount><TaxSubtotal><TaxPercent>20</TaxPercent><TaxableAmount>-12.34</TaxableAmount><TaxTotal>-2.47</TaxTotal></TaxSubtotal></Transactions>',
    );
    expect(isEmpty(report)).toBe(false);
  });

  it('a period with nothing to report is empty', () => {
    expect(isEmpty(buildPaymentsReport(reportHeader(), { period: PERIOD, b2bInt: [], b2c: [] }).report)).toBe(true);
    expect(isEmpty(buildTransactionsReport(reportHeader(), { period: PERIOD, b2bInt: [], b2c: [], vatOnDebits: false }).report)).toBe(true);
  });
});

describe('TT-1', () => {
  it.each([
    ['900123456', '2026-09-D1', 'transactions', 1, '900123456-2026-09-D1-T-1'],
    ['900123456', '2026-09', 'payments', 12, '900123456-2026-09-P-12'],
    ['900123456', '2026-B5', 'transactions', 2, '900123456-2026-B5-T-2'],
  ] as const)('%s %s %s #%d is %s, within G1.104', (siren, period, kind, sequence, expected) => {
    const id = transmissionId(siren, period, kind, sequence);
    expect(id).toBe(expected);
    expect(id).toMatch(/^[a-zA-Z0-9 \-+_/]{1,50}$/);
  });
});
