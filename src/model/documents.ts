/**
 * The SaaS wire format of submitted documents, exactly as the interface spec
 * (§ Resources and their fields) names its fields: snake_case, amounts as
 * integers in the currency's smallest unit (minor units: cents for EUR, none
 * for JPY, thousandths for BHD).
 *
 * The types are derived from the document shape (`./document-shape/`), where
 * each field's kind, required-ness, EN 16931 business term and description are
 * written once: add a field there and it appears here, in the GraphQL input
 * types and in the OpenAPI request schemas.
 *
 * These types describe documents that already passed the structural check
 * (required fields present, JSON types right); the 422 rules in
 * `./rules/` then decide whether they can be converted. Unknown extra fields are
 * allowed and kept (`[extra: string]: unknown`): the stored body is the request
 * exactly as received.
 */
import type { WireObject } from './document-shape/index.ts';

/** Tax on a line (spec § Tax): `percentage` (BT-152, 0 to 100) and `amount` in minor units. At most one per line (422, spec § Errors cause 5). */
export type Tax = WireObject<'Tax'>;

/** Invoice line (spec § Invoice line); maps to EN 16931 BG-25. Amounts in minor units; quantity and amount may be negative. */
export type InvoiceLine = WireObject<'InvoiceLine'>;

/** A customer tax identifier: `type` such as `eu_vat`, `siren`, `siret`. */
export type TaxId = WireObject<'TaxId'>;

/** Customer data at submission time; maps to the Buyer, EN 16931 BG-7 (`name` is BT-44). */
export type CustomerSnapshot = WireObject<'CustomerSnapshot'>;

/**
 * Request body of `POST /v1/invoices` (spec § Invoice). `id` is kept as `saas_id`; `number` (BT-1) is
 * duplicate-checked per tenant; dates are RFC 3339 date-times (offset kept as sent) or YYYY-MM-DD; totals are
 * BT-109, BT-110, BT-112, BT-113, BT-115 in minor units.
 */
export type InvoiceDocument = WireObject<'Invoice'>;

/** Credit note line: an invoice line without `type` (spec § Credit note). */
export type CreditNoteLine = WireObject<'CreditNoteLine'>;

/**
 * Request body of `POST /v1/credit-notes` (spec § Credit note). `invoice_id` is the SaaS `id` of an invoice this
 * tenant already submitted (BT-25/BT-26 come from it); `currency` is optional in shape, but its absence is a 422
 * (spec § Errors cause 6, BR-05).
 */
export type CreditNoteDocument = WireObject<'CreditNote'>;

/** The two document kinds; duplicate checks are per tenant and per kind. */
export type DocumentType = 'invoice' | 'credit_note';
