/**
 * The catalogue of conversion rules behind the spec's 422 causes
 * (interface spec § Errors, "422 causes"). Each id is stable: clients and
 * support scripts key on it, so an id is never renamed or reused. EN 16931 ids
 * are reused where the standard has a matching rule; `GW-*` ids are the
 * gateway's own, for limits EN 16931 does not state.
 */

// Kept as one literal array so that `RuleId` is derived from it and the
// catalogue cannot drift from the ids the rules emit.
const CATALOGUE = [
  {
    id: 'BR-CL-04',
    summary: 'The currency is not an ISO 4217 alpha-3 code (codes are uppercase).',
    reference: 'EN 16931 BR-CL-04 (BT-5); spec § Resources (currency), § Errors cause 1',
  },
  {
    id: 'GW-CURRENCY-UNSUPPORTED',
    summary:
      'The currency is a real ISO 4217 code but not one the gateway supports (EUR, USD, GBP, CHF, CAD, AUD, JPY, KRW, XOF, XAF, BHD, KWD, TND).',
    reference: 'spec § Limits (Currencies), § Errors cause 1',
  },
  {
    id: 'BR-05',
    summary: 'A credit note has no currency.',
    reference: 'EN 16931 BR-05 (BT-5); spec § Credit note (currency), § Errors cause 6',
  },
  {
    id: 'BR-CL-14',
    summary: 'A `country` field, anywhere in the document, is not an uppercase ISO 3166-1 alpha-2 code.',
    reference:
      'EN 16931 BR-CL-14 (BT-40, BT-55, BT-80); spec § customer_snapshot (billing_address), § Invoice (further address-like object), § Errors cause 3',
  },
  {
    id: 'GW-TAX-RATE-RANGE',
    summary: 'A tax percentage is not a finite number from 0 to 100 inclusive.',
    reference: 'spec § Tax (percentage), § Limits (Tax rate), § Errors cause 4; EN 16931 BT-152',
  },
  {
    id: 'GW-ONE-TAX-PER-LINE',
    summary: 'A line carries more than one tax.',
    reference:
      'spec § Invoice line (taxes), § Limits (Taxes per line), § Errors cause 5; EN 16931 BG-30 (one VAT category per line, BT-151)',
  },
  {
    id: 'GW-SIREN',
    summary: 'A customer SIREN (tax id type siren / fr_siren) is not 9 digits with a valid Luhn key.',
    reference: 'spec § customer_snapshot (tax_ids), § Errors cause 2; INSEE SIREN (Luhn key)',
  },
  {
    id: 'GW-SIRET',
    summary:
      'A customer SIRET (tax id type siret / fr_siret) is not 14 digits with a valid Luhn key (La Poste establishments: digit sum multiple of 5).',
    reference: 'spec § customer_snapshot (tax_ids), § Errors cause 2; INSEE SIRET (Luhn key, La Poste exception)',
  },
  {
    id: 'BR-CO-09',
    summary:
      'A customer VAT number (eu_vat / fr_vat / vat) does not start with an EU VAT prefix (member state code, EL for Greece, XI for Northern Ireland).',
    reference: 'EN 16931 BR-CO-09 (BT-48); EU VIES prefixes; spec § Errors cause 2',
  },
  {
    id: 'GW-VAT-FORMAT',
    summary: "A customer VAT number does not match its country's format (uppercase, no spaces).",
    reference: 'spec § customer_snapshot (tax_ids), § Errors cause 2; EU VIES number formats',
  },
  {
    id: 'GW-VAT-FR-KEY',
    summary: 'A French VAT number has a numeric key that does not match its SIREN.',
    reference: 'spec § Errors cause 2; French VAT number key = (12 + 3 × (SIREN mod 97)) mod 97',
  },
  {
    id: 'GW-ORIGIN-INVOICE-UNKNOWN',
    summary:
      'The invoice a credit note refers to (invoice_id) was not submitted before; reported at /invoice_id, checked outside this module (needs the database).',
    reference: 'spec § POST /v1/credit-notes, § Errors cause 7; EN 16931 BG-3 (BT-25, BT-26)',
  },
  {
    id: 'GW-LIFECYCLE-CODE',
    summary: 'A lifecycle event (POST /pa/v1/lifecycle-events) has a code outside 200 to 214.',
    reference: 'spec § lifecycle code, § Limits (Lifecycle code range)',
  },
  {
    id: 'GW-DATE-TIME',
    summary: 'A lifecycle event occurred_at is not an RFC 3339 date-time with an offset.',
    reference: 'spec § Lifecycle status entry (occurred_at); RFC 3339 § 5.6',
  },
  {
    id: 'GW-SUBMISSION-UNKNOWN',
    summary: 'A lifecycle event names a submission_id the gateway does not know.',
    reference: 'spec § Lifecycle status entry',
  },
  {
    id: 'GW-EVENT-ID',
    summary: 'A lifecycle event event_id is blank, longer than 255 characters, or contains U+0000 or an unpaired surrogate.',
    reference: 'spec § Lifecycle status entry; event_id makes POST /pa/v1/lifecycle-events idempotent',
  },
  {
    id: 'GW-LIFECYCLE-TEXT',
    summary: 'A lifecycle event reason or reason_code contains U+0000 or an unpaired surrogate, which cannot be stored unchanged.',
    reference: 'spec § Lifecycle status entry (reason, reason_code); PostgreSQL text refuses U+0000, RFC 8259 § 8.2',
  },
  {
    id: 'GW-EVENT-ID-REUSED',
    summary: 'A lifecycle event reuses the event_id of an event recorded for another submission.',
    reference: 'spec § Lifecycle status entry; event_id makes POST /pa/v1/lifecycle-events idempotent',
  },
  {
    id: 'GW-WEBHOOK-URL',
    summary: 'A webhook endpoint URL is not https, or points to a private, loopback or link-local address.',
    reference: 'spec § Events (webhooks); SSRF protection, checked at registration and at each delivery',
  },
  {
    id: 'GW-WEBHOOK-EVENT-TYPE',
    summary: 'A webhook endpoint subscribes to an unknown event type, or to none.',
    reference: 'spec § Events (webhooks): submission.received, submission.processing_state_changed, submission.lifecycle_status_added',
  },
  {
    id: 'GW-WEBHOOK-DESCRIPTION',
    summary: 'A webhook endpoint description contains U+0000 or an unpaired surrogate, which cannot be stored unchanged.',
    reference: 'spec § Events (webhooks); PostgreSQL text refuses U+0000, RFC 8259 § 8.2',
  },
  {
    id: 'GW-SHAPE',
    summary: 'The document does not have the structure these rules expect; the structural check (400) should have caught it first.',
    reference: 'spec § Errors (400 malformed request); defensive, not expected in practice',
  },
] as const;

