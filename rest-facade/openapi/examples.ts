/**
 * Examples: request bodies from `examples/` (real EN 16931 invoices converted
 * to the SaaS format) and replies recorded from a running gateway. The
 * OpenAPI test validates each against its schema, so they cannot drift.
 */
import bis3Invoice from '../../examples/BIS3_Invoice_positive.json' with { type: 'json' };
import frenchCreditNote from '../../examples/fr-credit-note.json' with { type: 'json' };
import frenchInvoice from '../../examples/fr-b2b-invoice.json' with { type: 'json' };
import tc434Invoice from '../../examples/ubl-tc434-example9.json' with { type: 'json' };
import { LIFECYCLE_CODE_LIST } from '../../src/domain/lifecycle/codes.ts';
import { flowCallbackReplyExamples, flowCallbackRequestExamples } from './flow-callback-examples.ts';
import { generatedDocumentExamples } from './generated-document-examples.ts';
import { listExamples } from './list-examples.ts';
import { directoryExamples } from './directory-examples.ts';
import { webhookReplyExamples, webhookRequestExamples } from './webhook-examples.ts';
import { sellerExamples, sellerProfileReplyExamples, sellerProfileRequestExamples } from './seller-profile-examples.ts';
import { detailExample, errorsExample, type Example, problem } from './example-values.ts';

const INVOICE_ID = '01a203fd-8d9e-74ad-9bca-5b1160a39578';
const CREDIT_NOTE_ID = '01a203fd-8df4-76fa-81ae-b7d7df9e4639';
const UNKNOWN_ID = '01a203fb-0000-7000-8000-000000000000';

const CURRENCIES = 'EUR, USD, GBP, CHF, CAD, AUD, JPY, KRW, XOF, XAF, BHD, KWD, TND';
const NO_BT49 = 'No buyer electronic address (BT-49) can be derived: give a siren tax id (B2B) or an email';

const requestExamples: Record<string, Example> = {
  RejectionEvent: {
    summary: 'The PA rejects an invoice (213, with a reason)',
    value: {
      submission_id: INVOICE_ID,
      code: 213,
      occurred_at: '2015-01-09T11:16:03+01:00',
      reason: 'Buyer SIREN unknown to the directory',
      reason_code: 'SIREN_UNKNOWN',
      event_id: 'pa-evt-000173',
    },
  },
  LateEvent: {
    summary: 'A status that arrives after the final one (recorded, flagged)',
    value: { submission_id: INVOICE_ID, code: 205, occurred_at: '2015-01-09T10:20:00Z', event_id: 'pa-evt-000174' },
  },
  FrenchInvoice: {
    summary: 'A French B2B invoice (202, then validated)',
    description: '`examples/fr-b2b-invoice.json`: a SaaS subscription invoiced to a French company, 20 % VAT.',
    value: frenchInvoice,
  },
  NotFrenchInvoice: {
    summary: 'An official EN 16931 example, not French (422)',
    description: '`examples/ubl-tc434-example9.json`: a 21 % rate (BR-FR-16) and no buyer SIREN or e-mail (BR-FR-12).',
    value: tc434Invoice,
  },
  Bis3DkkInvoice: {
    summary: 'An invoice in DKK, an unsupported currency (422)',
    description: '`examples/BIS3_Invoice_positive.json`.',
    value: bis3Invoice,
  },
  RefundCreditNote: {
    summary: 'A credit note on the French invoice (202)',
    description: "`examples/fr-credit-note.json`: `invoice_id` is the invoice's SaaS `id`.",
    value: frenchCreditNote,
  },
};

const invoiceRecord = {
  submission_id: INVOICE_ID,
  saas_id: 'inv_2026_11_0042',
  number: 'FA-2026-11-0042',
  seller_siren: '900123456',
  processing_state: 'received',
  created_at: '2026-11-24T15:11:30.787Z',
};

const classified = {
  processing_rule: 'B2B',
  processing_rule_reason: 'French company buyer (SIREN 732829320) registered in the directory (platform WK)',
};

const rejected = {
  code: 213,
  label: 'Rejetée',
  final: true,
  occurred_at: '2015-01-09T10:16:03.000Z',
  reason: 'Buyer SIREN unknown to the directory',
  reason_code: 'SIREN_UNKNOWN',
};

const late = { code: 205, label: 'Approuvée', final: false, occurred_at: '2015-01-09T10:20:00.000Z', flags: ['AFTER_FINAL_STATUS'] };

