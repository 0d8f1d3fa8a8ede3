/**
 * The catalogue of conversion rules behind the spec's 422 causes
 * (interface spec § Errors, "422 causes"). Each id is stable: clients and
 * support scripts key on it, so an id is never renamed or reused. EN 16931 ids
 * are reused where the standard has a matching rule; `GW-*` ids are the
 * gateway's own, for limits EN 16931 does not state.
 */

/**
 * Where a rule applies, i.e. which 422 reports it:
 * - `document`: the submitted invoice or credit note (`POST /v1/invoices`, `/v1/credit-notes`);
 * - `seller-profile`: a seller profile's values (`checkSellerProfile`, the seller and seller profile endpoints);
 * - `seller-request`: a seller request beyond its profile (a `PUT /v1/sellers/{siren}` body naming another SIREN);
 * - `lifecycle-event`: a lifecycle status the PA reports (`POST /pa/v1/lifecycle-events`);
 * - `webhook-endpoint`: a webhook endpoint's registration or change.
 */
export type RuleScope = 'document' | 'seller-profile' | 'seller-request' | 'lifecycle-event' | 'webhook-endpoint';

// Kept as one literal array so that `RuleId` is derived from it and the
// catalogue cannot drift from the ids the rules emit. `applies` lists where
// each rule applies; every list of rules (a 422 schema of the OpenAPI
// document, the rules a check reports) is a filter of it (`rulesFor`).
const CATALOGUE = [
  {
    id: 'BR-CL-04',
    applies: ['document'],
    summary: 'The currency is not an ISO 4217 alpha-3 code (codes are uppercase).',
    reference: 'EN 16931 BR-CL-04 (BT-5); spec § Resources (currency), § Errors cause 1',
  },
  {
    id: 'GW-CURRENCY-UNSUPPORTED',
    applies: ['document'],
    summary:
      'The currency is a real ISO 4217 code but not one the gateway supports (EUR, USD, GBP, CHF, CAD, AUD, JPY, KRW, XOF, XAF, BHD, KWD, TND).',
    reference: 'spec § Limits (Currencies), § Errors cause 1',
  },
  {
    id: 'BR-05',
    applies: ['document'],
    summary: 'A credit note has no currency.',
    reference: 'EN 16931 BR-05 (BT-5); spec § Credit note (currency), § Errors cause 6',
  },
  {
    id: 'BR-CL-14',
    applies: ['document', 'seller-profile'],
    summary: 'A `country` field, anywhere in the document, is not an uppercase ISO 3166-1 alpha-2 code.',
    reference:
      'EN 16931 BR-CL-14 (BT-40, BT-55, BT-80); spec § customer_snapshot (billing_address), § Invoice (further address-like object), § Errors cause 3',
  },
  {
    id: 'GW-TAX-RATE-RANGE',
    applies: ['document'],
    summary: 'A tax percentage is not a finite number from 0 to 100 inclusive.',
    reference: 'spec § Tax (percentage), § Limits (Tax rate), § Errors cause 4; EN 16931 BT-152',
  },
  {
    id: 'GW-ONE-TAX-PER-LINE',
    applies: ['document'],
    summary: 'A line carries more than one tax.',
    reference:
      'spec § Invoice line (taxes), § Limits (Taxes per line), § Errors cause 5; EN 16931 BG-30 (one VAT category per line, BT-151)',
  },
  {
    id: 'GW-SIREN',
    applies: ['document'],
    summary: 'A customer SIREN (tax id type siren / fr_siren) is not 9 digits with a valid Luhn key.',
    reference: 'spec § customer_snapshot (tax_ids), § Errors cause 2; INSEE SIREN (Luhn key)',
  },
  {
    id: 'GW-SIRET',
    applies: ['document', 'seller-profile'],
    summary:
      'A customer SIRET (tax id type siret / fr_siret) is not 14 digits with a valid Luhn key (La Poste establishments: digit sum multiple of 5).',
    reference: 'spec § customer_snapshot (tax_ids), § Errors cause 2; INSEE SIRET (Luhn key, La Poste exception)',
  },
  {
    id: 'BR-CO-09',
    applies: ['document', 'seller-profile'],
    summary:
      'A customer VAT number (eu_vat / fr_vat / vat) does not start with an uppercase ISO 3166-1 alpha-2 country code (EL for Greece, XI for Northern Ireland), as the official EN 16931 artefacts test it.',
    reference: 'EN 16931 BR-CO-09 (BT-48); ISO 3166-1 alpha-2 as listed by the EN 16931 1.3.16 artefacts; spec § Errors cause 2',
  },
  {
    id: 'GW-VAT-FORMAT',
    applies: ['document', 'seller-profile'],
    summary:
      "A customer VAT number of an EU member state (VIES prefix) does not match its country's format (uppercase, no spaces), or a Greek number is written GR instead of EL, or a seller's VAT number (BT-31) is not an EU VAT number.",
    reference: 'spec § customer_snapshot (tax_ids), § Errors cause 2; EU VIES number formats',
  },
  {
    id: 'GW-VAT-FR-KEY',
    applies: ['document', 'seller-profile'],
    summary: 'A French VAT number has a numeric key that does not match its SIREN.',
    reference: 'spec § Errors cause 2; French VAT number key = (12 + 3 × (SIREN mod 97)) mod 97',
  },
  {
    id: 'GW-ORIGIN-INVOICE-UNKNOWN',
    applies: ['document'],
    summary:
      'The invoice a credit note refers to (invoice_id) was not submitted before; reported at /invoice_id, checked outside this module (needs the database).',
    reference: 'spec § POST /v1/credit-notes, § Errors cause 7; EN 16931 BG-3 (BT-25, BT-26)',
  },
  {
    id: 'BR-16',
    applies: ['document'],
    summary: 'The document has no line (BG-25).',
    reference: 'EN 16931 BR-16; path /lines',
  },
  {
    id: 'BR-21',
    applies: ['document'],
    summary: 'A line identifier (BT-126, `lines[].id`) is empty.',
    reference: 'EN 16931 BR-21',
  },
  {
    id: 'BR-25',
    applies: ['document'],
    summary: 'An item name (BT-153, `lines[].description`) is empty.',
    reference: 'EN 16931 BR-25',
  },
  {
    id: 'BR-07',
    applies: ['document'],
    summary: 'The buyer name (BT-44, `customer_snapshot.name`) is empty.',
    reference: 'EN 16931 BR-07',
  },
  {
    id: 'BR-CO-10',
    applies: ['document'],
    summary: '`subtotal` is not the sum of the line amounts (BT-106 = Σ BT-131).',
    reference: 'EN 16931 BR-CO-10; path /subtotal; docs/mapping.md (Totals)',
  },
  {
    id: 'BR-CO-14',
    applies: ['document'],
    summary: "`tax_total` is not the sum of the lines' tax amounts (BT-110 = Σ BT-117).",
    reference: 'EN 16931 BR-CO-14; path /tax_total',
  },
  {
    id: 'BR-CO-15',
    applies: ['document'],
    summary: '`total` is not `total_excl_tax` + `tax_total` (BT-112 = BT-109 + BT-110).',
    reference: 'EN 16931 BR-CO-15; path /total',
  },
  {
    id: 'BR-CO-16',
    applies: ['document'],
    summary:
      '`amount_due` differs from `total` − `amount_paid` by one currency unit or more (BT-115 = BT-112 − BT-113 + BT-114; a smaller gap is the rounding amount BT-114).',
    reference: 'EN 16931 BR-CO-16; path /amount_due',
  },
  {
    id: 'BR-CO-17',
    applies: ['document'],
    summary:
      "The lines' tax of one VAT category and rate is not its taxable amount × rate within one currency unit (BT-117 = BT-116 × BT-119 / 100, the tolerance of the official schematron).",
    reference: 'EN 16931 BR-CO-17; path: the first line of the category',
  },
  {
    id: 'BR-FR-01',
    applies: ['document'],
    summary: 'The document number (BT-1) is longer than 35 characters.',
    reference: 'BR-FR-01 (FNFE-MPE 1.4.0.03); path /number',
  },
  {
    id: 'BR-FR-02',
    applies: ['document'],
    summary: 'The document number (BT-1) has characters other than A-Z a-z 0-9 + - _ / (spaces included).',
    reference: 'BR-FR-02 (FNFE-MPE 1.4.0.03); path /number',
  },
  {
    id: 'BR-FR-03',
    applies: ['document'],
    summary: 'A date (BT-2 issue date from finalized_at or created_at, BT-9 due_date, BT-73/74 period) is outside the years 2000 to 2099.',
    reference: 'BR-FR-03 (FNFE-MPE 1.4.0.03)',
  },
  {
    id: 'BR-FR-12',
    applies: ['document'],
    summary:
      'No buyer electronic address (BT-49) can be derived: no SIREN (B2B: scheme 0225), no e-mail (scheme EM) and no VAT number of a country with an EAS VAT scheme (9930 DE, 9932 GB, ...).',
    reference: 'BR-FR-12 (FNFE-MPE 1.4.0.03); path /customer_snapshot',
  },
  {
    id: 'BR-FR-15',
    applies: ['document'],
    summary: 'A tax `category` (BT-151) is not one of S, Z, E, AE, K, G, O.',
    reference: 'BR-FR-15 (FNFE-MPE 1.4.0.03)',
  },
  {
    id: 'BR-FR-16',
    applies: ['document'],
    summary: 'A tax rate (BT-152) is not a French VAT rate (0, 0.9, 1.05, 1.75, 2.1, 5.5, 7, 8.5, 9.2, 9.6, 10, 13, 19.6, 20, 20.6).',
    reference: "BR-FR-16 (FNFE-MPE 1.4.0.03, custom:is-valid-vat-rate); path: the tax's percentage",
  },
  {
    id: 'BR-FR-CO-12',
    applies: ['document'],
    summary: 'A document not in EUR does not give its VAT total in EUR (BT-111: `tax_total_eur`, euro cents).',
    reference: 'BR-FR-CO-12 (FNFE-MPE 1.4.0.03); path /tax_total_eur',
  },
  {
    id: 'BR-FR-DEC-01',
    applies: ['document'],
    summary: 'An amount needs more than two decimals (a BHD, KWD or TND amount not a multiple of 10 minor units).',
    reference: 'BR-FR-DEC-01 (FNFE-MPE 1.4.0.03); EN 16931 BR-DEC-*',
  },
  {
    id: 'BR-FR-DEC-02',
    applies: ['document'],
    summary: 'A quantity (BT-129) has more than four decimals.',
    reference: 'BR-FR-DEC-02 (FNFE-MPE 1.4.0.03)',
  },
  {
    id: 'BR-S-05',
    applies: ['document'],
    summary: 'A tax of category S (standard rate) has a 0 % rate.',
    reference: 'EN 16931 BR-S-05',
  },
  {
    id: 'BR-Z-05',
    applies: ['document'],
    summary: 'A tax of category Z (zero rated) has a rate other than 0 %.',
    reference: 'EN 16931 BR-Z-05',
  },
  {
    id: 'BR-E-05',
    applies: ['document'],
    summary: 'A tax of category E (exempt) has a rate other than 0 %.',
    reference: 'EN 16931 BR-E-05',
  },
  {
    id: 'BR-AE-05',
    applies: ['document'],
    summary: 'A tax of category AE (reverse charge) has a rate other than 0 %.',
    reference: 'EN 16931 BR-AE-05',
  },
  {
    id: 'BR-IC-05',
    applies: ['document'],
    summary: 'A tax of category K (intra-community supply) has a rate other than 0 %.',
    reference: 'EN 16931 BR-IC-05',
  },
  {
    id: 'BR-G-05',
    applies: ['document'],
    summary: 'A tax of category G (export outside the EU) has a rate other than 0 %.',
    reference: 'EN 16931 BR-G-05',
  },
  {
    id: 'BR-O-05',
    applies: ['document'],
    summary: 'A tax of category O (not subject to VAT) has a rate other than 0 %.',
    reference: 'EN 16931 BR-O-05',
  },
  {
    id: 'BR-AE-02',
    applies: ['document'],
    summary:
      'A line of category AE while the buyer has neither a VAT number (BT-48) nor a SIREN (BT-47), or while the seller has no VAT number (BT-31).',
    reference: 'EN 16931 BR-AE-02; path /customer_snapshot/tax_ids, or the first such line with profile_path /vat_number',
  },
  {
    id: 'BR-IC-02',
    applies: ['document'],
    summary: 'A line of category K while the buyer has no VAT number (BT-48), or while the seller has no VAT number (BT-31).',
    reference: 'EN 16931 BR-IC-02; path /customer_snapshot/tax_ids, or the first such line with profile_path /vat_number',
  },
  {
    id: 'BR-S-02',
    applies: ['document', 'seller-profile'],
    summary: "A line of category S (standard rate) while the seller has no VAT number (BT-31): the seller profile's vat_number.",
    reference: 'EN 16931 BR-S-02; path the first such line, profile_path /vat_number',
  },
  {
    id: 'BR-Z-02',
    applies: ['document'],
    summary: 'A line of category Z (zero rated) while the seller has no VAT number (BT-31).',
    reference: 'EN 16931 BR-Z-02; path the first such line, profile_path /vat_number',
  },
  {
    id: 'BR-E-02',
    applies: ['document'],
    summary: 'A line of category E (exempt) while the seller has no VAT number (BT-31).',
    reference: 'EN 16931 BR-E-02; path the first such line, profile_path /vat_number',
  },
  {
    id: 'BR-G-02',
    applies: ['document'],
    summary: 'A line of category G (export outside the EU) while the seller has no VAT number (BT-31).',
    reference: 'EN 16931 BR-G-02; path the first such line, profile_path /vat_number',
  },
  {
    id: 'BR-IC-11',
    applies: ['document'],
    summary:
      'A document with an intra-community supply (VAT category K) has no invoicing period (BG-14: `period_start`, `period_end`); a credit note cannot carry one.',
    reference: 'EN 16931 BR-IC-11; path /period_start (invoice) or /lines (credit note)',
  },
  {
    id: 'GW-CONTROL-CHARACTER',
    applies: ['document'],
    summary:
      'A text the e-invoice carries (buyer name, e-mail, address, tax id, line id or description) holds a character XML 1.0 cannot carry: a control character other than tab, line feed and carriage return, U+FFFE, U+FFFF or an unpaired surrogate.',
    reference: 'XML 1.0 § 2.2 (Char); EN 16931 UBL 2.1 and CII D22B are XML; spec § Errors (a value cannot be converted)',
  },
  {
    id: 'BR-29',
    applies: ['document'],
    summary: 'The billing period ends (BT-74, `period_end`) before it starts (BT-73, `period_start`).',
    reference: 'EN 16931 BR-29 (BG-14); path /period_end',
  },
  {
    id: 'BR-FR-CO-07',
    applies: ['document'],
    summary:
      'The due date (BT-9, `due_date`) is before the issue date (BT-2), for a framework other than an invoice already paid (B2, S2, M2).',
    reference: 'BR-FR-CO-07 (FNFE-MPE 1.4.0.03); path /due_date',
  },
  {
    id: 'BR-FR-CO-09',
    applies: ['document'],
    summary:
      'The billing framework (BT-23) is an invoice already paid (B2, S2, M2) but `amount_paid` is not the total, `amount_due` is not 0, there is no due date, or the document is a credit note.',
    reference: 'BR-FR-CO-09 (FNFE-MPE 1.4.0.03); path /billing_framework',
  },
  {
    id: 'BR-Z-09',
    applies: ['document'],
    summary: "The lines' tax of category Z (zero rated) is not exactly 0.",
    reference: 'EN 16931 BR-Z-09; path /lines/{i}/taxes/0/amount of the first line of the category',
  },
  {
    id: 'BR-E-09',
    applies: ['document'],
    summary: "The lines' tax of category E (exempt) is not exactly 0.",
    reference: 'EN 16931 BR-E-09; path /lines/{i}/taxes/0/amount of the first line of the category',
  },
  {
    id: 'BR-AE-09',
    applies: ['document'],
    summary: "The lines' tax of category AE (reverse charge) is not exactly 0.",
    reference: 'EN 16931 BR-AE-09; path /lines/{i}/taxes/0/amount of the first line of the category',
  },
  {
    id: 'BR-IC-09',
    applies: ['document'],
    summary: "The lines' tax of category K (intra-community supply) is not exactly 0.",
    reference: 'EN 16931 BR-IC-09; path /lines/{i}/taxes/0/amount of the first line of the category',
  },
  {
    id: 'BR-G-09',
    applies: ['document'],
    summary: "The lines' tax of category G (export outside the EU) is not exactly 0.",
    reference: 'EN 16931 BR-G-09; path /lines/{i}/taxes/0/amount of the first line of the category',
  },
  {
    id: 'BR-O-09',
    applies: ['document'],
    summary: "The lines' tax of category O (not subject to VAT) is not exactly 0.",
    reference: 'EN 16931 BR-O-09; path /lines/{i}/taxes/0/amount of the first line of the category',
  },
  {
    id: 'GW-SELLER-MISSING',
    applies: ['document'],
    summary:
      'The document names no seller (seller_siren) and the tenant has no seller yet: create one (POST /v1/sellers or PUT /v1/seller-profile) first.',
    reference: 'EN 16931 BG-4; reported at /seller_siren with the problem type seller-missing',
  },
  {
    id: 'GW-SELLER-UNKNOWN',
    applies: ['document'],
    summary: 'seller_siren names no seller of this tenant.',
    reference: 'EN 16931 BG-4, BT-30; path /seller_siren',
  },
  {
    id: 'GW-SELLER-MISMATCH',
    applies: ['document'],
    summary: "A credit note's seller is not its invoice's seller.",
    reference: 'EN 16931 BG-3, BG-4; path /seller_siren',
  },
  {
    id: 'GW-LIFECYCLE-CODE',
    applies: ['lifecycle-event'],
    summary:
      'A lifecycle event (POST /pa/v1/lifecycle-events) has a code outside the French CDV list: 200 to 214, 220, 221, ' +
      '224 to 228, 250, 251, 300, 301, 400, 401, 500, 501, 601.',
    reference: 'XP Z12-012 CDV list (BR-FR-CDV-CL-06, CDV schematron 1.4.0.03); spec § lifecycle code, § Limits (Lifecycle code range)',
  },
  {
    id: 'GW-DATE-TIME',
    applies: ['lifecycle-event'],
    summary: 'A lifecycle event occurred_at is not an RFC 3339 date-time with an offset.',
    reference: 'spec § Lifecycle status entry (occurred_at); RFC 3339 § 5.6',
  },
  {
    id: 'GW-SUBMISSION-UNKNOWN',
    applies: ['lifecycle-event'],
    summary: 'A lifecycle event names a submission_id the gateway does not know.',
    reference: 'spec § Lifecycle status entry',
  },
  {
    id: 'GW-EVENT-ID',
    applies: ['lifecycle-event'],
    summary: 'A lifecycle event event_id is blank, longer than 255 characters, or contains U+0000 or an unpaired surrogate.',
    reference: 'spec § Lifecycle status entry; event_id makes POST /pa/v1/lifecycle-events idempotent',
  },
  {
    id: 'GW-LIFECYCLE-TEXT',
    applies: ['lifecycle-event'],
    summary: 'A lifecycle event reason or reason_code contains U+0000 or an unpaired surrogate, which cannot be stored unchanged.',
    reference: 'spec § Lifecycle status entry (reason, reason_code); PostgreSQL text refuses U+0000, RFC 8259 § 8.2',
  },
  {
    id: 'GW-EVENT-ID-REUSED',
    applies: ['lifecycle-event'],
    summary: 'A lifecycle event reuses the event_id of an event recorded for another submission.',
    reference: 'spec § Lifecycle status entry; event_id makes POST /pa/v1/lifecycle-events idempotent',
  },
  {
    id: 'GW-WEBHOOK-URL',
    applies: ['webhook-endpoint'],
    summary: 'A webhook endpoint URL is not https, or points to a private, loopback or link-local address.',
    reference: 'spec § Events (webhooks); SSRF protection, checked at registration and at each delivery',
  },
  {
    id: 'GW-WEBHOOK-EVENT-TYPE',
    applies: ['webhook-endpoint'],
    summary: 'A webhook endpoint subscribes to an unknown event type, or to none.',
    reference: 'spec § Events (webhooks): submission.received, submission.processing_state_changed, submission.lifecycle_status_added',
  },
  {
    id: 'GW-WEBHOOK-DESCRIPTION',
    applies: ['webhook-endpoint'],
    summary: 'A webhook endpoint description contains U+0000 or an unpaired surrogate, which cannot be stored unchanged.',
    reference: 'spec § Events (webhooks); PostgreSQL text refuses U+0000, RFC 8259 § 8.2',
  },
  {
    id: 'BR-FR-08',
    applies: ['document', 'seller-profile'],
    summary:
      'The billing framework (BT-23, `billing_framework`) is not one of B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9.',
    reference: 'BR-FR-08 (FNFE-MPE 1.4.0.x, BT-23 cadre de facturation)',
  },
  {
    id: 'BR-FR-09',
    applies: ['seller-profile'],
    summary: 'The seller SIRET does not start with the seller SIREN.',
    reference: 'BR-FR-09 (FNFE-MPE 1.4.0.x); seller profile `siret`',
  },
  {
    id: 'BR-FR-10',
    applies: ['seller-profile'],
    summary: 'The seller SIREN (BT-30, scheme 0002) is not 9 digits with a valid Luhn key.',
    reference: 'BR-FR-10 (FNFE-MPE 1.4.0.x, BT-30 mandatory with scheme 0002); INSEE SIREN (Luhn key)',
  },
  {
    id: 'BR-CL-25',
    applies: ['seller-profile'],
    summary: 'An electronic address scheme (BT-34 scheme identifier) is not a code of the EAS list (e.g. 0225, 0002, 0009, EM, 9957).',
    reference: 'EN 16931 BR-CL-25 (CEF EAS code list, as the BR-FR schematron lists it); seller profile `electronic_address`',
  },
  {
    id: 'BR-FR-23',
    applies: ['seller-profile'],
    summary: 'An electronic address with scheme 0225 has characters other than letters, digits, `+`, `-`, `_` and `.`.',
    reference: 'BR-FR-23 (FNFE-MPE 1.4.0.x, BT-34 and BT-49 with scheme 0225)',
  },
  {
    id: 'BR-FR-25',
    applies: ['document', 'seller-profile'],
    summary: 'An electronic address is longer than 125 characters.',
    reference: 'BR-FR-25 (FNFE-MPE 1.4.0.x, BT-34 and BT-49)',
  },
  {
    id: 'GW-SELLER-ENDPOINT',
    applies: ['seller-profile'],
    summary: 'A seller electronic address does not fit its scheme: 0002 needs a valid SIREN, 0009 a valid SIRET, EM an e-mail address.',
    reference: 'EN 16931 BT-34 (electronic address and its EAS scheme); seller profile `electronic_address`',
  },
  {
    id: 'GW-SELLER-VAT-SIREN',
    applies: ['seller-profile'],
    summary: 'A French seller VAT number (BT-31) is not built on the seller SIREN (FR + key + SIREN).',
    reference: 'EN 16931 BT-31; French VAT number = FR + key + SIREN; seller profile `vat_number`, `siren`',
  },
  {
    id: 'GW-SELLER-EMAIL',
    applies: ['seller-profile'],
    summary: 'The seller contact e-mail (BT-43) is not an e-mail address.',
    reference: 'EN 16931 BT-43; seller profile `email`',
  },
  {
    id: 'GW-SELLER-IBAN',
    applies: ['seller-profile'],
    summary: 'The seller payment account (BT-84) is not a valid IBAN (country format and check digits).',
    reference: 'EN 16931 BG-17 BT-84; ISO 13616 IBAN; seller profile `iban`',
  },
  {
    id: 'GW-SELLER-BIC',
    applies: ['seller-profile'],
    summary: 'The seller payment service provider (BT-86) is not a valid BIC (8 or 11 characters).',
    reference: 'EN 16931 BG-17 BT-86; ISO 9362 BIC; seller profile `bic`',
  },
  {
    id: 'GW-SELLER-VAT-REGIME',
    applies: ['seller-profile'],
    summary: 'vat_regime is not one of normal_monthly, normal_quarterly, simplified, franchise (required on a new seller).',
    reference: 'DSE v3.2 § 3.7.7 (Tableau 13); path /vat_regime',
  },
  {
    id: 'GW-SELLER-SIREN-PATH',
    applies: ['seller-request'],
    summary: 'The body of PUT /v1/sellers/{siren} names another SIREN than its path.',
    reference: 'EN 16931 BT-30; path /siren',
  },
  {
    id: 'GW-SELLER-TEXT',
    applies: ['seller-profile'],
    summary:
      'A seller profile text is blank, too long (255 characters; 1,000 for a legal note) or contains U+0000, an unpaired surrogate or another character XML 1.0 cannot carry (control characters but tab, LF, CR; U+FFFE, U+FFFF).',
    reference: 'EN 16931 BT-27, BT-28, BG-5; seller profile (BR-FR-05/06 notes); PostgreSQL text refuses U+0000, RFC 8259 § 8.2',
  },
  {
    id: 'GW-SHAPE',
    applies: ['document'],
    summary: 'The document does not have the structure these rules expect; the structural check (400) should have caught it first.',
    reference: 'spec § Errors (400 malformed request); defensive, not expected in practice',
  },
] as const satisfies ReadonlyArray<{ id: string; applies: readonly RuleScope[]; summary: string; reference: string }>;

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
 * - `profilePath`: when the seller's profile decides the rule too (its VAT number, its default billing framework),
 *   the profile field's segments (`['vat_number']`), shown as `profile_path` beside the body's pointer.
 */
