/**
 * Webhook endpoint management under `/v1/webhook-endpoints`
 * (`../handlers/webhook-endpoints.ts`, `../handlers/webhook-deliveries.ts`):
 * request and reply schemas, and the paths with every status they send.
 * Request schemas follow the GraphQL inputs `WebhookEndpointInput` and
 * `WebhookEndpointPatch` (the OpenAPI test compares them); replies are closed
 * objects, like those of `replies.ts`.
 */
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/index.ts';
import { rulesFor } from '../../src/model/rule-catalogue.ts';
import { componentSchemas } from '../reply-shapes/kinds.ts';
import { WebhookDelivery, WebhookAttempt } from '../reply-shapes/webhook-delivery.ts';
import { WebhookEndpoint, WebhookEndpointWithSecret } from '../reply-shapes/webhook-endpoint.ts';
import { problemListing, REFUSED, ruleErrorSchema } from './replies.ts';
import {
  json,
  jsonObject,
  listSchema,
  pathParameter,
  problemResponse,
  requestIdHeader,
  schemaRef,
  type Obj,
  jsonResponse,
  tenantResponses,
  pageSchema,
} from './responses.ts';

type Schema = Record<string, unknown>;

const webhookRules = rulesFor('webhook-endpoint');
const eventTypes = WEBHOOK_EVENT_TYPES.join(', ');

const urlField: Schema = {
  type: 'string',
  description:
    'Where deliveries are POSTed: an absolute `https://` URL, at most 2048 characters, without user name, password ' +
    'or fragment, whose host resolves only to public addresses (checked now and again before every delivery); ' +
    'otherwise a 422 (rule GW-WEBHOOK-URL). The gateway setting WEBHOOK_ALLOW_PRIVATE_URLS=true (development only) ' +
    'also allows `http://` and private or loopback addresses.',
  examples: ['https://hooks.example.com/passerelle'],
};

const eventTypesField = (description: string): Schema => ({
  type: 'array',
  items: { type: 'string' },
  description:
    `${description} Known types: ${eventTypes}. An empty list or an unknown type is a 422 (rule ` +
    'GW-WEBHOOK-EVENT-TYPE); repeated types count once.',
  examples: [['submission.received', 'submission.lifecycle_status_added']],
});

const BODY_NOTE = 'Unknown fields are ignored. ';

const WebhookEndpointRegistration = jsonObject(
  `${BODY_NOTE}The fields of the GraphQL input WebhookEndpointInput.`,
  ['url', 'event_types'],
  {
    url: urlField,
    event_types: eventTypesField('The event types to receive.'),
    description: { type: ['string', 'null'], description: 'Free text for your records; null is the same as absent.' },
  },
  { additionalProperties: true },
);

const WebhookEndpointPatch = jsonObject(
  `${BODY_NOTE}Only the fields present change; null is the same as absent (to clear the description, send ""). ` +
    'The fields of the GraphQL input WebhookEndpointPatch.',
  [],
  {
    url: { ...urlField, type: ['string', 'null'] },
    event_types: { ...eventTypesField('Replaces the list of event types.'), type: ['array', 'null'] },
    description: { type: ['string', 'null'], description: 'Replaces the description.' },
    enabled: {
      type: ['boolean', 'null'],
      description:
        '`false` disables the endpoint (disabled_reason `manual`): nothing is delivered to it, and events that occur ' +
        'meanwhile are not kept for it. `true` re-enables an endpoint disabled by hand or by the gateway (410 Gone, ' +
        'three days of failures) and resets its failure count; deliveries that failed meanwhile can be redelivered.',
    },
  },
  { additionalProperties: true },
);

const WebhookEndpointList = listSchema(schemaRef('WebhookEndpoint'), 'Oldest first. Deleted endpoints are left out.');

const WebhookDeliveryPage = pageSchema(schemaRef('WebhookDelivery'), 'Newest first.', {
  nextCursor: 'Present when older deliveries remain: pass it as `after` for the next page.',
});

const WebhookValidationError = ruleErrorSchema(
  'One refused value of a webhook endpoint.',
  {
    type: 'string',
    pattern: '^/(url|description|event_types(/(0|[1-9][0-9]*))?)$',
    description: 'JSON pointer (RFC 6901) into the request body: `/url`, `/event_types` (empty) or `/event_types/<index>`.',
    examples: ['/url', '/event_types/1'],
  },
  webhookRules,
  REFUSED,
);

const ParameterIssue = jsonObject(
  'An invalid query parameter (or path parameter: `siren` of `/v1/directory/{siren}`).',
  ['parameter', 'message'],
  {
    parameter: { type: 'string', enum: ['limit', 'after', 'syntax', 'number', 'seller_siren', 'processing_state', 'siren'] },
    message: { type: 'string', examples: ['must be an integer from 1 to 100', 'must be given at most once'] },
  },
);

