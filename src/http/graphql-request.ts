/**
 * What the GraphQL fast path (`graphql-fast-path.ts`) takes, and how it hands
 * a request to Yoga once it has read its body. The rules mirror Yoga 5's own
 * (request parser, parameter checks, result processors): whatever they do not
 * decide exactly goes to Yoga.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import { contentLengthWithin } from './body-limit.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import type { Yoga } from './yoga.ts';

const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * Accept values (lowercased, whitespace removed) and the media type Yoga
 * answers them with: it takes the first of the request's types that one of
 * its result processors matches, and `*` matches `application/json` last.
 */
const ACCEPTED: ReadonlyMap<string, string> = new Map([
  ['', 'application/json'],
  ['*/*', 'application/json'],
  ['application/json', 'application/json'],
  ['application/graphql-response+json', 'application/graphql-response+json'],
  ['application/graphql-response+json,application/json', 'application/graphql-response+json'],
]);

/**
 * The media type of the reply when `headers` are those of a plain JSON GraphQL
 * POST the fast path may take; undefined otherwise (Yoga takes the request):
 * a JSON body in UTF-8 whose Content-Length passes the check of Yoga's body
 * limit (`useRequestBodyLimit`, which answers the others with 400 or 413), no
 * Content-Encoding, no Origin (Yoga adds CORS headers), and an Accept listed
 * in `ACCEPTED`.
 */
export function jsonMediaType(headers: IncomingHttpHeaders): string | undefined {
  const length = headers['content-length'];
  if (length === undefined || contentLengthWithin(length, MAX_BODY_BYTES) !== 'within') return undefined;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined || headers.origin !== undefined)
    return undefined;
  if (!JSON_CONTENT_TYPE.test(headers['content-type'] ?? '')) return undefined;
  return ACCEPTED.get((headers.accept ?? '').replace(/\s/g, '').toLowerCase());
}

/** GraphQL-over-HTTP request parameters, as the fast path runs them. */
export interface PlainParams {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `text` as parameters when it is a JSON object whose only non-null members
 * are a string `query`, an object `variables` and a string `operationName`;
 * undefined for anything else (bad JSON, `extensions`, unexpected members or
 * types), which Yoga answers with its own 400s or runs with its extensions.
 */
export function plainJsonParams(text: string): PlainParams | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(body)) return undefined;
  for (const key in body) {
    if (body[key] != null && key !== 'query' && key !== 'variables' && key !== 'operationName') return undefined;
  }
  const { query, variables, operationName } = body;
  if (typeof query !== 'string') return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  return { query, variables: variables ?? {}, operationName: operationName ?? undefined };
}

/** Writes a Fetch `response` as Yoga's Node adapter does. */
export async function sendResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await sendNodeResponse(response, res, req, false);
}

/** Hands `req`, whose `body` was already read, to Yoga, which answers as if it had read it. */
export async function delegate(yoga: Yoga, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const headers = new yoga.fetchAPI.Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2) headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
  // A streamed reply (a subscription as server-sent events) ends when the client goes away, as in Yoga's adapter.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  // Node's Buffers sit on plain ArrayBuffers, never shared memory.
  const init = { method: req.method, headers, body: body as Uint8Array<ArrayBuffer>, signal: gone.signal };
  const request: Request = new yoga.fetchAPI.Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, init);
  await sendResponse(await yoga.fetch(request), req, res);
}
