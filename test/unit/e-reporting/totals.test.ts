/** The totals an e-report shows (src/domain/e-reporting/totals.ts) and the processing rule of its flow, table-driven. */
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/domain/e-reporting/model.ts';
import { totalsOf } from '../../../src/domain/e-reporting/totals.ts';
import { processingRuleOf } from '../../../src/platform/outbound/e-report-sender.ts';
import { reportHeader } from '../../support/e-reporting.ts';

const entry = (date: string, category: 'TLB1' | 'TPS1', lines: Array<[number, number]>, count = 1) => ({
  date,
  currency: 'EUR',
  category,
  taxExclusiveAmount: lines.reduce((s, [net]) => s + net, 0),
  taxTotalEur: lines.reduce((s, [net, rate]) => s + Math.round((net * rate) / 100), 0),
  count,
  subtotals: lines.map(([net, rate]) => ({ percent: rate, taxableAmount: net, taxTotal: Math.round((net * rate) / 100) })),
});

const transactions = (entries: ReturnType<typeof entry>[], invoices = 0): Report => ({
  document: reportHeader(),
  kind: 'transactions',
  transactions: { period: { start: '2026-09-01', end: '2026-09-10' }, invoices: new Array(invoices).fill({}), transactions: entries },
});

describe('totalsOf', () => {
  it.each([
    {
      name: 'one day, two rates',
      report: transactions([
        entry('2026-09-03', 'TPS1', [
          [10_000, 20],
          [5_000, 5.5],
        ]),
      ]),
      categories: [
        {
          category: 'TPS1',
          count: 1,
          taxExclusiveAmount: 15_000,
          rates: [
            [5.5, 5_000, 275],
            [20, 10_000, 2_000],
          ],
        },
      ],
    },
    {
      name: 'two days summed, a credit note making a day negative',
      report: transactions([entry('2026-09-03', 'TPS1', [[10_000, 20]], 2), entry('2026-09-04', 'TPS1', [[-3_000, 20]], 0)]),
      categories: [{ category: 'TPS1', count: 2, taxExclusiveAmount: 7_000, rates: [[20, 7_000, 1_400]] }],
    },
    {
      name: 'goods and services apart',
      report: transactions([entry('2026-09-03', 'TPS1', [[1_000, 20]]), entry('2026-09-03', 'TLB1', [[2_000, 10]])]),
      categories: [
        { category: 'TLB1', count: 1, taxExclusiveAmount: 2_000, rates: [[10, 2_000, 200]] },
        { category: 'TPS1', count: 1, taxExclusiveAmount: 1_000, rates: [[20, 1_000, 200]] },
      ],
    },
  ])('$name', ({ report, categories }) => {
    const totals = totalsOf(report);
    expect(
      totals.categories.map((c) => ({
        category: c.category,
        count: c.count,
        taxExclusiveAmount: c.taxExclusiveAmount,
        rates: c.rates.map((r) => [r.percent, r.taxableAmount, r.taxAmount]),
      })),
    ).toEqual(categories);
  });

  it('sums payments per rate (10.2 and 10.4 together)', () => {
    const amount = (cents: number) => ({ value: BigInt(cents), scale: 2 });
    const report: Report = {
      document: reportHeader(),
      kind: 'payments',
      payments: {
        period: { start: '2026-09-01', end: '2026-09-30' },
        invoices: [
          {
            invoiceId: 'I1',
            invoiceIssueDate: '2026-09-01',
            date: '2026-09-02',
            subtotals: [{ percent: 20, currency: 'EUR', amount: amount(1_200) }],
          },
        ],
        transactions: [
          {
            date: '2026-09-03',
            subtotals: [
              { percent: 20, currency: 'EUR', amount: amount(800) },
              { percent: 5.5, currency: 'EUR', amount: amount(100) },
            ],
          },
        ],
      },
    };
    expect(totalsOf(report).payments.map((p) => [p.percent, p.taxableAmount])).toEqual([
      [5.5, 100],
      [20, 2_000],
    ]);
  });
});

describe('processingRuleOf', () => {
  it.each([
    { totals: null, rule: 'B2C' },
    { totals: { categories: [], invoiceCount: 2, entryCount: 0, payments: [] }, rule: 'B2BInt' },
    { totals: { categories: [{}], invoiceCount: 2, entryCount: 1, payments: [] }, rule: 'B2C' },
    { totals: { categories: [{}], invoiceCount: 0, entryCount: 1, payments: [] }, rule: 'B2C' },
  ])('$rule for $totals', ({ totals, rule }) => {
    expect(processingRuleOf({ totals })).toBe(rule);
  });
});