/** The webhook component schemas, by name. */
export const webhookSchemas: Record<string, Schema> = {
  WebhookEndpointRegistration,
  WebhookEndpointPatch,
  ...componentSchemas(WebhookEndpoint, WebhookEndpointWithSecret),
  WebhookEndpointList,
  ...componentSchemas(WebhookDelivery, WebhookAttempt),
  WebhookDeliveryPage,
  WebhookValidationError,
  ParameterIssue,
  WebhookMalformedProblem: problemListing(
    'malformed',
    schemaRef('BodyIssue'),
    '400 (webhook endpoint bodies): wrong Content-Type, a body that is not UTF-8 JSON or does not match its ' +
      'Content-Length (no `errors`); otherwise `errors` lists every structural problem of the body (missing, null or ' +
      'of the wrong JSON type).',
    false,
  ),
  WebhookQueryMalformedProblem: problemListing(
    'malformed',
    schemaRef('ParameterIssue'),
    '400 (delivery list): an invalid query parameter.',
  ),
  WebhookValidationProblem: problemListing(
    'invalid',
    schemaRef('WebhookValidationError'),
    '422 (webhook endpoints): a refused URL or event type; nothing changed. The type and title are those of every 422 ' + 'of the gateway.',
  ),
};

const TAG = ['Webhooks'];
const wrongMethod = 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).';
const BODY =
  'JSON, UTF-8, at most 1 MiB. `Content-Type: application/json` or any `application/*+json`, with no charset other ' +
  'than UTF-8; anything else is a 400.';

const endpointId = pathParameter(
  'endpointId',
  "The endpoint's `id`. Any other value, including the id of another tenant's endpoint or of a deleted one, is a 404.",
  { example: '01a2043a-3989-755b-a495-0ec159a8c59b' },
);

const ok = (status: string, description: string, schema: string, examples: string[], headers: Obj = {}): Obj => ({
  [status]: jsonResponse(description, schemaRef(schema), examples, headers),
});

const common = (notFound?: string): Obj => ({
  ...(notFound && {
    404: problemResponse('No such webhook endpoint or delivery for this tenant.', schemaRef('NotFoundProblem'), [notFound]),
  }),
  ...tenantResponses,
});

const bodyProblems = (examples: string[]): Obj => ({
  400: problemResponse('Malformed request: Content-Type or body.', schemaRef('WebhookMalformedProblem'), [
    'WrongContentType',
    'InvalidJson',
    ...examples,
  ]),
  413: problemResponse('The body exceeds 1 MiB; the connection is closed.', schemaRef('PayloadTooLargeProblem'), ['PayloadTooLarge']),
  422: problemResponse(
    'A refused value (URL or event types); nothing changed. `errors` lists each one with its rule.',
    schemaRef('WebhookValidationProblem'),
    ['WebhookEndpointRefused', 'WebhookAddressRefused'],
  ),
});

