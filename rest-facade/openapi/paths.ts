/**
 * Paths and operations of the `/v1` facade (webhook endpoints in `./webhooks.ts`) and the platform's `/pa/v1` route:
 * every status the handlers in `../handlers/` and `../index.ts` can send for
 * each route.
 */
import {
  headerRef,
  json,
  pathParameter,
  problemResponse,
  requestIdHeader,
  responseRef,
  schemaRef,
  type Obj,
  tenantResponses,
  jsonResponse,
} from './responses.ts';
import { flowCallbackPaths } from './flow-callbacks.ts';
import { generatedDocumentPaths } from './generated-documents.ts';
import { listOperation } from './lists.ts';
import { sellerProfilePaths } from './seller-profile.ts';
import { paymentPaths } from './payments.ts';
import { sellerPaths } from './sellers.ts';
import { directoryPaths } from './directory.ts';
import { eReportPaths } from './e-reports.ts';
import { webhookPaths } from './webhooks.ts';

const idempotencyKey: Obj = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Chosen by the client, unique per submission, scoped to the tenant. The same key with the same JSON document ' +
    '(key order and whitespace aside) on the same endpoint returns the original submission (202, ' +
    '`Idempotent-Replayed: true`) without reprocessing; with a different document, or on the other endpoint, ' +
    '409 idempotency-conflict. A 400, 409 or 422 does not consume the key. An invalid value is a 400.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]{1,255}$' },
  example: 'b5a0c1e4-invoice-12115118',
};

function idParameter(name: string, what: string): Obj {
  return pathParameter(
    name,
    `The gateway identifier (\`submission_id\`) of the ${what}. Any other value, including the id of another ` +
      "tenant's submission or of another document type, is a 404.",
    { example: '01a203fd-8d9e-74ad-9bca-5b1160a39578' },
  );
}

function submitOperation(options: {
  operationId: string;
  summary: string;
  schema: string;
  collection: string;
  requestExamples: string[];
  acceptedExample: string;
  rejectedExamples: string[];
  description: string;
}): Obj {
  return {
    operationId: options.operationId,
    tags: ['Submissions'],
    summary: options.summary,
    description: options.description,
    parameters: [idempotencyKey],
    requestBody: {
      required: true,
      description:
        'JSON, UTF-8, at most 1 MiB. `Content-Type: application/json` or any `application/*+json`, with no charset ' +
        'other than UTF-8; anything else is a 400.',
      content: json(schemaRef(options.schema), options.requestExamples),
    },
    responses: {
      202: {
        description:
          'Received by the gateway (processing_state `received`). Received is not accepted: the PA decides later; ' +
          'follow the lookup endpoints.',
        headers: {
          ...requestIdHeader,
          Location: {
            description: 'Path of the submission record.',
            required: true,
            schema: { type: 'string', format: 'uri-reference', pattern: `^${options.collection}/[^/]+$` },
          },
          'Idempotent-Replayed': headerRef('Idempotent-Replayed'),
        },
        content: json(schemaRef('SubmissionRecord'), [options.acceptedExample]),
      },
      400: problemResponse('Malformed request: Content-Type, body or Idempotency-Key.', schemaRef('MalformedProblem'), [
        'WrongContentType',
        'InvalidJson',
        'StructureErrors',
        'BlankNumber',
        'InvalidIdempotencyKey',
      ]),
      409: problemResponse(
        'Conflict, told apart by `type`: duplicate-submission (the number or SaaS id was already submitted for this ' +
          'document type; `submission_id` is the existing submission) or idempotency-conflict.',
        { oneOf: [schemaRef('DuplicateSubmissionProblem'), schemaRef('IdempotencyConflictProblem')] },
        ['DuplicateSubmission', 'IdempotencyConflict'],
      ),
      413: problemResponse('The body exceeds 1 MiB; the connection is closed.', schemaRef('PayloadTooLargeProblem'), ['PayloadTooLarge']),
      422: problemResponse(
        'The document cannot be converted (definitive rejection); `errors` lists every violated rule. Told apart by ' +
          '`type`: validation-failed, or seller-missing when the tenant has no seller yet.',
        { oneOf: [schemaRef('ValidationProblem'), schemaRef('SellerMissingProblem')] },
        [...options.rejectedExamples, 'SellerMissing'],
      ),
      ...tenantResponses,
    },
  };
}

function lookupResponses(okDescription: string, schema: string, okExamples: string[], notFoundExample: string): Obj {
  return {
    200: jsonResponse(okDescription, schemaRef(schema), okExamples),
    404: problemResponse('No such submission for this tenant.', schemaRef('NotFoundProblem'), [notFoundExample]),
    ...tenantResponses,
  };
}

const wrongMethod = 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).';

function recorded(description: string, duplicate: boolean, exampleNames: string[]): Obj {
  const schema = { allOf: [schemaRef('LifecycleEventRecorded'), { properties: { duplicate: { const: duplicate } } }] };
  return jsonResponse(description, schema, exampleNames);
}

