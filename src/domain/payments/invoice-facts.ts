/**
 * What the payment rules (rules.ts) and the reporting decision (reporting.ts) read from an invoice: taken
 * from its EN 16931 model, derived from the stored body as the pipeline derives it. Called by the payments
 * service; pure.
 */
import type { EInvoice } from '../../einvoice/model.ts';
import type { ReportingFacts } from './reporting.ts';
import type { PaymentInvoice } from './rules.ts';
import { rateShares } from './split.ts';

/**
 * The invoice as the payment rules see it: kind, processing state, BT-2, the body's `total` (minor units:
 * the model's BT-112 is in hundredths, which differ for a currency without two decimals) and the VAT rates
 * with their amounts including VAT (BG-23).
 */
export function paymentInvoiceOf(
  invoice: Pick<EInvoice, 'kind' | 'issueDate' | 'vatBreakdown'>,
  total: number,
  processingState: PaymentInvoice['processingState'],
): PaymentInvoice {
  return { kind: invoice.kind, processingState, issueDate: invoice.issueDate, total, rates: rateShares(invoice.vatBreakdown) };
}

/** The facts of the reporting decision: processing rule, BT-23, the VAT categories (BT-118), and the seller's `vat_on_debits`. */
export function reportingFactsOf(
  invoice: Pick<EInvoice, 'processingRule' | 'businessProcess' | 'vatBreakdown'>,
  vatOnDebits: boolean,
): ReportingFacts {
  return {
    processingRule: invoice.processingRule,
    billingFramework: invoice.businessProcess,
    vatCategories: invoice.vatBreakdown.map((entry) => entry.category),
    vatOnDebits,
  };
}