const replyExamples: Record<string, Example> = {
  InvoiceReceived: { summary: 'The French invoice received', value: invoiceRecord },
  InvoiceValidated: {
    summary: 'Its e-invoice generated and passed by the official artefacts',
    value: { ...invoiceRecord, processing_state: 'validated', ...classified },
  },
  InvoiceWaitingForSeller: {
    summary: "Submitted before its tenant had a seller: it waits for the tenant's first seller",
    value: {
      submission_id: INVOICE_ID,
      saas_id: 'inv_2026_11_0042',
      number: 'FA-2026-11-0042',
      processing_state: 'received',
      waiting_for: 'seller',
      created_at: '2026-11-24T15:11:30.787Z',
    },
  },
  InvoiceRejectedByValidation: {
    summary: 'Rejected by the official artefacts: the seller profile has no VAT number',
    value: {
      ...invoiceRecord,
      ...classified,
      processing_state: 'rejected',
      rejection: {
        source: 'validation',
        errors: [
          {
            rule: 'BR-S-02',
            message:
              '[BR-S-02]-An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Standard ' +
              'rated" shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax ' +
              'representative VAT identifier (BT-63).',
            profile_path: '/vat_number',
            location: "/*:Invoice[namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'][1]",
          },
        ],
      },
    },
  },
  CreditNoteReceived: {
    summary: 'Credit note received, linked to its invoice',
    value: {
      submission_id: CREDIT_NOTE_ID,
      saas_id: 'cn_2026_11_0003',
      number: 'AV-2026-11-0003',
      seller_siren: '900123456',
      processing_state: 'received',
      origin_submission_id: INVOICE_ID,
      created_at: '2026-11-22T16:01:18.324Z',
    },
  },
  InvoiceWithStatus: {
    summary: 'An invoice the PA has rejected (213 also sets processing_state to rejected)',
    value: { ...invoiceRecord, processing_state: 'rejected', lifecycle_status: rejected },
  },
  StatusHistory: {
    summary: 'Filed, received, rejected by the PA, then a late status (flagged)',
    value: {
      data: [
        { code: 200, label: 'Déposée', final: false, occurred_at: '2015-01-09T10:15:00.000Z' },
        { code: 202, label: 'Reçue', final: false, occurred_at: '2015-01-09T10:15:42.000Z' },
        rejected,
        late,
      ],
    },
  },
  EventRecorded: {
    summary: 'Recorded (201)',
    value: { submission_id: INVOICE_ID, ...rejected, duplicate: false },
  },
  LateEventRecorded: {
    summary: 'Recorded after a final status (201, flagged)',
    value: { submission_id: INVOICE_ID, ...late, duplicate: false },
  },
  EventAlreadyRecorded: {
    summary: 'The same event_id again (200): the entry recorded the first time',
    value: { submission_id: INVOICE_ID, ...rejected, duplicate: true },
  },
  EventStructureErrors: errorsExample('A missing field and a code that is not a JSON integer', 'malformed', [
    { path: '/code', message: 'Int cannot represent non-integer value: "213"' },
    { path: '/event_id', message: 'is required' },
  ]),
  EventInvalid: errorsExample('A code out of range and a time without offset', 'invalid', [
    { path: '/code', rule: 'GW-LIFECYCLE-CODE', message: `Code 215 is not a lifecycle code of the CDV list (${LIFECYCLE_CODE_LIST})` },
    { path: '/occurred_at', rule: 'GW-DATE-TIME', message: '"2015-01-09T11:16:03" is not an RFC 3339 date-time with an offset' },
  ]),
  SubmissionUnknown: errorsExample('No such submission', 'invalid', [
    { path: '/submission_id', rule: 'GW-SUBMISSION-UNKNOWN', message: `No submission with id "${UNKNOWN_ID}"` },
  ]),
  EventIdReused: errorsExample('The event_id was recorded for another submission', 'invalid', [
    { path: '/event_id', rule: 'GW-EVENT-ID-REUSED', message: 'This event_id was recorded for another submission' },
  ]),
  TenantTokenRequired: detailExample('A platform token on a tenant endpoint', 'forbidden', 'This operation needs a tenant token'),
  PlatformCredentialRequired: detailExample(
    'A tenant token on the platform endpoint',
    'forbidden',
    'This operation needs a platform credential',
  ),
  NoStatusYet: { summary: 'The PA has not reported yet', value: { data: [] } },
  WrongContentType: detailExample('Content-Type is not JSON', 'malformed', 'Content-Type must be application/json'),
  InvalidJson: detailExample(
    'The body is not JSON',
    'malformed',
    'The request body is not valid JSON: Expected double-quoted property name in JSON at position 28',
  ),
  StructureErrors: errorsExample('Missing field, wrong types and formats', 'malformed', [
    { path: '/customer_snapshot', message: 'is required' },
    { path: '/due_date', message: 'must be a date, YYYY-MM-DD' },
    { path: '/lines/0/quantity', message: 'must be a number' },
    { path: '/total', message: 'must be an integer amount in minor units, within ±(2^53 - 1)' },
  ]),
  BlankNumber: errorsExample('A blank document number', 'malformed', [{ path: '/number', message: 'must not be empty or blank' }]),
  InvalidIdempotencyKey: errorsExample('An Idempotency-Key with a non-ASCII character', 'malformed', [
    { header: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' },
  ]),
  MissingToken: detailExample('No Authorization header', 'unauthorized', 'Send an Authorization: Bearer <token> header'),
  InvalidToken: detailExample('Unknown or revoked token', 'unauthorized', 'The bearer token is invalid or revoked'),
  InvoiceNotFound: detailExample('No such invoice for this tenant', 'notFound', `No invoice with id "${UNKNOWN_ID}"`),
  CreditNoteNotFound: detailExample(
    'No such credit note for this tenant (here: the id of an invoice)',
    'notFound',
    `No credit note with id "${INVOICE_ID}"`,
  ),
  DuplicateSubmission: {
    summary: 'The number was already submitted',
    value: problem('duplicate', {
      detail: `An invoice with this number or id was already submitted (submission ${INVOICE_ID})`,
      submission_id: INVOICE_ID,
    }),
  },
  IdempotencyConflict: {
    summary: 'The key was used with another body',
    value: problem('idempotencyConflict', {
      detail: `This idempotency key was already used with a different document (submission ${INVOICE_ID})`,
      submission_id: INVOICE_ID,
    }),
  },
  SellerMissing: errorsExample('The tenant has no seller yet', 'sellerMissing', [
    {
      path: '/seller_siren',
      rule: 'GW-SELLER-MISSING',
      message: 'This tenant has no seller yet: create one (POST /v1/sellers or PUT /v1/seller-profile), or name it in seller_siren',
    },
  ]),
  SellerWithoutVatNumber: errorsExample(
    'A standard-rated invoice of a seller without a VAT number (BR-S-02, with profile_path)',
    'invalid',
    [
      {
        path: '/lines/0/taxes/0',
        rule: 'BR-S-02',
        message: "VAT category S needs the seller's VAT identifier (BT-31): the seller 900123456 has no vat_number",
        profile_path: '/vat_number',
      },
    ],
  ),
  PayloadTooLarge: detailExample('More than 1 MiB', 'tooLarge', 'The request body exceeds 1048576 bytes (1 MiB)'),
  UnsupportedCurrency: errorsExample(
    'The DKK invoice (examples/BIS3_Invoice_positive.json): the currency, and the French rules it breaks',
    'invalid',
    [
      { path: '/currency', rule: 'GW-CURRENCY-UNSUPPORTED', message: `Currency "DKK" is not supported; supported: ${CURRENCIES}` },
      { path: '/customer_snapshot', rule: 'BR-FR-12', message: NO_BT49 },
      { path: '/lines/0/taxes/0/percentage', rule: 'BR-FR-16', message: 'VAT rate 25 % is not a French rate (BT-152)' },
    ],
  ),
  NotFrench: errorsExample('An official EN 16931 example (examples/ubl-tc434-example9.json): not French', 'invalid', [
    { path: '/customer_snapshot', rule: 'BR-FR-12', message: NO_BT49 },
    { path: '/lines/0/taxes/0/percentage', rule: 'BR-FR-16', message: 'VAT rate 21 % is not a French rate (BT-152)' },
  ]),
  CreditNoteRejected: errorsExample('No currency, and an invoice_id never submitted', 'invalid', [
    { path: '/currency', rule: 'BR-05', message: `Credit note currency is missing; supported: ${CURRENCIES}` },
    {
      path: '/invoice_id',
      rule: 'GW-ORIGIN-INVOICE-UNKNOWN',
      message: 'No invoice with id "ubl_unknown" was submitted by this tenant',
    },
  ]),
  RateLimited: detailExample(
    "Over the tenant's rate limit",
    'rateLimited',
    'Rate limit exceeded: at most 20000 submissions per second for this tenant; retry after 1 s',
  ),
  ServiceUnavailable: detailExample(
    'The database is unavailable',
    'unavailable',
    'The database is unavailable. Nothing was changed by this request; retry after Retry-After seconds (with the same Idempotency-Key).',
  ),
  InternalError: {
    summary: 'Unexpected failure',
    value: problem('internal', {
      detail: 'An internal error occurred. Quote the request id when contacting support.',
      request_id: '1517aa4c-a6c9-4616-8499-fcf1ce20a7db',
    }),
  },
  MethodNotAllowed: detailExample('GET on the invoice collection', 'methodNotAllowed', 'GET is not allowed here'),
};

/** `components.examples`: every example object of the document, by name. */
export const examples: Record<string, Example> = {
  ...requestExamples,
  ...replyExamples,
  ...webhookRequestExamples,
  ...webhookReplyExamples,
  ...sellerProfileRequestExamples,
  ...sellerProfileReplyExamples,
  ...sellerExamples,
  ...generatedDocumentExamples,
  ...flowCallbackRequestExamples,
  ...flowCallbackReplyExamples,
  ...listExamples,
  ...directoryExamples,
};

/** `{ Name: { $ref } }` for the media type `examples` of an operation. */
export function exampleRefs(...names: Array<keyof typeof examples & string>): Record<string, { $ref: string }> {
  for (const name of names) if (!(name in examples)) throw new Error(`No example ${name}`);
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/examples/${name}` }]));
}
