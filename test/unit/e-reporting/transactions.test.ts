// 10.3 B2C aggregation and the TT-81 categories: the figures reported are the e-invoices' figures.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryParts } from '../../../src/domain/e-reporting/categories.ts';
import { aggregateB2c } from '../../../src/domain/e-reporting/transactions.ts';
import type { EInvoice, Line, VatBreakdown, VatCategory } from '../../../src/einvoice/model.ts';
import { reportedDocuments } from '../../support/e-reporting.ts';

/** A line of `net` cents at `category`/`rate`, named after its nature. */
function line(id: string, net: number, category: VatCategory, rate: number | undefined, name = 'service'): Line {
  return {
    id,
    quantity: { value: 1n, scale: 0 },
    unitCode: 'C62',
    netAmount: net,
    price: { value: BigInt(Math.abs(net)), scale: 2 },
    name,
    category,
    rate,
  };
}

/** A B2C document whose BG-23 is built from its lines (VAT rounded per rate). */
function doc(overrides: Partial<EInvoice> & { lines: Line[] }, breakdown?: Partial<VatBreakdown>[]): EInvoice {
  const keys = new Map<string, VatBreakdown>();
  for (const l of overrides.lines) {
    const key = `${l.category}|${l.rate}`;
    const b = keys.get(key) ?? { category: l.category, rate: l.rate, taxableAmount: 0, taxAmount: 0 };
    b.taxableAmount += l.netAmount;
    keys.set(key, b);
  }
  const vat = [...keys.values()].map((b, i) => ({
    ...b,
    taxAmount: Math.round((b.taxableAmount * (b.rate ?? 0)) / 100),
    ...breakdown?.[i],
  }));
  const taxExclusive = vat.reduce((s, b) => s + b.taxableAmount, 0);
  const taxTotal = vat.reduce((s, b) => s + b.taxAmount, 0);
  return {
    kind: 'invoice',
    number: 'FA-1',
    issueDate: '2026-11-05',
    typeCode: '380',
    currency: 'EUR',
    businessProcess: 'S1',
    notes: [],
    seller: { name: 'S', address: { country: 'FR' } },
    buyer: { name: 'B', address: { country: 'FR' } },
    allowanceCharges: [],
    vatBreakdown: vat,
    totals: {
      lineTotal: taxExclusive,
      allowanceTotal: 0,
      chargeTotal: 0,
      taxExclusive,
      taxTotal,
      taxInclusive: taxExclusive + taxTotal,
      prepaid: 0,
      rounding: 0,
      payable: taxExclusive + taxTotal,
    },
    processingRule: 'B2C',
    ...overrides,
  };
}

describe('TT-81 categories (Annexe 6, BT-23 sheet; G1.68)', () => {
  it.each([
    ['B1', 'S', 20, undefined, 'TLB1'],
    ['B4', 'S', 5.5, undefined, 'TLB1'],
    ['B7', 'Z', 0, undefined, 'TLB1'],
    ['S1', 'S', 20, undefined, 'TPS1'],
    ['S5', 'S', 10, undefined, 'TPS1'],
    ['S1', 'E', 0, undefined, 'TPS1'],
    ['B1', 'O', undefined, undefined, 'TNT1'],
    ['S1', 'O', undefined, undefined, 'TNT1'],
    ['B1', 'E', 0, 'VATEX-EU-F', 'TMA1'],
    ['S1', 'E', 0, 'VATEX-EU-D', 'TMA1'],
    ['B1', 'E', 0, 'VATEX-EU-J', 'TMA1'],
    ['B1', 'E', 0, 'VATEX-EU-I', 'TMA1'],
    ['B1', 'E', 0, 'VATEX-EU-132', 'TLB1'],
  ] as const)('%s with VAT %s %s %s → %s', (framework, category, rate, exemptionReasonCode, expected) => {
    const invoice = doc({ businessProcess: framework, lines: [line('1', 1000, category, rate)] }, [{ exemptionReasonCode }]);
    const { parts, findings } = categoryParts(invoice);
    expect(parts).toEqual([{ category: expected, percent: rate ?? 0, taxable: 1000, tax: invoice.vatBreakdown[0]!.taxAmount }]);
    expect(findings).toEqual([]);
  });

  it('a mixed invoice is split line by line between goods and services, exactly', () => {
    const invoice = doc({
      businessProcess: 'M1',
      lines: [line('1', 1001, 'S', 20, 'goods'), line('2', 2002, 'S', 20, 'service'), line('3', 500, 'S', 5.5, 'goods')],
    });
    const nature = (l: Line) => (l.name === 'goods' ? 'goods' : 'services');
    const { parts, findings } = categoryParts(invoice, nature);
    expect(findings).toEqual([]);
    expect(parts).toEqual([
      { category: 'TLB1', percent: 20, taxable: 1001, tax: 200 },
      { category: 'TPS1', percent: 20, taxable: 2002, tax: 401 },
      { category: 'TLB1', percent: 5.5, taxable: 500, tax: 28 },
    ]);
    expect(parts.filter((p) => p.percent === 20).reduce((s, p) => s + p.tax, 0)).toBe(invoice.vatBreakdown[0]!.taxAmount);
  });

  it('lines of unknown nature on a mixed invoice are services, with a finding', () => {
    const invoice = doc({ number: 'FA-M', businessProcess: 'M4', lines: [line('1', 1000, 'S', 20)] });
    const { parts, findings } = categoryParts(invoice);
    expect(parts.map((p) => p.category)).toEqual(['TPS1']);
    expect(findings).toMatchObject([{ code: 'mixed_lines_as_services', rule: 'G1.68', term: 'TT-81', document: 'FA-M' }]);
  });
});

