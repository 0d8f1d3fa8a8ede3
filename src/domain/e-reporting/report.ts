/**
 * Builds the flux 10 transmissions of one declarant and period (DSE v3.2 §3.7.7): a transactions report
 * (10.1 for international B2B invoices, 10.3 for B2C sales) or a payments report (10.2, 10.4), from the
 * EN 16931 documents and the recorded payments, with the findings met (findings.ts, limitations.ts).
 * The period closing calls it; frr-writer.ts writes the result, the official artefacts judge it.
 */
import type { EInvoice } from '../../einvoice/model.ts';
import type { LineNature } from './categories.ts';
import type { ReportFinding } from './findings.ts';
import { invoiceReportOf } from './invoice-data.ts';
import { limitationFindings } from './limitations.ts';
import type { DateRange, Report, ReportDocument, ReportKind } from './model.ts';
import { dailyPayments, invoicePayments, type ReportablePayment } from './payments.ts';
import { aggregateB2c } from './transactions.ts';

/** A built report and what was found on the way. */
export interface BuiltReport {
  report: Report;
  findings: ReportFinding[];
}

/** What a transactions report covers. */
export interface TransactionsInput {
  period: DateRange;
  /** International B2B invoices and credit notes (processing rule B2BInt): one 10.1 entry each. */
  b2bInt: readonly EInvoice[];
  /** B2C invoices and credit notes: aggregated into 10.3 entries. */
  b2c: readonly EInvoice[];
  /** The seller opted for VAT on debits (TT-24, TT-80). */
  vatOnDebits: boolean;
  /** The nature of a line of a mixed invoice (BT-23 M*), when the caller knows it. */
  natureOf?: ((line: EInvoice['lines'][number]) => LineNature | undefined) | undefined;
}

/** What a payments report covers. */
export interface PaymentsInput {
  period: DateRange;
  /** Cashings of international B2B invoices: one 10.2 entry each. */
  b2bInt: readonly ReportablePayment[];
  /** B2C cashings: aggregated per day into 10.4 entries. */
  b2c: readonly ReportablePayment[];
}

/** The transactions report (TB-1 + TB-2) of `input` under `document`. Pure. */
export function buildTransactionsReport(document: ReportDocument, input: TransactionsInput): BuiltReport {
  const b2c = aggregateB2c(input.b2c, { vatOnDebits: input.vatOnDebits, natureOf: input.natureOf });
  const report: Report = {
    document,
    kind: 'transactions',
    transactions: {
      period: input.period,
      invoices: input.b2bInt.map((invoice) => invoiceReportOf(invoice, { vatOnDebits: input.vatOnDebits })),
      transactions: b2c.entries,
    },
  };
  return { report, findings: [...b2c.findings, ...limitationFindings(report)] };
}

/** The payments report (TB-1 + TB-3) of `input` under `document`. Pure. */
export function buildPaymentsReport(document: ReportDocument, input: PaymentsInput): BuiltReport {
  const unitary = invoicePayments(input.b2bInt);
  const daily = dailyPayments(input.b2c);
  const report: Report = {
    document,
    kind: 'payments',
    payments: { period: input.period, invoices: unitary.invoices, transactions: daily.transactions },
  };
  return { report, findings: [...unitary.findings, ...daily.findings, ...limitationFindings(report)] };
}

/** True when a report has no entry at all: no transmission is made for a period with nothing to report (DSE v3.2 §2.3.3). */
export function isEmpty(report: Report): boolean {
  const body = report.kind === 'transactions' ? report.transactions : report.payments;
  return body.invoices.length === 0 && body.transactions.length === 0;
}

/**
 * TT-1 of the `sequence`-th transmission (1 for the initial `IN`, then each `RE`) of a declarant, period
 * and kind: `900123456-2026-09-D1-T-1` (`T` transactions, `P` payments). Unique per declarant and period
 * (G8.05) as long as sequences are; at most 50 characters of G1.104's set.
 */
export function transmissionId(siren: string, periodId: string, kind: ReportKind, sequence: number): string {
  return `${siren}-${periodId}-${kind === 'transactions' ? 'T' : 'P'}-${sequence}`;
}
