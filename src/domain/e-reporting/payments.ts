/**
 * Payment data (DSE v3.2 §3.7.4, §3.7.6; Annexe 6 TB-3): 10.2, one entry per cashing of an international
 * B2B invoice, and 10.4, the B2C cashings of one day, each split by VAT rate. The input is a recorded
 * payment with its parts per rate (the payments API's `vat_breakdown`, given or apportioned). The report
 * builder calls it. Amounts are written exactly in the payment's currency; the flux 10 wants euros
 * (G6.27), so a payment in another currency is a `payment_not_in_euro` finding (and the F10 schematron
 * refuses the report).
 */
import { currencyExponent } from '../../einvoice/decimal.ts';
import type { ReportFinding } from './findings.ts';
import type { DailyPayments, InvoicePayment, PaymentSubtotal } from './model.ts';

/** A cashing to report. */
export interface ReportablePayment {
  /** The invoice cashed: BT-1, BT-2 (`YYYY-MM-DD`), BT-5. */
  invoice: { number: string; issueDate: string; currency: string };
  /** The cashing date (`paid_at`), `YYYY-MM-DD`. */
  paidAt: string;
  /** The cashed amount per VAT rate, in minor units of the invoice's currency, positive. */
  parts: ReadonlyArray<{ percentage: number; amount: number }>;
}

/** Sums amounts (minor units) per rate and currency into subtotals, rates ascending. */
function subtotalsOf(parts: ReadonlyArray<{ percentage: number; amount: number; currency: string }>): PaymentSubtotal[] {
  const sums = new Map<string, { percent: number; currency: string; minor: bigint }>();
  for (const part of parts) {
    const key = `${part.percentage}|${part.currency}`;
    const sum = sums.get(key) ?? { percent: part.percentage, currency: part.currency, minor: 0n };
    sum.minor += BigInt(part.amount);
    sums.set(key, sum);
  }
  return [...sums.values()]
    .sort((a, b) => a.percent - b.percent || a.currency.localeCompare(b.currency))
    .map(({ percent, currency, minor }) => ({ percent, currency, amount: { value: minor, scale: currencyExponent(currency) } }));
}

function euroFindings(payments: readonly ReportablePayment[]): ReportFinding[] {
  return payments
    .filter((p) => p.invoice.currency !== 'EUR')
    .map((p) => ({
      code: 'payment_not_in_euro',
      rule: 'G6.27',
      term: 'TT-95',
      document: p.invoice.number,
      message: `A cashing of ${p.invoice.number} on ${p.paidAt} is in ${p.invoice.currency}: the flux 10 takes cashed amounts in euros only, and the gateway knows no exchange rate`,
    }));
}

/** The 10.2 entries of international B2B cashings, by date then invoice number; with their findings. Pure. */
export function invoicePayments(payments: readonly ReportablePayment[]): { invoices: InvoicePayment[]; findings: ReportFinding[] } {
  const invoices = payments
    .map((p) => ({
      invoiceId: p.invoice.number,
      invoiceIssueDate: p.invoice.issueDate,
      date: p.paidAt,
      subtotals: subtotalsOf(p.parts.map((part) => ({ ...part, currency: p.invoice.currency }))),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.invoiceId.localeCompare(b.invoiceId));
  return { invoices, findings: euroFindings(payments) };
}

/** The 10.4 entries of B2C cashings: one per day, the amounts summed per rate; with their findings. Pure. */
export function dailyPayments(payments: readonly ReportablePayment[]): { transactions: DailyPayments[]; findings: ReportFinding[] } {
  const byDay = new Map<string, Array<{ percentage: number; amount: number; currency: string }>>();
  for (const p of payments) {
    const day = byDay.get(p.paidAt) ?? [];
    for (const part of p.parts) day.push({ ...part, currency: p.invoice.currency });
    byDay.set(p.paidAt, day);
  }
  const transactions = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, parts]) => ({ date, subtotals: subtotalsOf(parts) }));
  return { transactions, findings: euroFindings(payments) };
}
