/**
 * The Yoga plugin that makes a GraphQL request cost nothing before it is
 * authenticated, and bounded after (query-limits.ts has the limits):
 *
 * 1. `onRequest`: the bearer token of a request to the GraphQL endpoint is
 *    checked first; without a valid one the reply is the 401, before the body
 *    is parsed or the document compiled (GraphiQL's HTML page excepted: it
 *    holds no data). The context built there is the one operations get.
 * 2. `onRequestParse`: a JSON body must be valid UTF-8 (as on REST: a legal
 *    document is stored as the client sent it, never with U+FFFD in place of
 *    what it could not read), and every request's parameters must pass
 *    `paramsProblem` (no `then`, variables of bounded depth).
 * 3. `onParse`/`onValidate`: the token limit, graphql-armor's rules, and no
 *    field suggestions (graphql-armor's block-field-suggestions).
 */
import { isUtf8 } from 'node:buffer';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { GraphQLError } from 'graphql';
import { processRegularResult, type Plugin } from 'graphql-yoga';
import type { Context, ContextResult } from '../app/context.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { LIMIT_RULES, paramsProblem, parseWithLimits, requestError } from './query-limits.ts';

export interface RequestGuardOptions {
  /** The GraphQL endpoint's path; other paths are left alone. */
  endpoint: string;
  /** Authenticates a request from its Authorization header (the shared context factory). */
  authenticate(authorization: string | undefined): Promise<ContextResult>;
  /** The 401 error (carries its status and challenge). */
  unauthorized(): GraphQLError;
  /** The 503 error, when the token cannot be checked because the database is away. */
  unavailable(): GraphQLError;
}

/** Contexts of requests authenticated by `onRequest`, for Yoga's context function. */
export const authenticatedContexts = new WeakMap<Request, Context>();

const JSON_TYPE = /^application\/(graphql\+)?json\b/i;

/** Yoga's JSON body parser with a strict UTF-8 check; Yoga's own messages for the rest. */
async function parseJsonStrict(request: Request): Promise<unknown> {
  let bytes = new Uint8Array(await request.arrayBuffer());
  if (!isUtf8(bytes)) throw requestError('The request body is not valid UTF-8.');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    const { name, message } = error as Error;
    throw new GraphQLError('POST body sent invalid JSON.', {
      extensions: { code: 'BAD_REQUEST', http: { spec: true, status: 400 }, originalError: { name, message } },
    });
  }
  if (body === null || typeof body !== 'object') {
    throw requestError(`POST body is expected to be object but received ${body === null ? 'null' : typeof body}`);
  }
  return body;
}

function wantsGraphiQL(request: Request): boolean {
  return request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html');
}

function mediaTypeFor(request: Request): string {
  return (request.headers.get('accept') ?? '').includes('application/graphql-response+json')
    ? 'application/graphql-response+json'
    : 'application/json';
}

/** The plugin; see the module comment. */
export function useRequestGuards(options: RequestGuardOptions): Plugin {
  const suggestions = blockFieldSuggestionsPlugin({ mask: '' }) as Plugin;
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname !== options.endpoint || wantsGraphiQL(request)) return;
      let auth: ContextResult;
      try {
        auth = await options.authenticate(request.headers.get('authorization') ?? undefined);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return endResponse(await processRegularResult({ errors: [options.unavailable()] }, fetchAPI, mediaTypeFor(request)));
      }
      if (auth.ok) {
        authenticatedContexts.set(request, auth.context);
        return;
      }
      endResponse(await processRegularResult({ errors: [options.unauthorized()] }, fetchAPI, mediaTypeFor(request)));
    },
    onRequestParse({ request, requestParser, setRequestParser }) {
      const base = request.method === 'POST' && JSON_TYPE.test(request.headers.get('content-type') ?? '') ? parseJsonStrict : requestParser;
      if (!base) return;
      setRequestParser(async (parsed) => {
        const params = await base(parsed);
        const problem = paramsProblem(params);
        if (problem) throw problem;
        return params as never;
      });
    },
    onParse({ setParseFn }) {
      setParseFn((source) => parseWithLimits(typeof source === 'string' ? source : source.body));
    },
    onValidate(payload) {
      for (const rule of LIMIT_RULES) payload.addValidationRule(rule);
      return suggestions.onValidate?.(payload as never) as never;
    },
  };
}
