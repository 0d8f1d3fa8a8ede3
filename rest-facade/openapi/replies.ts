/**
 * Response schemas: the submission record and lifecycle entries of
 * `records.ts`, the reply of `handlers/lifecycle-events.ts`, and the problem
 * records of `problem.ts`. Response objects are closed
 * (`additionalProperties: false`) so that the conformance checker in the
 * tests notices a field the document does not describe.
 */
import { type RULE_CATALOGUE, rulesFor } from '../../src/model/rule-catalogue.ts';
import { FINAL_CODES, LIFECYCLE_CODES, lifecycleCode } from '../../src/domain/lifecycle/codes.ts';
import { PROBLEMS, type ProblemKind } from '../problem.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const submissionId: Schema = {
  type: 'string',
  format: 'uuid',
  description: 'Identifier assigned by the gateway (a UUIDv7).',
  examples: ['01a203fb-0f7b-7568-a7fb-5421c67c68a7'],
};

const codeList = LIFECYCLE_CODES.map((entry) => `${entry.code} ${entry.label ?? '(no label)'} (${entry.meaning})`).join('; ');
/** "210 Refusée, 212 Encaissée, 213 Rejetée, 220 Annulée, 501 Irrecevable". */
const finalList = FINAL_CODES.map((code) => `${code} ${lifecycleCode(code)!.label}`).join(', ');

/**
 * The flags a lifecycle status entry may carry (GraphQL `LifecycleStatusFlag`;
 * the OpenAPI test checks they are the same values), set on arrival.
 */
export const LIFECYCLE_FLAGS = ['AFTER_FINAL_STATUS', 'REASON_MISSING', 'TO_BE_VERIFIED'] as const;

// The 422 rule lists are filters of the catalogue by where a rule applies (`applies`).
const lifecycleRules = rulesFor('lifecycle-event');
// The seller profile also reports some submission rules (country, SIRET, VAT number, BR-FR-08, BR-FR-25), in its own 422.
const submissionRules = rulesFor('document');

/** The fields of a lifecycle status entry (`records.ts` `statusEntry`). */
const statusProperties: Schema = {
  code: {
    type: 'integer',
    minimum: 100,
    maximum: 999,
    description:
      `PA lifecycle code of the French CDV list (XP Z12-012, BR-FR-CDV-CL-06): ${codeList}. The gateway records ` +
      'no other code; a client should still expect any three-digit code, which `label` then names.',
  },
  label: {
    type: 'string',
    description:
      'French label of the code, as its source gives it (the spec for 200 to 214); for a code the gateway has no ' +
      "label for, the PA's own label, else the code's digits.",
    examples: [...new Set(LIFECYCLE_CODES.flatMap((entry) => (entry.label ? [entry.label] : [])))],
  },
  final: {
    type: 'boolean',
    description:
      `True for a status that ends the life of the document (${finalList}): no further ` +
      'status is expected, a client may stop polling or listening.',
  },
  occurred_at: {
    type: 'string',
    format: 'date-time',
    description: 'Time of the status as the PA reported it, in UTC with milliseconds.',
  },
  reason: {
    type: 'string',
    description: 'Reason given by the PA, notably for 210, 213 and 501 (possibly empty); absent when the PA gave none.',
  },
  reason_code: { type: 'string', description: 'Reason code given by the PA; absent when the PA gave none.' },
  flags: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', enum: [...LIFECYCLE_FLAGS] },
    description:
      'Set once, when the status arrives; absent when there is none. AFTER_FINAL_STATUS: arrived after a final ' +
      `status (${finalList}) of the same submission; kept, not dropped. REASON_MISSING: ` +
      '210, 213 or 501 without a reason (accepted, but flagged). TO_BE_VERIFIED: 214 Visée, which the reference list ' +
      'it relies on does not contain.',
  },
  source: {
    type: 'string',
    const: 'seller',
    description:
      'Present only on a status the gateway emitted for the seller: the 212 Encaissée of a recorded payment (docs/payments.md). ' +
      "Absent: the platform's (PA) status.",
  },
};

const LifecycleStatusEntry: Schema = {
  type: 'object',
  description: 'One PA lifecycle status.',
  required: ['code', 'final', 'occurred_at'],
  properties: {
    ...statusProperties,
    label: {
      ...(statusProperties['label'] as Schema),
      description: 'French label of the code, as the spec gives it. Sent on every entry today.',
    },
  },
  additionalProperties: false,
};

