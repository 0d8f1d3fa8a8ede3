/**
 * The totals an e-report shows (`GET /v1/e-reports/{id}`, GraphQL `EReport.totals`): per category (TT-81) and
 * currency the amounts and counts of 10.3 summed over the period's days, with their VAT per rate; the 10.1
 * invoices counted; for payments, the cashed amounts per rate (10.2 and 10.4 together). Amounts in minor units
 * (cents) as in the model. The closing stores them with the report. Pure.
 */
import type { Report } from './model.ts';

/** One rate's sums. */
export interface RateTotal {
  percent: number;
  /** Minor units: taxable amount (TT-87) for transactions, the cashed amount for payments. */
  taxableAmount: number;
  /** Minor units (TT-88); 0 for payments. */
  taxAmount: number;
}

/** 10.3 of one category and currency over the period. */
export interface CategoryTotal {
  category: string;
  currency: string;
  /** TT-85 summed. */
  count: number;
  /** TT-82 summed, minor units of `currency`. */
  taxExclusiveAmount: number;
  /** TT-83 summed, euro cents. */
  taxAmountEur: number;
  rates: RateTotal[];
}

/** The totals of a report. */
export interface ReportTotals {
  /** 10.3 (transactions) per category and currency. */
  categories: CategoryTotal[];
  /** 10.1 entries (transactions) or 10.2 entries (payments). */
  invoiceCount: number;
  /** 10.3 entries (days × currency × category) or 10.4 days. */
  entryCount: number;
  /** Payments: cashed amounts per rate and currency (10.2 and 10.4 together). */
  payments: Array<RateTotal & { currency: string }>;
}

const byRate = (a: { percent: number }, b: { percent: number }) => a.percent - b.percent;

/** The totals of `report` (module comment). */
export function totalsOf(report: Report): ReportTotals {
  if (report.kind === 'transactions') {
    const categories = new Map<string, CategoryTotal & { byPercent: Map<number, RateTotal> }>();
    for (const entry of report.transactions.transactions) {
      const key = `${entry.category}|${entry.currency}`;
      const total = categories.get(key) ?? {
        category: entry.category,
        currency: entry.currency,
        count: 0,
        taxExclusiveAmount: 0,
        taxAmountEur: 0,
        rates: [],
        byPercent: new Map<number, RateTotal>(),
      };
      total.count += entry.count;
      total.taxExclusiveAmount += entry.taxExclusiveAmount;
      total.taxAmountEur += entry.taxTotalEur;
      for (const sub of entry.subtotals) {
        const rate = total.byPercent.get(sub.percent) ?? { percent: sub.percent, taxableAmount: 0, taxAmount: 0 };
        rate.taxableAmount += sub.taxableAmount;
        rate.taxAmount += sub.taxTotal;
        total.byPercent.set(sub.percent, rate);
      }
      categories.set(key, total);
    }
    return {
      categories: [...categories.values()]
        .map(({ byPercent, ...total }) => ({ ...total, rates: [...byPercent.values()].sort(byRate) }))
        .sort((a, b) => a.category.localeCompare(b.category) || a.currency.localeCompare(b.currency)),
      invoiceCount: report.transactions.invoices.length,
      entryCount: report.transactions.transactions.length,
      payments: [],
    };
  }
  const sums = new Map<string, RateTotal & { currency: string }>();
  const subtotals = [...report.payments.invoices, ...report.payments.transactions].flatMap((entry) => entry.subtotals);
  for (const sub of subtotals) {
    const key = `${sub.percent}|${sub.currency}`;
    const sum = sums.get(key) ?? { percent: sub.percent, currency: sub.currency, taxableAmount: 0, taxAmount: 0 };
    // Exact amounts at the currency's scale or finer: back to minor units of a 2-decimal currency when they fit.
    const scale = sub.amount.scale;
    const value = Number(sub.amount.value);
    sum.taxableAmount += scale === 2 ? value : Math.round(value / 10 ** (scale - 2));
    sums.set(key, sum);
  }
  return {
    categories: [],
    invoiceCount: report.payments.invoices.length,
    entryCount: report.payments.transactions.length,
    payments: [...sums.values()].sort((a, b) => byRate(a, b) || a.currency.localeCompare(b.currency)),
  };
}
