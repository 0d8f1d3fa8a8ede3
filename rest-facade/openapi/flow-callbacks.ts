/**
 * `POST /pa/v1/flow-callbacks` and `POST /pa/v1/flow-callbacks/{token}`: the
 * Flow Service 1.1.0 webhook callback (`handlers/flow-callbacks.ts`). The
 * request schemas are the OpenAPI document's `WebhookCallbackContent`, `Flow`,
 * `Acknowledgement` and `AcknowledgementDetail` (copy in sandbox-pa/spec/),
 * with the gateway's required fields and checks; test/integration/flow-callbacks.test.ts
 * holds them equal to the GraphQL input types the handler decodes into.
 */
import { problemListing } from './replies.ts';
import { json, jsonObject, pathParameter, problemResponse, responseRef, schemaRef, type Obj, jsonResponse } from './responses.ts';

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
const orNull = (schema: Obj): Obj => ({ anyOf: [schema, { type: 'null' }] });
const oneOf = (values: string[], description: string): Obj => ({ type: 'string', enum: values, description });
const checked = 'Another value is a 400.';

const AfnorFlowCallback = jsonObject(
  'Flow Service 1.1.0 `WebhookCallbackContent`: what a PA POSTs when a flow changed. Field names are the AFNOR ' +
    "document's (camelCase). Unknown fields are ignored; an optional field sent as null is treated like an absent " +
    'one. Every missing, null or ill-typed field, then every value outside the schema, is a 400 naming the field ' +
    'by JSON pointer (`/flowInfo/flowDirection`).',
  ['flowInfo'],
  { flowInfo: ref('AfnorFlow') },
  { additionalProperties: true },
);

const AfnorFlow = jsonObject(
  'Flow Service 1.1.0 `Flow`. The AFNOR document marks no field required; the gateway requires those every Flow of ' +
    'a PA carries (its search results and metadata).',
  ['flowId', 'submittedAt', 'updatedAt', 'flowType', 'flowDirection', 'flowSyntax'],
  {
    flowId: { type: 'string', minLength: 1, maxLength: 36, description: `The PA's id of the flow (NotOnlyUuid). ${checked}` },
    submittedAt: { type: 'string', format: 'date-time', description: 'RFC 3339 with an offset; otherwise a 400.' },
    updatedAt: { type: 'string', format: 'date-time', description: 'RFC 3339 with an offset; otherwise a 400.' },
    trackingId: orNull({ type: 'string', maxLength: 36, description: "The sender's id: on our flows, the submission id." }),
    flowType: {
      type: 'string',
      description: 'FlowType. Not checked: a PA may add values.',
      examples: ['CustomerInvoice', 'CustomerInvoiceLC'],
    },
    processingRule: orNull(
      oneOf(['B2B', 'B2BInt', 'B2C', 'B2G', 'B2GInt', 'B2GOutOfScope', 'OutOfScope', 'ArchiveOnly', 'NotApplicable'], checked),
    ),
    processingRuleSource: orNull(oneOf(['Input', 'Computed'], checked)),
    flowDirection: oneOf(['In', 'Out'], `In: from the PA to us (statuses); Out: ours. ${checked}`),
    flowSyntax: oneOf(['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'], checked),
    flowProfile: orNull(oneOf(['Basic', 'CIUS', 'Extended-CTC-FR'], checked)),
    acknowledgement: orNull(ref('AfnorAcknowledgement')),
  },
  { additionalProperties: true },
);

const AfnorAcknowledgement = jsonObject(
  'Flow Service 1.1.0 `Acknowledgement`: the outcome of the PA checks.',
  ['status'],
  {
    status: oneOf(['Pending', 'Ok', 'Error'], checked),
    details: orNull({ type: 'array', items: ref('AfnorAcknowledgementDetail') }),
  },
  { additionalProperties: true },
);

const AfnorAcknowledgementDetail = jsonObject(
  'Flow Service 1.1.0 `AcknowledgementDetail`.',
  ['level', 'item', 'reasonCode', 'reasonMessage'],
  {
    level: oneOf(['Error', 'Warning'], checked),
    item: { type: 'string' },
    reasonCode: { type: 'string', examples: ['InvalidSchema', 'ChecksumMismatch', 'AlreadyExistingFlow'] },
    reasonMessage: { type: 'string' },
  },
  { additionalProperties: true },
);