export interface RuleViolation {
  path: Array<string | number>;
  rule: RuleId;
  message: string;
  profilePath?: string[];
}

/** One rule of the catalogue: its id, where it applies, a one-line summary and its source. */
export interface RuleEntry {
  id: RuleId;
  applies: readonly RuleScope[];
  summary: string;
  reference: string;
}

/**
 * Every rule id the gateway can report for a 422, with where it applies, a
 * one-line summary and its source (spec section, EN 16931 rule or external
 * reference), in the order the docs list them. Includes
 * `GW-ORIGIN-INVOICE-UNKNOWN`, which `checkCreditNote` does not check (it
 * needs the database) but the credit note endpoint reports at `/invoice_id`.
 * Frozen at run time.
 */
export const RULE_CATALOGUE: ReadonlyArray<RuleEntry> = Object.freeze(
  CATALOGUE.map((entry) => Object.freeze({ ...entry, applies: Object.freeze([...entry.applies]) })),
);

/** The catalogue entries that apply to any of `scopes`, in catalogue order (e.g. the rules of a 422 schema). */
export function rulesFor(...scopes: RuleScope[]): ReadonlyArray<RuleEntry> {
  return RULE_CATALOGUE.filter((entry) => entry.applies.some((scope) => scopes.includes(scope)));
}

/** The ids of {@link rulesFor}`(...scopes)`, in catalogue order. */
export function ruleIdsFor(...scopes: RuleScope[]): readonly RuleId[] {
  return Object.freeze(rulesFor(...scopes).map((entry) => entry.id));
}

const RULE_IDS: ReadonlySet<string> = new Set(CATALOGUE.map((entry) => entry.id));

/** True when `value` is one of the catalogue ids (used to read rule ids back from zod issues). */
export function isRuleId(value: unknown): value is RuleId {
  return typeof value === 'string' && RULE_IDS.has(value);
}
