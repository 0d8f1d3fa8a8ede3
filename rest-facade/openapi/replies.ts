/**
 * Response schemas: the submission record and lifecycle entries of
 * `records.ts` and the reply of `handlers/lifecycle-events.ts` (written once
 * in `../reply-shapes/`), and the problem records of `problem.ts`. Response objects are closed
 * (`additionalProperties: false`) so that the conformance checker in the
 * tests notices a field the document does not describe.
 */
import { type RULE_CATALOGUE, rulesFor } from '../../src/model/rule-catalogue.ts';
import { componentSchemas } from '../reply-shapes/kinds.ts';
import { LifecycleEventRecorded, LifecycleStatusEntry, submissionId } from '../reply-shapes/status-entry.ts';
import { SubmissionRecord } from '../reply-shapes/submission-record.ts';
import { PROBLEMS, type ProblemKind } from '../problem.ts';
import { listSchema, jsonObject } from './responses.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

// The 422 rule lists are filters of the catalogue by where a rule applies (`applies`).
const lifecycleRules = rulesFor('lifecycle-event');
// The seller profile also reports some submission rules (country, SIRET, VAT number, BR-FR-08, BR-FR-25), in its own 422.
const submissionRules = rulesFor('document');

const StatusHistory = listSchema(
  ref('LifecycleStatusEntry'),
  'Every lifecycle status, oldest first (by `occurred_at`, ties by arrival). Empty until the PA reports.',
);

const Problem = jsonObject('Problem record (RFC 9457), `application/problem+json`.', ['type', 'title', 'status'], {
  type: {
    type: 'string',
    format: 'uri-reference',
    description: 'Problem type, a stable URN.',
    examples: Object.values(PROBLEMS).map((problem) => problem.type),
  },
  title: { type: 'string', description: 'Short title, the same for every problem of a type.' },
  status: { type: 'integer', description: 'The HTTP status.' },
  detail: { type: 'string', description: 'What went wrong with this request, for humans.' },
  submission_id: submissionId('The existing submission (409 only: the duplicate, or the one the Idempotency-Key was first used for).')
    .schema,
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
});

const pointer = (description: string): Schema => ({ type: 'string', description, examples: ['/lines/3/taxes/0/percentage'] });

export const ruleList = (rules: typeof RULE_CATALOGUE): string => rules.map((entry) => `${entry.id}: ${entry.summary}`).join(' ');

/**
 * One refused value of a request body (a 422's `errors` item), `description`: its `path` (a JSON pointer, `path`'s
 * schema), the `rule` (one of `rules`, listed with their summaries), a `message` the sentence `message` describes;
 * `more` properties after them.
 */
export function ruleErrorSchema(
  description: string,
  path: Schema,
  rules: typeof RULE_CATALOGUE,
  message: string,
  more: Schema = {},
): Schema {
  return jsonObject(description, ['path', 'rule', 'message'], {
    path,
    rule: { type: 'string', enum: rules.map((entry) => entry.id), description: `Stable rule identifier: ${ruleList(rules)}` },
    message: { type: 'string', description: message },
    ...more,
  });
}

const OFFENDING = 'Short sentence naming the offending value.';
/** The `message` of a refused value of a seller profile or a webhook endpoint. */
export const REFUSED = 'Short sentence naming the refused value.';

const ValidationError = ruleErrorSchema(
  'One violated conversion rule of a submitted document.',
  pointer('JSON pointer (RFC 6901) into the request body of the faulty field.'),
  submissionRules,
  OFFENDING,
  {
    profile_path: {
      type: 'string',
      description:
        "When the seller's profile decides the rule too (its VAT number, its default billing framework): a JSON pointer into " +
        'the seller (`GET /v1/sellers/{siren}`), beside `path`.',
      examples: ['/vat_number', '/billing_framework'],
    },
  },
);

const LifecycleValidationError = ruleErrorSchema(
  'One problem of a lifecycle event.',
  {
    type: 'string',
    enum: ['/submission_id', '/code', '/occurred_at', '/event_id', '/reason', '/reason_code'],
    description: 'JSON pointer (RFC 6901) into the request body of the faulty field.',
  },
  lifecycleRules,
  OFFENDING,
);

const BodyIssue = jsonObject(
  'A structural problem in the body, or (submissions only) a constraint of an identifier (blank, longer than 255 ' + 'characters).',
  ['path', 'message'],
  {
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
);

const HeaderIssue = jsonObject('An invalid request header.', ['header', 'message'], {
  header: { type: 'string', enum: ['Idempotency-Key'] },
  message: { type: 'string', examples: ['must be 1 to 255 printable ASCII characters'] },
});

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

/**
 * A problem of `kind` whose `errors` lists at least one `items`; `always`: every such reply has `errors` (a 422, a
 * query's 400), not only some (a body's 400 has none for a wrong Content-Type or a body that is not JSON).
 */
export function problemListing(kind: ProblemKind, items: Schema, description: string, always = true): Schema {
  return problemOf(
    kind,
    { ...(always && { required: ['errors'] }), properties: { errors: { type: 'array', minItems: 1, items } } },
    description,
  );
}

/** Problem variants per status; each fixes `type` so a client can switch on it. */
const problemSchemas: Record<string, Schema> = {
  MalformedProblem: problemListing(
    'malformed',
    { oneOf: [ref('BodyIssue'), ref('HeaderIssue')] },
    '400: wrong Content-Type, a body that is not UTF-8 JSON or does not match its Content-Length (no `errors`); ' +
      'otherwise `errors` lists every structural problem of the body (missing, null, wrong type or format) or, once ' +
      'the structure is right, every blank or too long identifier together with an invalid Idempotency-Key.',
    false,
  ),
  LifecycleEventMalformedProblem: problemListing(
    'malformed',
    ref('BodyIssue'),
    '400 (POST /pa/v1/lifecycle-events): wrong Content-Type, a body that is not UTF-8 JSON or does not match its ' +
      'Content-Length (no `errors`); otherwise `errors` lists every structural problem of the body (missing, null ' +
      'or of the wrong JSON type).',
    false,
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
  ValidationProblem: problemListing(
    'invalid',
    ref('ValidationError'),
    '422: the document cannot be converted; every violated rule is listed. Nothing is stored and the ' + 'Idempotency-Key stays free.',
  ),
  SellerMissingProblem: problemOf(
    'sellerMissing',
    { required: ['errors'], properties: { errors: { type: 'array', minItems: 1, maxItems: 1, items: ref('ValidationError') } } },
    '422: the document names no seller (`seller_siren`) and the tenant has none yet: create one (`POST /v1/sellers` or ' +
      '`PUT /v1/seller-profile`) first. `errors` holds the one rule, GW-SELLER-MISSING at `/seller_siren`. Nothing is stored ' +
      'and the Idempotency-Key stays free.',
  ),
  LifecycleValidationProblem: problemListing(
    'invalid',
    ref('LifecycleValidationError'),
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
  ...componentSchemas(SubmissionRecord, LifecycleStatusEntry),
  StatusHistory,
  ...componentSchemas(LifecycleEventRecorded),
  Problem,
  ValidationError,
  LifecycleValidationError,
  BodyIssue,
  HeaderIssue,
  ...problemSchemas,
};