const FlowCallbackReceived = jsonObject(
  'Reply of a flow callback: taken; the gateway reads the flow from the PA in the background.',
  ['flowId', 'received'],
  {
    flowId: { type: 'string', description: 'The `flowInfo.flowId` of the callback.' },
    received: { const: true },
  },
);

const FlowCallbackMalformedProblem = problemListing(
  'malformed',
  ref('BodyIssue'),
  '400 (POST /pa/v1/flow-callbacks): wrong Content-Type, a body that is not UTF-8 JSON or does not match its ' +
    'Content-Length (no `errors`); otherwise `errors` lists every structural problem (missing, null or of the wrong ' +
    'JSON type or format) or, once the structure is right, every value outside the Flow Service 1.1.0 schema.',
  false,
);

/** The component schemas, by name. */
export const flowCallbackSchemas: Record<string, Obj> = {
  AfnorFlowCallback,
  AfnorFlow,
  AfnorAcknowledgement,
  AfnorAcknowledgementDetail,
  FlowCallbackReceived,
  FlowCallbackMalformedProblem,
};

const description =
  'For the accredited platform (PA): the Flow Service 1.1.0 webhook callback, registered with the PA by its own ' +
  'means. A flow changed on the PA (our invoice flow got its acknowledgement, or a status flow arrived): the gateway ' +
  'answers 200 at once and re-reads the flow from the PA in the background, so a callback only brings forward what ' +
  'the next poll would find. Sending one twice is harmless.';

function operation(operationId: string, summary: string, extra: Obj, unauthorized: Obj): Obj {
  return {
    operationId,
    tags: ['Platform'],
    summary,
    ...extra,
    requestBody: {
      required: true,
      description:
        'JSON, UTF-8, at most 1 MiB. `Content-Type: application/json` or any `application/*+json`, with no charset ' +
        'other than UTF-8; anything else is a 400.',
      content: json(schemaRef('AfnorFlowCallback'), ['FlowAcknowledged', 'FlowRefused', 'StatusFlowAvailable']),
    },
    responses: {
      200: jsonResponse('Taken.', schemaRef('FlowCallbackReceived'), ['FlowCallbackReceived']),
      400: problemResponse('Malformed request: Content-Type or body.', schemaRef('FlowCallbackMalformedProblem'), [
        'WrongContentType',
        'InvalidJson',
        'FlowCallbackStructureErrors',
        'FlowCallbackInvalidValues',
      ]),
      401: unauthorized,
      403: responseRef('PlatformCredentialRequired'),
      413: problemResponse('The body exceeds 1 MiB; the connection is closed.', schemaRef('PayloadTooLargeProblem'), ['PayloadTooLarge']),
      429: responseRef('RateLimited'),
      500: responseRef('InternalError'),
      503: responseRef('ServiceUnavailable'),
    },
  };
}

const wrongMethod = 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).';

/** The two path items. */
export const flowCallbackPaths: Obj = {
  '/pa/v1/flow-callbacks': {
    description: wrongMethod,
    post: operation(
      'notifyFlowUpdated',
      'A flow changed on the PA (Flow Service webhook callback)',
      { description, security: [{ platformAuth: [] }] },
      responseRef('Unauthorized'),
    ),
  },
  '/pa/v1/flow-callbacks/{token}': {
    description: wrongMethod,
    parameters: [
      pathParameter(
        'token',
        'The platform credential (`plt_…`), for a PA that can register only a bare URL. Any Authorization header ' +
          'is then ignored. The URL is a secret: give it to the PA only. The gateway never writes this segment to ' +
          'its logs or into a reply (`[redacted]`); proxies in front of it must not log paths under ' +
          '/pa/v1/flow-callbacks/ either. A tenant token here is a 403.',
        { schema: { type: 'string', examples: ['plt_3f2a9c1b7e4d_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG'] } },
      ),
    ],
    post: operation(
      'notifyFlowUpdatedWithPathToken',
      'A flow changed on the PA, the credential in the URL',
      { description: `${description} Same as \`POST /pa/v1/flow-callbacks\`, the credential in the path.`, security: [] },
      problemResponse('The token in the path is malformed, unknown or revoked.', schemaRef('UnauthorizedProblem'), ['PathTokenInvalid'], {
        'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
      }),
    ),
  },
};