const LifecycleEventRecorded: Schema = {
  type: 'object',
  description:
    'Reply of POST /pa/v1/lifecycle-events: the submission and its lifecycle status entry as recorded (for a ' +
    'duplicate, the entry recorded the first time under this `event_id`).',
  required: ['submission_id', 'code', 'label', 'occurred_at', 'duplicate'],
  properties: {
    submission_id: { ...submissionId, description: 'The submission the status belongs to.' },
    ...statusProperties,
    duplicate: {
      type: 'boolean',
      description: 'True (status 200) when this `event_id` was already recorded for this submission: nothing changed.',
    },
  },
  additionalProperties: false,
};

const SubmissionRecord: Schema = {
  type: 'object',
  description:
    'A submission as the gateway keeps it. Absent optional fields are left out, never null. The 202 reply of a ' +
    'submission never carries `lifecycle_status`.',
  required: ['submission_id', 'saas_id', 'processing_state', 'created_at'],
  properties: {
    submission_id: submissionId,
    saas_id: { type: 'string', description: 'The `id` the client supplied in the document.' },
    number: { type: 'string', description: 'Document number (BT-1), unique per seller and document type. Sent on every record today.' },
    seller_siren: {
      type: 'string',
      pattern: '^[0-9]{9}$',
      description:
        "The seller's SIREN (BT-30): the document's `seller_siren`, else the tenant's default seller. Absent only while the " +
        "document waits for its tenant's first seller (`waiting_for`).",
    },
    processing_state: {
      type: 'string',
      enum: ['received', 'validated', 'sent', 'rejected'],
      description:
        'State inside the gateway. `received` on submission; `validated` once its e-invoice is generated and passes the ' +
        'official EN 16931 and BR-FR artefacts; `sent` once the PA answered 202 to its flow; `rejected` when the artefacts ' +
        'or the PA refuse it (see `rejection`) or once the PA has reported 213 Rejetée or 501 Irrecevable (and for good).',
    },
    waiting_for: {
      type: 'string',
      enum: ['seller'],
      description:
        'What a `received` document waits for before it can be processed: `seller`, a document submitted before its ' +
        "tenant had a seller (the tenant's first seller takes it). Absent when it waits for nothing.",
    },
    processing_rule: {
      type: 'string',
      enum: ['B2B', 'B2BInt', 'B2C'],
      description:
        'The French processing rule (`#BAR#` note, Flow Service `processingRule`), once the e-invoice is generated: B2B for a ' +
        'French company the PA directory knows (or any French company when no directory is configured), B2BInt for a business ' +
        'buyer elsewhere, B2C otherwise, a French SIREN the directory does not know included (DSE v3.2 § 2.3.3).',
    },
    processing_rule_reason: { type: 'string', description: 'Why the document got its processing rule, in one sentence.' },
    rejection: {
      ...ref('Rejection'),
      description: 'Present when the gateway rejected the document: the rules its generated e-invoice breaks.',
    },
    warnings: {
      type: 'array',
      minItems: 1,
      description: "The official artefacts' warnings on the generated e-invoice, when there are any: shown, they never reject.",
      items: ref('ValidationWarning'),
    },
    lifecycle_status: {
      ...ref('LifecycleStatusEntry'),
      description:
        'Latest PA status (the last entry of the history: latest `occurred_at`, ties by arrival); absent until the ' +
        'PA has returned anything.',
    },
    origin_submission_id: {
      ...submissionId,
      description: 'Credit notes only: the submission of the original invoice (`invoice_id`).',
    },
    e_report_id: {
      type: 'string',
      format: 'uuid',
      description:
        'B2C and B2BInt documents, once validated: the e-report covering it (`GET /v1/e-reports/{id}`), the latest transmission ' +
        'of its period (a rectificative replaces the earlier one). Absent for other documents.',
    },
    created_at: { type: 'string', format: 'date-time', description: 'Creation time of the submission, in UTC.' },
  },
  additionalProperties: false,
};

const StatusHistory: Schema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: ref('LifecycleStatusEntry'),
      description: 'Every lifecycle status, oldest first (by `occurred_at`, ties by arrival). Empty until the PA reports.',
    },
  },
  additionalProperties: false,
};

