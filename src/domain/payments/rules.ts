/**
 * The 422 rules of recording a payment (docs/api-guide.md, "Payments"; ids in catalogue.ts) and the parts
 * the payment is reported with: the SaaS's `vat_breakdown` when it gives one, else the default split
 * (split.ts). Pure: the caller (the payments service) reads the invoice, the invoice's other payments and
 * today's date in Paris, and stores what this returns.
 */
import { isStorableText, UNSTORABLE_TEXT } from '../text.ts';
import type { PaymentViolation } from './catalogue.ts';
import { type PaymentPart, type RateShare, splitByRate } from './split.ts';

/** A payment as the SaaS records it (REST body, snake_case); amounts are integers in minor units of the invoice's currency. */
export interface PaymentInput {
  /** The SaaS's own payment id: the idempotency key of the recording. */
  id: string;
  /** The cashing date, `YYYY-MM-DD` (a calendar date, checked by the structural decoder before these rules). */
  paid_at: string;
  /** The amount cashed, > 0. */
  amount: number;
  /** Free text (card, transfer, ...), kept as given. */
  method?: string | null | undefined;
  /** The amount cashed per VAT rate; absent: the default split (split.ts). */
  vat_breakdown?: ReadonlyArray<{ percentage: number; amount: number }> | null | undefined;
}

/** What the rules read from the invoice the payment is for (its submission and its derived EN 16931 data). */
export interface PaymentInvoice {
  kind: 'invoice' | 'credit_note';
  /** The submission's processing_state. */
  processingState: 'received' | 'validated' | 'sent' | 'rejected';
  /** BT-2, `YYYY-MM-DD` (the Paris date of the SaaS's finalized_at, else created_at). */
  issueDate: string;
  /** The body's `total` (BT-112), minor units. */
  total: number;
  /** The invoice's VAT rates and their amounts including VAT (split.ts `rateShares`), highest rate first. */
  rates: readonly RateShare[];
}

/** The facts around one payment: the invoice, what its other payments already add up to, and today. */
export interface PaymentContext {
  invoice: PaymentInvoice;
  /** Σ amounts of the invoice's payments recorded before, this one excluded (minor units). */
  alreadyPaid: number;
  /** Today's date in France (Europe/Paris), `YYYY-MM-DD`. */
  today: string;
  /** The invoice has no seller yet (a legacy document waiting for its tenant's first): its reporting cannot be decided. */
  sellerMissing?: boolean;
}

/** The outcome: the parts to store and report, or every broken rule. */
export type PaymentCheck = { ok: true; parts: PaymentPart[] } | { ok: false; violations: PaymentViolation[] };

/** Longest payment id and method, in UTF-16 code units. */
export const PAYMENT_TEXT_MAX = 255;

const isPositiveAmount = (value: number) => Number.isSafeInteger(value) && value > 0;

function checkText(value: string, field: 'id' | 'method', out: PaymentViolation[]): void {
  if (value.trim() !== '' && value.length <= PAYMENT_TEXT_MAX && isStorableText(value)) return;
  out.push({
    path: [field],
    rule: field === 'id' ? 'GW-PAYMENT-ID' : 'GW-PAYMENT-METHOD',
    message: `${field} must be 1 to ${PAYMENT_TEXT_MAX} characters, not blank, and ${UNSTORABLE_TEXT}`,
  });
}

