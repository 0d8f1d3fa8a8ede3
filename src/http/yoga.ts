/**
 * GraphQL over HTTP at `/graphql` (graphql-yoga), GraphiQL in a browser.
 * Every operation needs a bearer token: the request guards answer 401 with
 * `WWW-Authenticate: Bearer` before the document is even parsed, and bound
 * what an authenticated request may cost (`request-guards.ts`).
 */
import { GraphQLError, Kind, type DocumentNode } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Context, CreateContext } from '../app/context.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/availability.ts';
import { schema } from '../schema/index.ts';
import { useRequestBodyLimit } from './body-limit.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import { authenticatedContexts, useRequestGuards } from './request-guards.ts';
import { PerKeyCounter, useSubscriptionCaps } from './subscription-caps.ts';
import { useGraphQLRateLimit } from './graphql-rate-limit.ts';
import { useVariableErrorsNamed } from './variable-errors.ts';
import { useSharedSubscriptionExecution } from './shared-subscription-execution.ts';

export type Yoga = YogaServerInstance<Record<string, never>, Context>;

function isSubscription(document: DocumentNode): boolean {
  return document.definitions.some(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'subscription',
  );
}

/** GraphiQL's first tab: a real Passerelle query, and where the token goes. */
const GRAPHIQL_DEFAULT_QUERY = `# Passerelle GraphQL. Every operation needs your token: put it in the Headers tab below,
#   { "Authorization": "Bearer pas_…" }
# (the first \`npm start\` printed it; \`npx passerelle token create --tenant dev\` makes another).
# Then run this query with the ▶ button. The Docs panel lists every query and mutation.
query LatestSubmissions {
  submissions(first: 10) {
    edges {
      node {
        id
        number
        documentType
        processingState
        createdAt
        lifecycleStatus { code label final occurredAt }
      }
    }
  }
}
`;

/** The 401 as a GraphQL error carrying its HTTP status and challenge (RFC 6750 § 3). */
export function unauthorizedError(): GraphQLError {
  return new GraphQLError('A valid bearer token is required', {
    extensions: {
      code: 'UNAUTHENTICATED',
      http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="passerelle"' } },
    },
  });
}

/** The database cannot serve now: HTTP 503 with Retry-After (the request changed nothing; retry it). */
export function serviceUnavailableError(): GraphQLError {
  return new GraphQLError('The database is unavailable; retry later', {
    extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } } },
  });
}

/** The logger of GraphQL over HTTP. */
export const graphqlLog = (log: Logger): Logger => log.child({ component: 'graphql' });

/**
 * Yoga's `maskError`: expected client errors (bad variables, 401, 403, 413)
 * pass through; anything else is logged and replaced by a generic error with
 * `message`, so no internal detail reaches a client.
 */
export function maskGraphQLError(log: Logger): (error: unknown, message: string) => GraphQLError {
  return (error, message) => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (error instanceof GraphQLError && !original) return error;
    if (original instanceof GraphQLError) return original;
    if (isDatabaseUnavailable(original ?? error)) {
      log.warn('database unavailable: GraphQL operation answered 503');
      return serviceUnavailableError();
    }
    log.error({ err: original ?? error }, 'unexpected error in GraphQL operation');
    return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  };
}

/**
 * Builds the Yoga instance. A context already carrying a principal (REST facade,
 * WebSocket) is kept as is; an HTTP request is authenticated from its header.
 */
export function buildYoga(deps: { createContext: CreateContext; log: Logger; subscriptionsPerToken: number }): Yoga {
  const log = graphqlLog(deps.log);
  return createYoga<Record<string, never>, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    // Enforced by useRequestBodyLimit below, which skips Yoga's per-request stream when Content-Length bounds the body.
    maxRequestBodySize: false,
    landingPage: false,
    // Compiled execution for queries and mutations (subscriptions keep graphql-js).
    plugins: [
      // Before the body limit: its wrapper (chunked bodies) then feeds this plugin's strict JSON parser.
      useRequestGuards({
        endpoint: '/graphql',
        authenticate: (authorization) => deps.createContext({ authorization }),
        unauthorized: unauthorizedError,
        unavailable: serviceUnavailableError,
      }),
      useRequestBodyLimit(MAX_BODY_BYTES),
      useGraphQLRateLimit(),
      useVariableErrorsNamed(),
      useSubscriptionCaps(
        new PerKeyCounter(deps.subscriptionsPerToken),
        (context) => (context as Partial<Context> | undefined)?.credential,
      ),
      useGraphQlJit({}, { enableIf: (args) => !isSubscription(args.document) }),
      // A tenant's subscribers with one query share one execution per event (see the module).
      useSharedSubscriptionExecution((context) => {
        const principal = (context as Partial<Context> | undefined)?.principal;
        return principal?.kind === 'tenant' ? principal.tenant.id : undefined;
      }),
    ],
    // GraphiQL from our own dependencies (render-graphiql inlines its bundle): nothing loads from a CDN. Imported
    // when first served: the bundle held tens of MB of every gateway's heap, browser or not (docs/performance.md).
    renderGraphiQL: async (graphiqlOptions) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    graphiql: {
      title: 'Passerelle GraphQL',
      defaultQuery: GRAPHIQL_DEFAULT_QUERY,
      // ASCII only: a browser refuses any other character in a header value.
      headers: JSON.stringify({ Authorization: 'Bearer <paste your pas_ token here>' }, null, 2),
    },
    logging: {
      debug: (...args) => log.debug(args.map(String).join(' ')),
      info: (...args) => log.info(args.map(String).join(' ')),
      warn: (...args) => log.warn(args.map(String).join(' ')),
      error: (...args) => log.error({ err: args[0] }, 'graphql error'),
    },
    maskedErrors: { maskError: maskGraphQLError(log) },
    context: async (initial): Promise<Context> => {
      const prebuilt = initial as Partial<Context>;
      if (prebuilt.principal) return prebuilt as Context;
      const authenticated = authenticatedContexts.get(initial.request);
      if (authenticated) return authenticated;
      const result = await deps.createContext({
        authorization: initial.request.headers.get('authorization') ?? undefined,
      });
      if (!result.ok) throw unauthorizedError();
      return result.context;
    },
  });
}