const Problem: Schema = {
  type: 'object',
  description: 'Problem record (RFC 9457), `application/problem+json`.',
  required: ['type', 'title', 'status'],
  properties: {
    type: {
      type: 'string',
      format: 'uri-reference',
      description: 'Problem type, a stable URN.',
      examples: Object.values(PROBLEMS).map((problem) => problem.type),
    },
    title: { type: 'string', description: 'Short title, the same for every problem of a type.' },
    status: { type: 'integer', description: 'The HTTP status.' },
    detail: { type: 'string', description: 'What went wrong with this request, for humans.' },
    submission_id: {
      ...submissionId,
      description: 'The existing submission (409 only: the duplicate, or the one the Idempotency-Key was first used for).',
    },
    request_id: {
      type: 'string',
      format: 'uuid',
      description: 'The request id (also in `X-Request-Id`), to quote to support (500 only).',
    },
    processing_state: {
      type: 'string',
      description: "The submission's processing state (404 `document-not-available` only: why there is no document yet).",
    },
    errors: { type: 'array', items: { type: 'object' }, description: 'Every problem found (400 and 422 only).' },
  },
  additionalProperties: false,
};

const pointer = (description: string): Schema => ({ type: 'string', description, examples: ['/lines/3/taxes/0/percentage'] });

export const ruleList = (rules: typeof RULE_CATALOGUE): string => rules.map((entry) => `${entry.id}: ${entry.summary}`).join(' ');

const ValidationError: Schema = {
  type: 'object',
  description: 'One violated conversion rule of a submitted document.',
  required: ['path', 'rule', 'message'],
  properties: {
    path: pointer('JSON pointer (RFC 6901) into the request body of the faulty field.'),
    rule: {
      type: 'string',
      enum: submissionRules.map((entry) => entry.id),
      description: `Stable rule identifier: ${ruleList(submissionRules)}`,
    },
    message: { type: 'string', description: 'Short sentence naming the offending value.' },
    profile_path: {
      type: 'string',
      description:
        "When the seller's profile decides the rule too (its VAT number, its default billing framework): a JSON pointer into " +
        'the seller (`GET /v1/sellers/{siren}`), beside `path`.',
      examples: ['/vat_number', '/billing_framework'],
    },
  },
  additionalProperties: false,
};

const LifecycleValidationError: Schema = {
  type: 'object',
  description: 'One problem of a lifecycle event.',
  required: ['path', 'rule', 'message'],
  properties: {
    path: {
      type: 'string',
      enum: ['/submission_id', '/code', '/occurred_at', '/event_id', '/reason', '/reason_code'],
      description: 'JSON pointer (RFC 6901) into the request body of the faulty field.',
    },
    rule: {
      type: 'string',
      enum: lifecycleRules.map((entry) => entry.id),
      description: `Stable rule identifier: ${ruleList(lifecycleRules)}`,
    },
    message: { type: 'string', description: 'Short sentence naming the offending value.' },
  },
  additionalProperties: false,
};

const BodyIssue: Schema = {
  type: 'object',
  description:
    'A structural problem in the body, or (submissions only) a constraint of an identifier (blank, longer than 255 ' + 'characters).',
  required: ['path', 'message'],
  properties: {
    path: pointer('JSON pointer (RFC 6901) into the request body; `""` is the body itself.'),
    message: {
      type: 'string',
      examples: [
        'is required',
        'must not be null',
        'must be an integer amount in minor units, within ±(2^53 - 1)',
        'Int cannot represent non-integer value: "200"',
      ],
    },
  },
  additionalProperties: false,
};

const HeaderIssue: Schema = {
  type: 'object',
  description: 'An invalid request header.',
  required: ['header', 'message'],
  properties: {
    header: { type: 'string', enum: ['Idempotency-Key'] },
    message: { type: 'string', examples: ['must be 1 to 255 printable ASCII characters'] },
  },
  additionalProperties: false,
};

/** A problem of one kind: `type`, `title` and `status` fixed to what `problem.ts` sends. */
export function problemOf(kind: ProblemKind, extra: Schema = {}, description?: string): Schema {
  const { type, title, status } = PROBLEMS[kind];
  const { required = [], properties = {} } = extra as { required?: string[]; properties?: Schema };
  return {
    ...(description && { description }),
    allOf: [
      ref('Problem'),
      {
        required: ['detail', ...required],
        properties: { type: { const: type }, title: { const: title }, status: { const: status }, ...properties },
      },
    ],
  };
}