function checkBreakdown(input: PaymentInput, rates: readonly RateShare[], out: PaymentViolation[]): PaymentPart[] | undefined {
  const breakdown = input.vat_breakdown;
  if (!breakdown) return undefined;
  if (breakdown.length === 0) {
    out.push({
      path: ['vat_breakdown'],
      rule: 'GW-PAYMENT-BREAKDOWN-SUM',
      message: 'vat_breakdown is empty: omit it for the default split',
    });
    return [];
  }
  const known = new Set(rates.map((rate) => rate.percentage));
  const seen = new Set<number>();
  let sum = 0;
  breakdown.forEach((part, index) => {
    if (!isPositiveAmount(part.amount)) {
      out.push({
        path: ['vat_breakdown', index, 'amount'],
        rule: 'GW-PAYMENT-AMOUNT',
        message: `amount ${part.amount} is not an integer above 0`,
      });
    } else sum += part.amount;
    if (!known.has(part.percentage)) {
      const rateList = [...known].map((rate) => `${rate} %`).join(', ');
      out.push({
        path: ['vat_breakdown', index, 'percentage'],
        rule: 'GW-PAYMENT-BREAKDOWN-RATE',
        message: `The invoice has no VAT rate of ${part.percentage} % (its rates: ${rateList})`,
      });
    } else if (seen.has(part.percentage)) {
      out.push({
        path: ['vat_breakdown', index, 'percentage'],
        rule: 'GW-PAYMENT-BREAKDOWN-RATE',
        message: `The VAT rate ${part.percentage} % appears twice in vat_breakdown`,
      });
    }
    seen.add(part.percentage);
  });
  if (isPositiveAmount(input.amount) && breakdown.every((part) => isPositiveAmount(part.amount)) && sum !== input.amount) {
    out.push({
      path: ['vat_breakdown'],
      rule: 'GW-PAYMENT-BREAKDOWN-SUM',
      message: `The vat_breakdown amounts add up to ${sum}, not to amount ${input.amount}`,
    });
  }
  return breakdown.map((part) => ({ percentage: part.percentage, amount: part.amount }));
}

/**
 * Checks one payment against the rules (catalogue.ts) and returns its parts: the `vat_breakdown` as given
 * (in its order), or the default split of `amount` (split.ts). A credit note, an invoice without its seller or a
 * rejected invoice is refused on its own (the body's rules are not run: nothing could be recorded). Paths are wire segments.
 */
export function checkPayment(input: PaymentInput, context: PaymentContext): PaymentCheck {
  const { invoice } = context;
  if (invoice.kind === 'credit_note') {
    return {
      ok: false,
      violations: [{ path: [], rule: 'GW-PAYMENT-CREDIT-NOTE', message: 'Payments are recorded on invoices, not on credit notes' }],
    };
  }
  if (context.sellerMissing) {
    const message = 'The invoice waits for its seller: create the seller (POST /v1/sellers), then record the payment again';
    return { ok: false, violations: [{ path: [], rule: 'GW-PAYMENT-SELLER-MISSING', message }] };
  }
  if (invoice.processingState === 'rejected') {
    return {
      ok: false,
      violations: [{ path: [], rule: 'GW-PAYMENT-INVOICE-REJECTED', message: 'The invoice is rejected: no payment can be recorded on it' }],
    };
  }
  const out: PaymentViolation[] = [];
  checkText(input.id, 'id', out);
  if (input.method != null) checkText(input.method, 'method', out);
  if (!isPositiveAmount(input.amount)) {
    out.push({ path: ['amount'], rule: 'GW-PAYMENT-AMOUNT', message: `amount ${input.amount} is not an integer above 0` });
  } else if (context.alreadyPaid + input.amount > invoice.total) {
    out.push({
      path: ['amount'],
      rule: 'GW-PAYMENT-ABOVE-TOTAL',
      message: `With this payment the invoice's payments add up to ${context.alreadyPaid + input.amount}, above its total ${invoice.total}`,
    });
  }
  if (input.paid_at < invoice.issueDate) {
    out.push({
      path: ['paid_at'],
      rule: 'GW-PAYMENT-BEFORE-ISSUE',
      message: `paid_at ${input.paid_at} is before the invoice's issue date (BT-2) ${invoice.issueDate}`,
    });
  }
  if (input.paid_at > context.today) {
    out.push({
      path: ['paid_at'],
      rule: 'GW-PAYMENT-FUTURE',
      message: `paid_at ${input.paid_at} is after today in France (${context.today})`,
    });
  }
  const given = checkBreakdown(input, invoice.rates, out);
  if (out.length > 0) return { ok: false, violations: out };
  return { ok: true, parts: given ?? splitByRate(input.amount, invoice.rates) };
}