describe('10.3 aggregation', () => {
  it('sums a day per category and rate; a credit note reduces it; the count is the invoices', () => {
    const a = doc({ number: 'FA-1', lines: [line('1', 10000, 'S', 20), line('2', 2000, 'S', 5.5)] });
    const b = doc({ number: 'FA-2', lines: [line('1', 5000, 'S', 20)] });
    const credit = doc({ number: 'AV-1', kind: 'credit_note', typeCode: '381', lines: [line('1', 3000, 'S', 20)] });
    const goods = doc({ number: 'FA-3', businessProcess: 'B1', lines: [line('1', 700, 'S', 20)] });
    const nextDay = doc({ number: 'FA-4', issueDate: '2026-11-06', lines: [line('1', 100, 'S', 20)] });
    const { entries, findings } = aggregateB2c([nextDay, credit, a, b, goods], { vatOnDebits: false });
    expect(findings).toEqual([]);
    expect(entries).toEqual([
      {
        date: '2026-11-05',
        currency: 'EUR',
        taxDueDateTypeCode: undefined,
        category: 'TLB1',
        taxExclusiveAmount: 700,
        taxTotalEur: 140,
        count: 1,
        subtotals: [{ percent: 20, taxableAmount: 700, taxTotal: 140 }],
      },
      {
        date: '2026-11-05',
        currency: 'EUR',
        taxDueDateTypeCode: undefined,
        category: 'TPS1',
        taxExclusiveAmount: 10000 + 2000 + 5000 - 3000,
        taxTotalEur: 2000 + 110 + 1000 - 600,
        count: 2,
        subtotals: [
          { percent: 5.5, taxableAmount: 2000, taxTotal: 110 },
          { percent: 20, taxableAmount: 12000, taxTotal: 2400 },
        ],
      },
      {
        date: '2026-11-06',
        currency: 'EUR',
        taxDueDateTypeCode: undefined,
        category: 'TPS1',
        taxExclusiveAmount: 100,
        taxTotalEur: 20,
        count: 1,
        subtotals: [{ percent: 20, taxableAmount: 100, taxTotal: 20 }],
      },
    ]);
  });

  it('a day of credit notes only is negative, with no transaction counted', () => {
    const credit = doc({ number: 'AV-1', kind: 'credit_note', typeCode: '381', lines: [line('1', 3000, 'S', 20)] });
    expect(aggregateB2c([credit], { vatOnDebits: false }).entries).toMatchObject([
      { taxExclusiveAmount: -3000, taxTotalEur: -600, count: 0, subtotals: [{ percent: 20, taxableAmount: -3000, taxTotal: -600 }] },
    ]);
  });

  it('another currency keeps its amounts, and TT-83 is the euro VAT (BT-111) shared over the rates', () => {
    const usd = doc({ currency: 'USD', lines: [line('1', 10000, 'S', 20), line('2', 10000, 'S', 10)] });
    usd.totals.taxTotalEur = 2501;
    const [entry] = aggregateB2c([usd], { vatOnDebits: false }).entries;
    expect(entry).toMatchObject({ currency: 'USD', taxExclusiveAmount: 20000, taxTotalEur: 2501 });
    expect(entry!.subtotals).toEqual([
      { percent: 10, taxableAmount: 10000, taxTotal: 1000 },
      { percent: 20, taxableAmount: 10000, taxTotal: 2000 },
    ]);
  });

  it('TT-80 states VAT on debits on services only (G1.67)', () => {
    const services = doc({ number: 'FA-1', lines: [line('1', 100, 'S', 20)] });
    const goods = doc({ number: 'FA-2', businessProcess: 'B1', lines: [line('1', 100, 'S', 20)] });
    const entries = aggregateB2c([services, goods], { vatOnDebits: true }).entries;
    expect(entries.map((e) => [e.category, e.taxDueDateTypeCode])).toEqual([
      ['TLB1', undefined],
      ['TPS1', '5'],
    ]);
  });

  it('per rate, the reported totals are the documents’ BG-23 totals (generated B2C documents)', () => {
    fc.assert(
      fc.property(reportedDocuments, (docs) => {
        const b2c = docs.filter((d) => d.processingRule === 'B2C');
        const expected = new Map<number, { taxable: number; tax: number }>();
        let taxExclusive = 0;
        for (const d of b2c) {
          const sign = d.kind === 'credit_note' ? -1 : 1;
          taxExclusive += sign * d.totals.taxExclusive;
          for (const b of d.vatBreakdown) {
            const e = expected.get(b.rate ?? 0) ?? { taxable: 0, tax: 0 };
            e.taxable += sign * b.taxableAmount;
            e.tax += sign * b.taxAmount;
            expected.set(b.rate ?? 0, e);
          }
        }
        const { entries } = aggregateB2c(b2c, { vatOnDebits: false, natureOf: (l) => (l.netAmount % 2 === 0 ? 'goods' : 'services') });
        const actual = new Map<number, { taxable: number; tax: number }>();
        for (const s of entries.flatMap((e) => e.subtotals)) {
          const a = actual.get(s.percent) ?? { taxable: 0, tax: 0 };
          a.taxable += s.taxableAmount;
          a.tax += s.taxTotal;
          actual.set(s.percent, a);
        }
        expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
        expect(entries.reduce((s, e) => s + e.taxExclusiveAmount, 0)).toBe(taxExclusive);
        expect(entries.reduce((s, e) => s + e.count, 0)).toBeGreaterThanOrEqual(b2c.filter((d) => d.kind === 'invoice').length);
      }),
      { numRuns: 200 },
    );
  });
});
