/**
 * The submission record (spec § Submission record) and its parts, the rejection and the validation warnings:
 * `submissionRecord` and `rejectionRecord` in `../records.ts` return them, the OpenAPI document serves their schemas
 * (`../openapi/replies.ts`, `../openapi/generated-documents.ts`).
 */
import { array, component, object, oneOf, ref, required, text } from './kinds.ts';
import { LifecycleStatusEntry, submissionId } from './status-entry.ts';

/** The gateway's processing states, as REST writes them (the GraphQL enum `ProcessingState` in lower case). */
export const PROCESSING_STATES = ['received', 'validated', 'sent', 'rejected'] as const;
/** The French processing rules (`#BAR#` note). */
export const PROCESSING_RULES = ['B2B', 'B2BInt', 'B2C'] as const;
/** Who rejected a document: the official artefacts, or the PA. */
export const REJECTION_SOURCES = ['validation', 'platform'] as const;

/** One rule a rejected document's e-invoice breaks. */
export const RejectionError = component(
  'RejectionError',
  object({
    rule: required(
      text({
        description:
          "The EN 16931 or BR-FR rule id, e.g. `BR-CO-15`, `BR-FR-10` (source `validation`); the PA's `errorCode` or acknowledgement `reasonCode` (source `platform`).",
        examples: ['BR-FR-10'],
      }),
    ),
    message: required(text({ description: "The rule's message, as the official artefact words it." })),
    path: text({ description: 'JSON pointer into the submitted body, when a body field feeds the failing business term.' }),
    profile_path: text({
      description: 'JSON pointer into the seller profile (`GET /v1/seller-profile`), when the failing business term comes from it.',
    }),
    location: text({
      description:
        "XPath of the failing element in the generated UBL document (source `validation`); the acknowledgement detail's `item` (source `platform`).",
    }),
  }),
);

/** `rejection`: `{ source, errors: [{ rule, message, path?, profile_path?, location? }] }`. */
export const Rejection = component(
  'Rejection',
  object(
    { source: required(oneOf(REJECTION_SOURCES)), errors: required(array(ref(RejectionError), { minItems: 1 })) },
    {
      description:
        'Why the document was rejected. `validation`: its generated e-invoice breaks a fatal EN 16931 or BR-FR rule of the ' +
        'official artefacts (docs/api-guide.md, "Processing"). A rejected document stays rejected: fix it and submit a new one.',
    },
  ),
);

/** One warning of the official artefacts on the generated e-invoice. */
export const ValidationWarning = component(
  'ValidationWarning',
  object({
    rule: required(text({ description: 'The EN 16931 or BR-FR rule id.' })),
    message: required(text()),
    location: required(text({ description: 'XPath of the element in the generated UBL document.' })),
  }),
);

/** A submission as the gateway keeps it; the 202 of a submit carries it without `lifecycle_status`. */
export const SubmissionRecord = component(
  'SubmissionRecord',
  object(
    {
      submission_id: required(submissionId()),
      saas_id: required(text({ description: 'The `id` the client supplied in the document.' })),
      number: text({ description: 'Document number (BT-1), unique per seller and document type. Sent on every record today.' }),
      seller_siren: text({
        pattern: '^[0-9]{9}$',
        description:
          "The seller's SIREN (BT-30): the document's `seller_siren`, else the tenant's default seller. Absent only while the " +
          "document waits for its tenant's first seller (`waiting_for`).",
      }),
      processing_state: required(
        oneOf(PROCESSING_STATES, {
          description:
            'State inside the gateway. `received` on submission; `validated` once its e-invoice is generated and passes the ' +
            'official EN 16931 and BR-FR artefacts; `sent` once the PA answered 202 to its flow; `rejected` when the artefacts ' +
            'or the PA refuse it (see `rejection`) or once the PA has reported 213 Rejetée or 501 Irrecevable (and for good).',
        }),
      ),
      waiting_for: oneOf(['seller'], {
        description:
          'What a `received` document waits for before it can be processed: `seller`, a document submitted before its ' +
          "tenant had a seller (the tenant's first seller takes it). Absent when it waits for nothing.",
      }),
      processing_rule: oneOf(PROCESSING_RULES, {
        description:
          'The French processing rule (`#BAR#` note, Flow Service `processingRule`), once the e-invoice is generated: B2B for a ' +
          'French company the PA directory knows (or any French company when no directory is configured), B2BInt for a business ' +
          'buyer elsewhere, B2C otherwise, a French SIREN the directory does not know included (DSE v3.2 § 2.3.3).',
      }),
      processing_rule_reason: text({ description: 'Why the document got its processing rule, in one sentence.' }),
      rejection: ref(Rejection, {
        description: 'Present when the gateway rejected the document: the rules its generated e-invoice breaks.',
      }),
      warnings: array(ref(ValidationWarning), {
        minItems: 1,
        description: "The official artefacts' warnings on the generated e-invoice, when there are any: shown, they never reject.",
      }),
      lifecycle_status: ref(LifecycleStatusEntry, {
        description:
          'Latest PA status (the last entry of the history: latest `occurred_at`, ties by arrival); absent until the ' +
          'PA has returned anything.',
      }),
      origin_submission_id: submissionId('Credit notes only: the submission of the original invoice (`invoice_id`).'),
      e_report_id: text({
        format: 'uuid',
        description:
          'B2C and B2BInt documents, once validated: the e-report covering it (`GET /v1/e-reports/{id}`), the latest transmission ' +
          'of its period (a rectificative replaces the earlier one). Absent for other documents.',
      }),
      created_at: required(text({ format: 'date-time', description: 'Creation time of the submission, in UTC.' })),
    },
    {
      description:
        'A submission as the gateway keeps it. Absent optional fields are left out, never null. The 202 reply of a ' +
        'submission never carries `lifecycle_status`.',
    },
  ),
);
