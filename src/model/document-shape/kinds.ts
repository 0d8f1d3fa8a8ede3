/**
 * The vocabulary of the document shape: what a field of a submitted document
 * can be. The shape itself (`./index.ts`) is written once with it; the domain
 * types (`../documents.ts`), the GraphQL input types (`src/schema/document-input.ts`)
 * and the OpenAPI request schemas (`rest-facade/openapi/documents.ts`) are
 * derived from it.
 */

/** The names of the objects of the shape; `Invoice` and `CreditNote` are the two request bodies. */
export type ObjectName = 'Tax' | 'InvoiceLine' | 'CreditNoteLine' | 'Address' | 'TaxId' | 'CustomerSnapshot' | 'Invoice' | 'CreditNote';

/**
 * What a field holds on the wire (the JSON of the interface spec):
 * - `identifier`: a string that keys a unique index (`id`, `number`, `invoice_id`): not blank, at most 255 UTF-16 code units;
 * - `string`, `number` (any JSON number), `boolean`;
 * - `amount`: a JSON integer within ±(2^53 - 1), in the currency's minor units (cents for EUR);
 * - `date`: YYYY-MM-DD; `date-time`: RFC 3339 with an offset, kept as written;
 * - `currency`: an ISO 4217 alpha-3 code (BT-5), one of the supported currencies (`../rules/code-lists.ts`).
 */
export type ScalarKind = 'identifier' | 'string' | 'number' | 'boolean' | 'amount' | 'date' | 'date-time' | 'currency';

/** A field: a scalar, one object of the shape, or a list of them. */
export type FieldKind = ScalarKind | 'object' | 'list';

/** One field of an object, keyed by its wire name (snake_case, as the spec names it). */
export interface FieldSpec {
  readonly kind: FieldKind;
  /** For `object` and `list`: the object it holds. */
  readonly of?: ObjectName;
  /** Required fields must be present and not null (otherwise 400); optional ones may be null, which means absent. */
  readonly required?: boolean;
  /** The EN 16931 business term (`BT-n`, `BG-n`) the field supplies as it is; docs/mapping.md must agree. */
  readonly term?: string;
  /** The one-line description of the GraphQL input field (none when absent). */
  readonly summary?: string;
  /** The description of the field in the REST reference, before the sentence its kind adds (units, formats, bounds). */
  readonly description?: string;
  /** Example values for the REST reference. */
  readonly examples?: readonly unknown[];
}

/** One object: its fields in wire order. Unknown extra fields are always allowed and kept. */
export interface ObjectSpec {
  /** The EN 16931 business group (`BG-n`) the object maps to, when there is one. */
  readonly term?: string;
  /** What the object is, with the rules that bear on it as a whole. */
  readonly description: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}
