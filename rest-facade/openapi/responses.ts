/**
 * Reusable parts of the operations: `components.headers`, `components.responses`
 * and the helpers that build media types and problem responses.
 */
import { exampleRefs } from './examples.ts';

export type Obj = Record<string, unknown>;

export const schemaRef = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): Obj => ({ $ref: `#/components/responses/${name}` });
export const headerRef = (name: string): Obj => ({ $ref: `#/components/headers/${name}` });

export const requestIdHeader = { 'X-Request-Id': headerRef('X-Request-Id') };

/** A `content` map with one media type, its schema and example refs. */
export function json(schema: Obj, exampleNames: string[], mediaType = 'application/json'): Obj {
  return { [mediaType]: { schema, ...(exampleNames.length > 0 && { examples: exampleRefs(...exampleNames) }) } };
}

/** A JSON response (200, 201…) whose body is `schema`, with the request id header (and `headers`) and the named examples. */
export function jsonResponse(description: string, schema: Obj, exampleNames: string[] = [], headers: Obj = {}): Obj {
  return { description, headers: { ...requestIdHeader, ...headers }, content: json(schema, exampleNames) };
}

/** A problem response (`application/problem+json`) whose body is `schema`. */
export function problemResponse(description: string, schema: Obj, exampleNames: string[], headers: Obj = {}): Obj {
  return { description, headers: { ...requestIdHeader, ...headers }, content: json(schema, exampleNames, 'application/problem+json') };
}

/**
 * A page of a list: `{ data: [items…], next_cursor? }`, `data` in the order `description` gives, `next_cursor` as
 * `nextCursor` says; closed unless `open` (an object the document always showed open stays so).
 */
export function pageSchema(
  items: Obj,
  description: string,
  { nextCursor = 'Present when there are more: pass it as `after` for the next page.', open = false } = {},
): Obj {
  return {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items, description }, next_cursor: { type: 'string', description: nextCursor } },
    ...(!open && { additionalProperties: false }),
  };
}

/**
 * A JSON object schema of `properties`, those named in `required` always present: closed (`additionalProperties: false`,
 * so that the tests' conformance checker notices a member the document does not describe); `more` adds keywords after
 * (`examples`) or opens it (`additionalProperties: true`).
 */
export function jsonObject(description: string | undefined, required: string[], properties: Obj, more: Obj = {}): Obj {
  return { type: 'object', ...(description !== undefined && { description }), required, properties, additionalProperties: false, ...more };
}

/** A required path parameter `name`, a string; `more` adds keywords after (`example`) or replaces its `schema`. */
export const pathParameter = (name: string, description: string, more: Obj = {}): Obj => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
  ...more,
});

/** A whole list: `{ data: [items…] }`, `data` in the order `description` gives. */
export const listSchema = (items: Obj, description: string): Obj =>
  jsonObject(undefined, ['data'], { data: { type: 'array', items, description } });

/** The replies every tenant operation may send besides its own: 401, 403 (a platform credential), 429, 500, 503. */
export const tenantResponses: Obj = {
  401: responseRef('Unauthorized'),
  403: responseRef('TenantTokenRequired'),
  429: responseRef('RateLimited'),
  500: responseRef('InternalError'),
  503: responseRef('ServiceUnavailable'),
};

/** `components.headers`. */
export const headers: Obj = {
  'X-Request-Id': {
    description: 'Identifier of this request, sent on every /v1 and /pa/v1 reply; quote it to support.',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  },
  'WWW-Authenticate': {
    description: 'Bearer challenge (RFC 6750); `error="invalid_token"` when a credential was sent but refused.',
    required: true,
    schema: {
      type: 'string',
      enum: ['Bearer realm="passerelle"', 'Bearer realm="passerelle", error="invalid_token"'],
    },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (RFC 9110 § 10.2.3).',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$', examples: ['5'] },
  },
  'RateLimit-Policy': {
    description: 'The budget that was exceeded (draft-ietf-httpapi-ratelimit-headers): name, `q` points per `w` seconds.',
    required: true,
    schema: { type: 'string', examples: ['"submissions";q=20000;w=1'] },
  },
  RateLimit: {
    description: 'What is left of it (draft-ietf-httpapi-ratelimit-headers): `r` points remaining, `t` seconds until the window resets.',
    required: true,
    schema: { type: 'string', examples: ['"submissions";r=0;t=1'] },
  },
  Allow: {
    description: 'The methods the path supports.',
    required: true,
    schema: { type: 'string', examples: ['POST', 'GET'] },
  },
  'Idempotent-Replayed': {
    description:
      'Present, with the value `true`, when the reply is the original submission returned again for the same ' +
      'Idempotency-Key and the same body; nothing was reprocessed.',
    required: false,
    schema: { type: 'string', const: 'true' },
  },
};

/** `components.responses`: the replies shared by several operations. */
export const responses: Obj = {
  Unauthorized: problemResponse(
    'The bearer credential is missing, malformed, unknown or revoked.',
    schemaRef('UnauthorizedProblem'),
    ['MissingToken', 'InvalidToken'],
    { 'WWW-Authenticate': headerRef('WWW-Authenticate') },
  ),
  TenantTokenRequired: problemResponse(
    'A platform credential (`plt_…`) on a tenant endpoint. A lookup answers 403 whatever the id (never 404); a ' +
      'submission answers 400 or 413 first when the request is malformed or too large, then 403 whatever the ' +
      'document (never 409 or 422). The webhook endpoint operations likewise: 400 or 413 first for a malformed or ' +
      'too large body (or, for the delivery list, an invalid query parameter), then 403 whatever the ids and values ' +
      '(never 404 or 422).',
    schemaRef('ForbiddenProblem'),
    ['TenantTokenRequired'],
  ),
  PlatformCredentialRequired: problemResponse(
    'A tenant token (`pas_…`). Answered once the body has been read and its structure checked (400 and 413 come ' +
      'first), before any value is checked (never 422); nothing is recorded.',
    schemaRef('ForbiddenProblem'),
    ['PlatformCredentialRequired'],
  ),
  InternalError: problemResponse('Internal error; the detail is in the server logs only.', schemaRef('InternalErrorProblem'), [
    'InternalError',
  ]),
  RateLimited: problemResponse(
    "Over the tenant's rate limit (per second; submissions and other calls have separate budgets). Nothing was " +
      'done; retry after `Retry-After` seconds.',
    schemaRef('RateLimitedProblem'),
    ['RateLimited'],
    { 'Retry-After': headerRef('Retry-After'), 'RateLimit-Policy': headerRef('RateLimit-Policy'), RateLimit: headerRef('RateLimit') },
  ),
  ServiceUnavailable: problemResponse(
    'The database is unavailable (an outage, a restart): nothing was changed by this request. Retry after ' +
      '`Retry-After` seconds, a submission with the same Idempotency-Key.',
    schemaRef('ServiceUnavailableProblem'),
    ['ServiceUnavailable'],
    { 'Retry-After': headerRef('Retry-After') },
  ),
  MethodNotAllowed: problemResponse(
    'The path exists but not with this method. Sent for any method other than those of the path, before authentication.',
    schemaRef('MethodNotAllowedProblem'),
    ['MethodNotAllowed'],
    { Allow: headerRef('Allow') },
  ),
};