/**
 * Identifier of a conversion rule, e.g. `'BR-CL-04'` or `'GW-SIRET'`: one of
 * the ids in {@link RULE_CATALOGUE}. This is the "rule identifier" of a spec
 * § Resources "Validation error item (422)".
 */
export type RuleId = (typeof CATALOGUE)[number]['id'];

/**
 * One rule violation found in a document.
 *
 * - `path`: segments from the document root, in wire (snake_case) names;
 *   string keys and numeric array indices, e.g.
 *   `['lines', 3, 'taxes', 0, 'percentage']`. The HTTP layer turns it into the
 *   JSON pointer that the spec's 422 `path` carries (`/lines/3/taxes/0/percentage`).
 * - `rule`: the violated rule (see {@link RULE_CATALOGUE}).
 * - `message`: short English sentence naming the offending value, for humans.
 */
export interface RuleViolation {
  path: Array<string | number>;
  rule: RuleId;
  message: string;
}

/**
 * Every rule id the gateway can report for a 422, with a one-line summary and
 * its source (spec section, EN 16931 rule or external reference), in the order
 * the docs list them. Includes `GW-ORIGIN-INVOICE-UNKNOWN`, which
 * `checkCreditNote` does not check (it needs the database) but the credit note
 * endpoint reports at `/invoice_id`. Frozen at run time.
 */
export const RULE_CATALOGUE: ReadonlyArray<{ id: RuleId; summary: string; reference: string }> = Object.freeze(
  CATALOGUE.map((entry) => Object.freeze({ ...entry })),
);

const RULE_IDS: ReadonlySet<string> = new Set(CATALOGUE.map((entry) => entry.id));

/** True when `value` is one of the catalogue ids (used to read rule ids back from zod issues). */
export function isRuleId(value: unknown): value is RuleId {
  return typeof value === 'string' && RULE_IDS.has(value);
}
