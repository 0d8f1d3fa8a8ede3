/**
 * The REST compatibility facade at `/v1`: routing, authentication through the
 * shared context factory, and the 4xx/5xx replies that come before or after
 * any operation. Handlers themselves are thin adapters over GraphQL operations.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from 'find-my-way';
import type { Logger } from 'pino';
import type { CreateContext } from '../src/app/context.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../src/db/availability.ts';
import type { AuthFailure } from '../src/domain/tenancy/tenancy-service.ts';
import { type AuthFailureThrottle, createAuthFailureThrottle } from '../src/limits/auth-failures.ts';
import { OperationFailed, type RunOperation } from '../src/graphql/run-operation.ts';
import { openApiDocument } from './openapi/index.ts';
import { serversFor } from './openapi/servers.ts';
import { sendJson, sendProblem } from './problem.ts';
import { redactPath, ROUTES, type Route } from './routes.ts';

const AUTH_DETAIL: Record<AuthFailure, string> = {
  missing: 'Send an Authorization: Bearer <token> header',
  malformed: 'The Authorization header does not carry a well-formed bearer token',
  unknown: 'The bearer token is invalid or revoked',
  revoked: 'The bearer token is invalid or revoked',
};

/** Every failure of a token given in the path (`Route.credentialParam`): there, missing means another route. */
const PATH_TOKEN_DETAIL = 'The token in the path is invalid or revoked';

const METHODS = [...new Set(ROUTES.map((route) => route.method))];

const UNAVAILABLE_DETAIL =
  'The database is unavailable. Nothing was changed by this request; retry after Retry-After seconds (with the same Idempotency-Key).';

/** True when the client sent a body we did not read: the connection cannot be reused for the next request. */
function hasUnreadBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return !req.complete && ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined);
}

/** Builds the facade's request handler. */
/** `publicUrl`: the gateway's public base URL (`PUBLIC_URL`), the OpenAPI document's server; unset, the request's origin. */
export function createRestFacade(deps: {
  run: RunOperation;
  createContext: CreateContext;
  log: Logger;
  publicUrl?: string;
  /** Failed authentications per client address on `/pa/v1` (default: 30 a minute, src/limits/auth-failures.ts). */
  authFailures?: AuthFailureThrottle;
}) {
  const log = deps.log.child({ component: 'rest' });
  const authFailures = deps.authFailures ?? createAuthFailureThrottle();
  const run = deps.run;
  const router = Router();
  const noop = () => {};
  for (const route of ROUTES) router.on(route.method, route.path, noop, route);
  const document = JSON.stringify(openApiDocument);

  return async function handleRest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    // Decided when the reply is written: by then a handler may have read the body.
    const close = (): Record<string, string> => (hasUnreadBody(req) ? { Connection: 'close' } : {});
    if (path === '/v1/openapi.json') {
      if (req.method === 'GET' || req.method === 'HEAD')
        return sendJson(res, 200, { ...JSON.parse(document), servers: serversFor(req, deps.publicUrl) });
      return sendProblem(res, 'methodNotAllowed', { detail: `${req.method} is not allowed here` }, { ...close(), Allow: 'GET, HEAD' });
    }
    const match = router.find(req.method as 'GET', path);
    if (!match) {
      const allowed = METHODS.filter((method) => router.find(method, path));
      if (allowed.length > 0) {
        return sendProblem(
          res,
          'methodNotAllowed',
          { detail: `${req.method} is not allowed here` },
          { ...close(), Allow: allowed.join(', ') },
        );
      }
      return sendProblem(res, 'notFound', { detail: `No endpoint at ${redactPath(path)}` }, close());
    }
    const route = match.store as Route;
    // A token in the path stands for the header. RFC 6750 § 2 wants one method per request; the path wins, as a PA
    // that registered such a URL may send an Authorization header of its own.
    const pathToken = route.credentialParam ? match.params[route.credentialParam] : undefined;
    // The PA-facing routes: an address that failed authentication too often is refused before its credential is checked.
    const address = path.startsWith('/pa/v1/') ? (req.socket.remoteAddress ?? 'unknown') : undefined;
    const wait = address === undefined ? undefined : authFailures.blocked(address);
    if (wait !== undefined) {
      log.warn({ requestId, path: redactPath(path), address }, 'too many failed authentications from this address: answered 429');
      const detail = `Too many failed authentications from this address; retry after ${wait} s`;
      return sendProblem(res, 'rateLimited', { detail }, { ...close(), ...authFailures.headers(wait) });
    }
    try {
      const authorization = pathToken ? `Bearer ${pathToken}` : req.headers.authorization;
      const auth = await deps.createContext({ authorization, requestId });
      if (!auth.ok) {
        if (address !== undefined) authFailures.failed(address);
        const challenge = auth.code === 'missing' ? 'Bearer realm="passerelle"' : 'Bearer realm="passerelle", error="invalid_token"';
        const detail = pathToken ? PATH_TOKEN_DETAIL : AUTH_DETAIL[auth.code];
        return sendProblem(res, 'unauthorized', { detail }, { ...close(), 'WWW-Authenticate': challenge });
      }
      const { principal } = auth.context;
      if (principal.kind === 'tenant') {
        const decision = await auth.context.rateLimits.check(principal.tenant.id, route.budget ?? 'lookups');
        if (!decision.allowed) return sendProblem(res, 'rateLimited', { detail: decision.message }, { ...close(), ...decision.headers });
      }
      await route.handler({ req, res, params: match.params, routePath: route.path, context: auth.context, run });
    } catch (error) {
      if (error instanceof OperationFailed && error.code === 'FORBIDDEN') {
        return sendProblem(res, 'forbidden', { detail: error.message }, close());
      }
      if (isDatabaseUnavailable(error)) {
        log.warn({ requestId, method: req.method, path: redactPath(path) }, 'database unavailable: answered 503');
        if (res.headersSent) return void res.destroy();
        return sendProblem(res, 'unavailable', { detail: UNAVAILABLE_DETAIL }, { ...close(), 'Retry-After': String(RETRY_AFTER_SECONDS) });
      }
      log.error({ err: error, requestId, method: req.method, path: redactPath(path) }, 'REST request failed');
      if (res.headersSent) return void res.destroy();
      sendProblem(
        res,
        'internal',
        { detail: 'An internal error occurred. Quote the request id when contacting support.', request_id: requestId },
        close(),
      );
    }
  };
}
