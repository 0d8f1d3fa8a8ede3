/**
 * The rule ids of a payment's 422 (`POST /v1/invoices/{submission_id}/payments`, GraphQL `recordPayment`):
 * the gateway's own (`GW-PAYMENT-*`), documented in docs/api-guide.md ("Payments") beside the spec's.
 * Each id is stable: clients key on it. Read by rules.ts, which emits them.
 */

// One literal array, so that PaymentRuleId derives from it and cannot drift from what the rules emit.
const CATALOGUE = [
  {
    id: 'GW-PAYMENT-ID',
    summary: 'The payment id is blank, longer than 255 characters, or contains U+0000 or an unpaired surrogate.',
    reference: 'the SaaS payment id makes recording a payment idempotent (same id, same body: the stored payment)',
  },
  {
    id: 'GW-PAYMENT-AMOUNT',
    summary: 'A payment amount (`amount`, or a `vat_breakdown` part) is not an integer above 0 in minor units.',
    reference: 'DGFiP Annexe 7 G7.45 (212 Encaissée: the amount cashed per VAT rate)',
  },
  {
    id: 'GW-PAYMENT-ABOVE-TOTAL',
    summary: "The invoice's payments, this one included, add up to more than its `total` (BT-112).",
    reference: 'EN 16931 BT-112; XP Z12-012 212 Encaissée (MDT-215, the amount cashed)',
  },
  {
    id: 'GW-PAYMENT-BEFORE-ISSUE',
    summary: "`paid_at` is before the invoice's issue date (BT-2, its date in Paris).",
    reference: 'EN 16931 BT-2; DSE v3.2 § 2.3.2 (payment data follow the invoice)',
  },
  {
    id: 'GW-PAYMENT-FUTURE',
    summary: '`paid_at` is after today in France (Europe/Paris): a cashing is reported once it happened.',
    reference: 'DSE v3.2 § 2.3.2, § 3.6.4 (212 Encaissée, emitted when the payment is cashed)',
  },
  {
    id: 'GW-PAYMENT-BREAKDOWN-SUM',
    summary: 'The `vat_breakdown` parts do not add up to `amount`.',
    reference: 'DGFiP Annexe 7 G7.45 (the amount cashed split by VAT rate)',
  },
  {
    id: 'GW-PAYMENT-BREAKDOWN-RATE',
    summary: 'A `vat_breakdown` part names a VAT rate the invoice does not have (BT-119 of its VAT breakdown), or a rate twice.',
    reference: 'DGFiP Annexe 7 G7.45; EN 16931 BG-23 (BT-119); XP Z12-012 MDT-224',
  },
  {
    id: 'GW-PAYMENT-METHOD',
    summary: 'The payment `method` is blank, longer than 255 characters, or contains U+0000 or an unpaired surrogate.',
    reference: 'free text kept with the payment; PostgreSQL text refuses U+0000, RFC 8259 § 8.2',
  },
  {
    id: 'GW-PAYMENT-INVOICE-REJECTED',
    summary:
      "The invoice is `rejected` (by the gateway's validation or by the platform, 213/501): it was never issued, so nothing can be cashed on it.",
    reference: 'spec § processing_state (rejected); XP Z12-012 213 Rejetée, 501 Irrecevable',
  },
  {
    id: 'GW-PAYMENT-CREDIT-NOTE',
    summary: 'The submission is a credit note: payments are recorded on invoices only (a refund is not a 212 Encaissée of the gateway).',
    reference: 'DSE v3.2 § 2.3.2 (payment data of invoices); XP Z12-012 212 Encaissée',
  },
  {
    id: 'GW-PAYMENT-SELLER-MISSING',
    summary:
      'The invoice waits for its seller (`waiting_for: seller`, a document written before its tenant had one): how its payments are ' +
      'reported depends on the seller (VAT on debits, regime). Create the seller, then record the payment again.',
    reference: 'DSE v3.2 § 2.3.2 (the option for VAT on debits decides the payment data); spec § processing_state',
  },
] as const;

/** Identifier of a payment rule, e.g. `'GW-PAYMENT-ABOVE-TOTAL'`. */
export type PaymentRuleId = (typeof CATALOGUE)[number]['id'];

/** Every payment rule id with its summary and source, in the order docs/api-guide.md lists them. Frozen. */
export const PAYMENT_RULE_CATALOGUE: ReadonlyArray<{ id: PaymentRuleId; summary: string; reference: string }> = Object.freeze(
  CATALOGUE.map((entry) => Object.freeze({ ...entry })),
);

/**
 * One broken payment rule: `path` in wire (snake_case) segments from the body's root (`['vat_breakdown', 1,
 * 'percentage']`; `[]` for the invoice itself, named by the URL), which the REST layer writes as a JSON pointer
 * (RFC 6901) and GraphQL as an input path; `rule` its id; `message` an English sentence naming the value.
 */
export interface PaymentViolation {
  path: Array<string | number>;
  rule: PaymentRuleId;
  message: string;
}
