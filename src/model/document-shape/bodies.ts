/** The two request bodies: an invoice (spec § Invoice) and a credit note (spec § Credit note). */
import type { ObjectSpec } from './kinds.ts';

const saasId = {
  kind: 'identifier',
  required: true,
  description: 'Identifier on the SaaS side; returned as `saas_id`. Duplicate-checked per tenant (409).',
} as const;
const status = { kind: 'string', description: 'Status given by the SaaS; not checked.' } as const;
const taxTotalEur = {
  kind: 'amount',
  term: 'BT-111',
  summary: 'BT-111, euro cents: the VAT total in EUR, required when the currency is not EUR (BR-FR-CO-12).',
  description: 'VAT total in EUR (BT-111), in euro cents; required when the currency is not EUR (422, rule BR-FR-CO-12).',
} as const;
const billingFramework = {
  kind: 'string',
  term: 'BT-23',
  summary: "BT-23 billing framework (cadre de facturation, e.g. S1), overriding the seller profile's.",
  description:
    "Billing framework (BT-23, cadre de facturation), overriding the seller profile's `billing_framework`: one of B1 S1 M1 " +
    'B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9, otherwise a 422 (rule BR-FR-08).',
} as const;

const sellerSiren = {
  kind: 'string',
  summary: "The seller's SIREN (one of the tenant's sellers); absent: the tenant's default seller.",
  description:
    "SIREN of the seller (9 digits, one of the tenant's sellers, `/v1/sellers`) the document is issued by; absent: the " +
    "tenant's default seller (`/v1/seller-profile`). An unknown SIREN is a 422 (rule GW-SELLER-UNKNOWN).",
  examples: ['900123456'],
} as const;

/** The body of `POST /v1/invoices` and of the `submitInvoice` mutation. */
export const Invoice = {
  description: 'Request body of POST /v1/invoices.',
  fields: {
    id: { ...saasId, summary: 'Identifier on the SaaS side.' },
    number: {
      kind: 'identifier',
      required: true,
      term: 'BT-1',
      summary: 'BT-1 invoice number.',
      description: 'Invoice number (BT-1). Duplicate-checked per seller (409).',
    },
    seller_siren: sellerSiren,
    status,
    customer_id: { kind: 'string', description: 'Customer identifier on the SaaS side.' },
    created_at: {
      kind: 'date-time',
      required: true,
      description: 'Creation time; its local date is the issue date (BT-2) when `finalized_at` is absent.',
    },
    finalized_at: {
      kind: 'date-time',
      summary: 'Issue date (BT-2) is its local date when present.',
      description: 'Finalization time; its local date is the issue date (BT-2).',
    },
    due_date: { kind: 'date', term: 'BT-9', description: 'Due date (BT-9).' },
    period_start: { kind: 'date', term: 'BT-73', description: 'Start of the billed period.' },
    period_end: { kind: 'date', term: 'BT-74', description: 'End of the billed period.' },
    currency: { kind: 'currency', required: true, term: 'BT-5', summary: 'ISO 4217 (BT-5); one of the supported currencies.' },
    subtotal: { kind: 'amount', description: 'Subtotal.' },
    total_excl_tax: {
      kind: 'amount',
      required: true,
      term: 'BT-109',
      summary: 'BT-109.',
      description: 'Total excluding tax (BT-109).',
    },
    tax_total: { kind: 'amount', required: true, term: 'BT-110', summary: 'BT-110.', description: 'Total tax (BT-110).' },
    tax_total_eur: taxTotalEur,
    total: { kind: 'amount', required: true, term: 'BT-112', summary: 'BT-112.', description: 'Total including tax (BT-112).' },
    amount_paid: { kind: 'amount', term: 'BT-113', summary: 'BT-113.', description: 'Amount already paid (BT-113).' },
    amount_due: { kind: 'amount', required: true, term: 'BT-115', summary: 'BT-115.', description: 'Amount still due (BT-115).' },
    lines: { kind: 'list', of: 'InvoiceLine', required: true },
    customer_snapshot: { kind: 'object', of: 'CustomerSnapshot', required: true },
    billing_framework: billingFramework,
  },
} as const satisfies ObjectSpec;

/** The body of `POST /v1/credit-notes` and of the `submitCreditNote` mutation; its Buyer is the invoice's. */
export const CreditNote = {
  description: 'Request body of POST /v1/credit-notes.',
  fields: {
    id: saasId,
    number: {
      kind: 'identifier',
      required: true,
      term: 'BT-1',
      description: 'Credit note number. Duplicate-checked per seller (409).',
    },
    seller_siren: {
      ...sellerSiren,
      description: `${sellerSiren.description} It must be the seller of the invoice it refers to (GW-SELLER-MISMATCH).`,
    },
    invoice_id: {
      kind: 'identifier',
      required: true,
      summary: 'SaaS id of an invoice already submitted; supplies BT-25 and BT-26.',
      description:
        'SaaS `id` of an invoice this tenant already submitted; it supplies the preceding invoice number (BT-25) and ' +
        'date (BT-26). Unknown: 422 at `/invoice_id` (rule GW-ORIGIN-INVOICE-UNKNOWN).',
    },
    reason: { kind: 'string', description: 'Reason for the credit note.' },
    status,
    // Optional in shape so that its absence is a 422 naming the rule rather than a 400.
    currency: {
      kind: 'currency',
      term: 'BT-5',
      summary: 'ISO 4217; optional in shape but its absence is refused (rule BR-05).',
      description: 'Optional in shape, but absent or null is a 422 (rule BR-05).',
    },
    created_at: { kind: 'date-time', required: true, description: 'Creation time.' },
    total_excl_tax: { kind: 'amount', required: true, term: 'BT-109', description: 'Total excluding tax.' },
    tax_total: { kind: 'amount', required: true, term: 'BT-110', description: 'Total tax.' },
    tax_total_eur: taxTotalEur,
    total: { kind: 'amount', required: true, term: 'BT-112', description: 'Total including tax.' },
    lines: { kind: 'list', of: 'CreditNoteLine', required: true },
    billing_framework: billingFramework,
  },
} as const satisfies ObjectSpec;