/** The webhook paths, to merge into `paths`. */
export const webhookPaths: Obj = {
  '/v1/webhook-endpoints': {
    description: wrongMethod,
    post: {
      operationId: 'createWebhookEndpoint',
      tags: TAG,
      summary: 'Register a webhook endpoint',
      description:
        'Registers an HTTPS endpoint that receives your submission events, signed with the Standard Webhooks scheme. ' +
        'The reply carries the signing secret, shown this once. GraphQL: `createWebhookEndpoint`.',
      requestBody: {
        required: true,
        description: BODY,
        content: json(schemaRef('WebhookEndpointRegistration'), ['RegisterWebhookEndpoint']),
      },
      responses: {
        ...ok('201', 'Registered; deliveries start with the next event.', 'WebhookEndpointWithSecret', ['WebhookEndpointCreated'], {
          Location: {
            description: 'Path of the endpoint.',
            required: true,
            schema: { type: 'string', format: 'uri-reference', pattern: '^/v1/webhook-endpoints/[^/]+$' },
          },
        }),
        ...bodyProblems(['WebhookStructureErrors']),
        ...common(),
      },
    },
    get: {
      operationId: 'listWebhookEndpoints',
      tags: TAG,
      summary: 'Your webhook endpoints',
      description: 'GraphQL: `webhookEndpoints`.',
      responses: {
        ...ok('200', 'Every endpoint of the tenant, oldest first, without secrets.', 'WebhookEndpointList', ['WebhookEndpointList']),
        ...common(),
      },
    },
  },
  '/v1/webhook-endpoints/{endpointId}': {
    description: wrongMethod,
    parameters: [endpointId],
    get: {
      operationId: 'getWebhookEndpoint',
      tags: TAG,
      summary: 'One webhook endpoint',
      description: 'GraphQL: `webhookEndpoint`.',
      responses: {
        ...ok('200', 'The endpoint, without its secret.', 'WebhookEndpoint', [
          'WebhookEndpoint',
          'WebhookEndpointDisabled',
          'WebhookEndpointGone',
        ]),
        ...common('WebhookEndpointNotFound'),
      },
    },
    patch: {
      operationId: 'updateWebhookEndpoint',
      tags: TAG,
      summary: 'Change, disable or re-enable a webhook endpoint',
      description: 'Changes only the fields present. A body is required (`{}` changes nothing). GraphQL: `updateWebhookEndpoint`.',
      requestBody: {
        required: true,
        description: BODY,
        content: json(schemaRef('WebhookEndpointPatch'), ['DisableWebhookEndpoint', 'MoveWebhookEndpoint']),
      },
      responses: {
        ...ok('200', 'The endpoint as changed.', 'WebhookEndpoint', ['WebhookEndpointDisabled']),
        ...bodyProblems(['WebhookPatchStructureErrors']),
        ...common('WebhookEndpointNotFound'),
      },
    },
    delete: {
      operationId: 'deleteWebhookEndpoint',
      tags: TAG,
      summary: 'Delete a webhook endpoint',
      description:
        'The endpoint receives nothing more (pending deliveries end as `failed`); it disappears from the API. ' +
        'GraphQL: `deleteWebhookEndpoint`.',
      responses: { 204: { description: 'Deleted; no body.', headers: requestIdHeader }, ...common('WebhookEndpointNotFound') },
    },
  },
  '/v1/webhook-endpoints/{endpointId}/rotate-secret': {
    description: wrongMethod,
    parameters: [endpointId],
    post: {
      operationId: 'rotateWebhookSecret',
      tags: TAG,
      summary: 'Rotate the signing secret',
      description:
        'A new secret signs every delivery from now on; for 24 hours the previous one signs too (two signatures in ' +
        '`webhook-signature`), time to deploy the new one. No request body. GraphQL: `rotateWebhookSecret`.',
      responses: {
        ...ok('200', 'The endpoint with its new secret, shown this once.', 'WebhookEndpointWithSecret', ['WebhookSecretRotated']),
        ...common('WebhookEndpointNotFound'),
      },
    },
  },
  '/v1/webhook-endpoints/{endpointId}/deliveries': {
    description: wrongMethod,
    parameters: [endpointId],
    get: {
      operationId: 'listWebhookDeliveries',
      tags: TAG,
      summary: "An endpoint's deliveries and their attempts",
      description:
        'Newest first, each with every attempt (time, HTTP status, duration, error). An invalid query parameter is a ' +
        '400 before anything else. GraphQL: `webhookDeliveries` (`first`, `after`).',
      parameters: [
        {
          name: 'limit',
          in: 'query',
          required: false,
          description: 'Page size, 1 to 100 (default 20); anything else is a 400. An empty value counts as absent.',
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
        {
          name: 'after',
          in: 'query',
          required: false,
          description:
            'The `next_cursor` of the previous page: the deliveries older than it. An empty value counts as absent; a ' +
            'cursor the gateway did not give gives an empty page.',
          schema: { type: 'string' },
        },
      ],
      responses: {
        ...ok('200', 'A page of deliveries.', 'WebhookDeliveryPage', ['WebhookDeliveries', 'NoWebhookDeliveries']),
        400: problemResponse('An invalid query parameter.', schemaRef('WebhookQueryMalformedProblem'), ['InvalidLimit']),
        ...common('WebhookEndpointNotFound'),
      },
    },
  },
  '/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver': {
    description: wrongMethod,
    parameters: [
      { ...endpointId, description: "The endpoint's `id`; a delivery of another endpoint is a 404." },
      pathParameter('deliveryId', "The delivery's `id`. Any other value, including the id of another tenant's delivery, is a 404.", {
        example: '01a2043b-5b5d-77b4-ae67-d1ddfd45cd18',
      }),
    ],
    post: {
      operationId: 'redeliverWebhookEvent',
      tags: TAG,
      summary: 'Send a delivery again',
      description:
        'Queues a new attempt now, with the same `webhook-id` and payload, whatever the status (a failed or a ' +
        'succeeded delivery included); if it fails, it is retried again for up to about three days. No request body. ' +
        'GraphQL: `redeliverWebhookEvent`.',
      responses: {
        ...ok('202', 'Queued (`status` `pending`); the attempt follows.', 'WebhookDelivery', ['WebhookRedelivered']),
        ...common('WebhookDeliveryNotFound'),
      },
    },
  },
};