const lifecycleEvents: Obj = {
  operationId: 'recordLifecycleEvent',
  tags: ['Platform'],
  summary: 'Report a lifecycle status of a submission',
  description:
    'For the accredited platform (PA), with its platform credential: records one lifecycle status of an invoice ' +
    'or credit note of any tenant. Statuses may arrive late, twice or out of order: each one is kept (append-only), ' +
    'the history is ordered by `occurred_at` (ties by arrival), and one that arrives after a final status is ' +
    'flagged, never dropped. `event_id` makes the call idempotent. 213 Rejetée and 501 Irrecevable also move the ' +
    'submission to processing_state `rejected`.',
  security: [{ platformAuth: [] }],
  requestBody: {
    required: true,
    description:
      'JSON, UTF-8, at most 1 MiB. `Content-Type: application/json` or any `application/*+json`, with no charset ' +
      'other than UTF-8; anything else is a 400.',
    content: json(schemaRef('LifecycleEvent'), ['RejectionEvent', 'LateEvent']),
  },
  responses: {
    200: recorded(
      'This `event_id` was already recorded for this submission: nothing changed; the body is the entry as first ' +
        'recorded (`duplicate: true`).',
      true,
      ['EventAlreadyRecorded'],
    ),
    201: recorded('Recorded (`duplicate: false`).', false, ['EventRecorded', 'LateEventRecorded']),
    400: problemResponse('Malformed request: Content-Type or body.', schemaRef('LifecycleEventMalformedProblem'), [
      'WrongContentType',
      'InvalidJson',
      'EventStructureErrors',
    ]),
    401: responseRef('Unauthorized'),
    403: responseRef('PlatformCredentialRequired'),
    413: problemResponse('The body exceeds 1 MiB; the connection is closed.', schemaRef('PayloadTooLargeProblem'), ['PayloadTooLarge']),
    422: problemResponse(
      'The event is refused, nothing is recorded; `errors` lists the problems with their rule.',
      schemaRef('LifecycleValidationProblem'),
      ['EventInvalid', 'SubmissionUnknown', 'EventIdReused'],
    ),
    429: responseRef('RateLimited'),
    500: responseRef('InternalError'),
    503: responseRef('ServiceUnavailable'),
  },
};

/** The `paths` object. */
export const paths: Obj = {
  '/v1/invoices': {
    description: wrongMethod,
    post: submitOperation({
      operationId: 'submitInvoice',
      summary: 'Submit an invoice',
      schema: 'Invoice',
      collection: '/v1/invoices',
      requestExamples: ['FrenchInvoice', 'NotFrenchInvoice', 'Bis3DkkInvoice'],
      acceptedExample: 'InvoiceReceived',
      rejectedExamples: ['NotFrench', 'UnsupportedCurrency', 'SellerWithoutVatNumber'],
      description: 'Submits an invoice. The number and the SaaS id are each unique per tenant among invoices.',
    }),
    get: listOperation('listInvoices', 'invoice'),
  },
  '/v1/credit-notes': {
    description: wrongMethod,
    post: submitOperation({
      operationId: 'submitCreditNote',
      summary: 'Submit a credit note',
      schema: 'CreditNote',
      collection: '/v1/credit-notes',
      requestExamples: ['RefundCreditNote'],
      acceptedExample: 'CreditNoteReceived',
      rejectedExamples: ['CreditNoteRejected'],
      description:
        'Submits a credit note referring to an invoice this tenant already submitted (`invoice_id`); the reply ' +
        'carries the link as `origin_submission_id`.',
    }),
    get: listOperation('listCreditNotes', 'credit note'),
  },
  '/v1/invoices/{invoiceId}': {
    description: wrongMethod,
    parameters: [idParameter('invoiceId', 'invoice')],
    get: {
      operationId: 'getInvoice',
      tags: ['Lookups'],
      summary: 'Latest state of an invoice',
      responses: lookupResponses(
        'The submission record, with the latest PA status in `lifecycle_status` once there is one.',
        'SubmissionRecord',
        ['InvoiceReceived', 'InvoiceValidated', 'InvoiceWaitingForSeller', 'InvoiceRejectedByValidation', 'InvoiceWithStatus'],
        'InvoiceNotFound',
      ),
    },
  },
  '/v1/invoices/{invoiceId}/statuses': {
    description: wrongMethod,
    parameters: [idParameter('invoiceId', 'invoice')],
    get: {
      operationId: 'listInvoiceStatuses',
      tags: ['Lookups'],
      summary: 'Lifecycle status history of an invoice',
      responses: lookupResponses('The audit trail, oldest first.', 'StatusHistory', ['StatusHistory', 'NoStatusYet'], 'InvoiceNotFound'),
    },
  },
  '/v1/credit-notes/{creditNoteId}': {
    description: wrongMethod,
    parameters: [idParameter('creditNoteId', 'credit note')],
    get: {
      operationId: 'getCreditNote',
      tags: ['Lookups'],
      summary: 'Latest state of a credit note',
      responses: lookupResponses('The submission record.', 'SubmissionRecord', ['CreditNoteReceived'], 'CreditNoteNotFound'),
    },
  },
  '/v1/credit-notes/{creditNoteId}/statuses': {
    description: wrongMethod,
    parameters: [idParameter('creditNoteId', 'credit note')],
    get: {
      operationId: 'listCreditNoteStatuses',
      tags: ['Lookups'],
      summary: 'Lifecycle status history of a credit note',
      description: 'Same shape as the invoice history (not in the interface spec, which leaves it "not shown").',
      responses: lookupResponses('The audit trail, oldest first.', 'StatusHistory', ['StatusHistory', 'NoStatusYet'], 'CreditNoteNotFound'),
    },
  },
  '/pa/v1/lifecycle-events': {
    description: wrongMethod,
    post: lifecycleEvents,
  },
  ...flowCallbackPaths,
  ...webhookPaths,
  ...sellerProfilePaths,
  ...sellerPaths,
  ...directoryPaths,
  ...paymentPaths,
  ...eReportPaths,
  ...generatedDocumentPaths,
  '/v1/openapi.json': {
    description: 'Other methods than GET and HEAD: 405 with `Allow: GET, HEAD`.',
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Meta'],
      summary: 'This document',
      security: [],
      responses: {
        200: {
          description: 'The OpenAPI 3.1 description of the facade. No credential needed.',
          headers: requestIdHeader,
          content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
        },
      },
    },
  },
};
