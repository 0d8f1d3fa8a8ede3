/**
 * The SaaS wire format of submitted documents, exactly as the interface spec
 * (§ Resources and their fields) names its fields: snake_case, amounts as
 * integers in the currency's smallest unit (minor units: cents for EUR, none
 * for JPY, thousandths for BHD).
 *
 * These types describe documents that already passed the structural check
 * (required fields present, JSON types right); the 422 rules in
 * `./rules/` then decide whether they can be converted. Unknown extra fields are
 * allowed and kept: the stored body is the request exactly as received.
 */

/** Tax on a line (spec § Tax). At most one per line (422, spec § Errors cause 5). */
export interface Tax {
  name?: string;
  /** Rate in percent, 0 to 100 inclusive (spec § Limits). */
  percentage: number;
  inclusive?: boolean;
  /** Tax amount in minor units. */
  amount: number;
  [extra: string]: unknown;
}

/** Invoice line (spec § Invoice line); maps to EN 16931 BG-25. */
export interface InvoiceLine {
  /** BT-126 Invoice line identifier. */
  id: string;
  /** BT-153 Item name. */
  description: string;
  type?: string;
  /** BT-129 Invoiced quantity (may be negative for returns). */
  quantity: number;
  /** BT-146 Item net price, minor units. */
  unit_amount: number;
  /** BT-131 Invoice line net amount, minor units (may be negative). */
  amount: number;
  taxes: Tax[];
  [extra: string]: unknown;
}

/** Postal address; `country` is ISO 3166-1 alpha-2 (BT-55, BR-CL-14). */
export interface Address {
  line1?: string;
  postal_code?: string;
  city?: string;
  country: string;
  [extra: string]: unknown;
}

/** A customer tax identifier: `type` such as `eu_vat`, `siren`, `siret`. */
export interface TaxId {
  type: string;
  value: string;
  [extra: string]: unknown;
}

/** Customer data at submission time; maps to the Buyer, EN 16931 BG-7. */
export interface CustomerSnapshot {
  id?: string;
  type?: string;
  /** BT-44 Buyer name. */
  name: string;
  email?: string;
  billing_address: Address;
  tax_ids?: TaxId[];
  [extra: string]: unknown;
}

/** Request body of `POST /v1/invoices` (spec § Invoice). */
export interface InvoiceDocument {
  /** Identifier on the SaaS side, kept as `saas_id`. */
  id: string;
  /** BT-1 Invoice number, duplicate-checked per tenant. */
  number: string;
  status?: string;
  customer_id?: string;
  /** RFC 3339 date-time, offset kept as sent. */
  created_at: string;
  finalized_at?: string;
  /** YYYY-MM-DD (BT-9). */
  due_date?: string;
  period_start?: string;
  period_end?: string;
  /** ISO 4217 alpha-3 (BT-5), one of the supported currencies. */
  currency: string;
  subtotal?: number;
  /** BT-109, minor units. */
  total_excl_tax: number;
  /** BT-110, minor units. */
  tax_total: number;
  /** BT-112, minor units. */
  total: number;
  /** BT-113, minor units. */
  amount_paid?: number;
  /** BT-115, minor units. */
  amount_due: number;
  lines: InvoiceLine[];
  customer_snapshot: CustomerSnapshot;
  [extra: string]: unknown;
}

/** Credit note line: an invoice line without `type` (spec § Credit note). */
export type CreditNoteLine = Pick<InvoiceLine, 'id' | 'description' | 'quantity' | 'unit_amount' | 'amount' | 'taxes'> & {
  [extra: string]: unknown;
};

/** Request body of `POST /v1/credit-notes` (spec § Credit note). */
export interface CreditNoteDocument {
  id: string;
  number: string;
  /** SaaS `id` of an invoice this tenant already submitted (BT-25/BT-26 come from it). */
  invoice_id: string;
  reason?: string;
  status?: string;
  /** Optional in shape, but its absence is a 422 (spec § Errors cause 6, BR-05). */
  currency?: string;
  created_at: string;
  total_excl_tax: number;
  tax_total: number;
  total: number;
  lines: CreditNoteLine[];
  [extra: string]: unknown;
}

/** The two document kinds; duplicate checks are per tenant and per kind. */
export type DocumentType = 'invoice' | 'credit_note';