/** Problem variants per status; each fixes `type` so a client can switch on it. */
const problemSchemas: Record<string, Schema> = {
  MalformedProblem: problemOf(
    'malformed',
    { properties: { errors: { type: 'array', minItems: 1, items: { oneOf: [ref('BodyIssue'), ref('HeaderIssue')] } } } },
    '400: wrong Content-Type, a body that is not UTF-8 JSON or does not match its Content-Length (no `errors`); ' +
      'otherwise `errors` lists every structural problem of the body (missing, null, wrong type or format) or, once ' +
      'the structure is right, every blank or too long identifier together with an invalid Idempotency-Key.',
  ),
  LifecycleEventMalformedProblem: problemOf(
    'malformed',
    { properties: { errors: { type: 'array', minItems: 1, items: ref('BodyIssue') } } },
    '400 (POST /pa/v1/lifecycle-events): wrong Content-Type, a body that is not UTF-8 JSON or does not match its ' +
      'Content-Length (no `errors`); otherwise `errors` lists every structural problem of the body (missing, null ' +
      'or of the wrong JSON type).',
  ),
  UnauthorizedProblem: problemOf('unauthorized', {}, '401: the bearer credential is missing, malformed, unknown or revoked.'),
  ForbiddenProblem: problemOf(
    'forbidden',
    {},
    '403: the credential is valid but of the wrong kind: a platform token on a tenant (/v1) endpoint, or a tenant ' +
      'token on a platform (/pa/v1) endpoint.',
  ),
  NotFoundProblem: problemOf(
    'notFound',
    {},
    '404: no such submission, webhook endpoint or webhook delivery for this tenant, or no endpoint at this path.',
  ),
  MethodNotAllowedProblem: problemOf('methodNotAllowed', {}, '405: the path exists, the method does not (see `Allow`).'),
  DuplicateSubmissionProblem: problemOf(
    'duplicate',
    { required: ['submission_id'] },
    '409: the number or the SaaS id was already submitted for this document type, under any key.',
  ),
  IdempotencyConflictProblem: problemOf(
    'idempotencyConflict',
    {},
    '409: this Idempotency-Key was used with a different body; `submission_id` names the submission it was first used for.',
  ),
  PayloadTooLargeProblem: problemOf('tooLarge', {}, '413: the body exceeds 1 MiB (1048576 bytes).'),
  ValidationProblem: problemOf(
    'invalid',
    { required: ['errors'], properties: { errors: { type: 'array', minItems: 1, items: ref('ValidationError') } } },
    '422: the document cannot be converted; every violated rule is listed. Nothing is stored and the ' + 'Idempotency-Key stays free.',
  ),
  SellerMissingProblem: problemOf(
    'sellerMissing',
    { required: ['errors'], properties: { errors: { type: 'array', minItems: 1, maxItems: 1, items: ref('ValidationError') } } },
    '422: the document names no seller (`seller_siren`) and the tenant has none yet: create one (`POST /v1/sellers` or ' +
      '`PUT /v1/seller-profile`) first. `errors` holds the one rule, GW-SELLER-MISSING at `/seller_siren`. Nothing is stored ' +
      'and the Idempotency-Key stays free.',
  ),
  LifecycleValidationProblem: problemOf(
    'invalid',
    { required: ['errors'], properties: { errors: { type: 'array', minItems: 1, items: ref('LifecycleValidationError') } } },
    '422 (POST /pa/v1/lifecycle-events): the event is refused and nothing is recorded. The type and title are ' +
      'those of every 422 of the gateway.',
  ),
  InternalErrorProblem: problemOf(
    'internal',
    { required: ['request_id'] },
    '500: a generic message; the detail is only in the server logs, under `request_id`.',
  ),
  RateLimitedProblem: problemOf('rateLimited', {}, "429: over the tenant's rate limit; retry after `Retry-After` seconds."),
  ServiceUnavailableProblem: problemOf('unavailable', {}, '503: the database is unavailable; retry after `Retry-After` seconds.'),
};

/** The response component schemas, by name. */
export const replySchemas: Record<string, Schema> = {
  SubmissionRecord,
  LifecycleStatusEntry,
  StatusHistory,
  LifecycleEventRecorded,
  Problem,
  ValidationError,
  LifecycleValidationError,
  BodyIssue,
  HeaderIssue,
  ...problemSchemas,
};
