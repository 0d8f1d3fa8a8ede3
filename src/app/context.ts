/**
 * The one GraphQL context factory. GraphQL over HTTP, GraphQL over WebSocket
 * and the REST facade all authenticate and build their context here, so a
 * resolver behaves the same whichever door a request came through.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { EventSink } from '../domain/events/types.ts';
import type { EventHub } from '../dispatch/hub.ts';
import type { WebhookSettings } from '../webhooks/index.ts';
import { cachedAuthenticator } from '../domain/tenancy/auth-cache.ts';
import { tokenPrefix } from '../domain/tenancy/token.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { AuthFailure, Principal } from '../domain/tenancy/tenancy-service.ts';
import { NO_PLATFORM_HOOKS, type PlatformHooks } from '../platform/hooks.ts';
import type { DirectoryLookup } from '../model/directory.ts';
import type { CloseDeps } from '../domain/e-reporting/close-service.ts';

/** Per-operation context seen by every resolver. */
export interface Context {
  /** Correlates logs and 500 replies. */
  requestId: string;
  db: Db;
  /** Who is calling: a tenant (every read and write scoped to it) or the platform. */
  principal: Principal;
  /** The public prefix of the caller's token (`pas_<12 hex>`), never its secret: per-token limits key on it. */
  credential: string | undefined;
  /** Where services hand committed events (subscriptions, the platform connector). */
  events: EventSink;
  /** Committed events as they happen on any instance (subscriptions). */
  hub: Pick<EventHub, 'subscribe' | 'subscribeReports'>;
  webhooks: WebhookServices;
  /** The per-tenant rate limits (src/limits/rate-limits.ts). */
  rateLimits: RateLimits;
  /** The running PA connector's hooks (`notifyFlowUpdated` calls `flowUpdated`); `NO_PLATFORM_HOOKS` when none runs. */
  platform: PlatformHooks;
  /** The PA directory through its cache (`directoryEntry`, createSeller's warning); `unknown` when none is configured. */
  directory: DirectoryLookup;
  /** What closing an e-report needs (`POST /v1/e-reports/close`); undefined: closing is refused. */
  eReporting?: CloseDeps | undefined;
}

/** What webhook management needs: its settings, and a way to schedule a delivery attempt. */
export interface WebhookServices {
  settings: WebhookSettings;
  enqueueAttempt(deliveryId: string): Promise<void>;
}

/**
 * A REST request body: as text, as the UTF-8 bytes it was read from (hashed without encoding it again), and parsed
 * (unknown fields included). The facade passes it to the submit mutations as the operation's root value
 * (`OperationRoot`, src/graphql/run-operation.ts), so the stored copy and the idempotency hash are those of the HTTP request.
 */
export interface SubmittedBody {
  raw: string;
  bytes: Uint8Array;
  json: Record<string, unknown>;
}

/** Everything the factory needs, built once per app. */
export interface ContextDeps {
  db: Db;
  events: EventSink;
  hub: Pick<EventHub, 'subscribe' | 'subscribeReports'>;
  webhooks: WebhookServices;
  rateLimits: RateLimits;
  /** How long a successful token lookup is reused (default 5 s). */
  authCacheTtlMs?: number;
  /** The running PA connector's hooks (default NO_PLATFORM_HOOKS). */
  platform?: PlatformHooks;
  /** The PA directory through its cache (default: none, every lookup `unknown`). */
  directory?: DirectoryLookup;
  /** What closing an e-report needs. */
  eReporting?: CloseDeps;
}

export interface ContextRequest {
  /** The `Authorization` header value (or WebSocket connection param), if any. */
  authorization: string | undefined;
  requestId?: string;
  /** Set by callers that authenticated the token themselves (WebSocket). */
  credential?: string;
}

export type ContextResult = { ok: true; context: Context } | { ok: false; code: AuthFailure };

/** Extracts the token of an `Authorization: Bearer <token>` value (RFC 6750 § 2.1); undefined if absent. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  // A header that is present but not a bearer credential counts as malformed, not missing.
  return match ? match[1] : authorization.length > 0 ? '\0malformed' : undefined;
}

/**
 * The context factory shared by every transport, with the one token cache behind it: `createContext` for HTTP and
 * the REST facade (authenticates the `Authorization` value), `authenticate` for a transport that authenticates once
 * per connection (WebSocket), `forPrincipal` for an already authenticated principal (a WebSocket operation, a
 * webhook payload read as its tenant).
 */
export function contextFactory(deps: ContextDeps) {
  const authenticate = cachedAuthenticator(deps.db, deps.authCacheTtlMs);
  async function createContext(request: ContextRequest): Promise<ContextResult> {
    const token = bearerToken(request.authorization);
    const auth = await authenticate(token);
    if (!auth.ok) return auth;
    return { ok: true, context: contextFor(deps, auth.principal, { ...request, credential: token && tokenPrefix(token) }) };
  }
  return {
    createContext,
    authenticate,
    forPrincipal: (principal: Principal, request: Partial<ContextRequest> = {}) => contextFor(deps, principal, request),
  };
}

/** The lookup of a gateway without a directory. */
const NO_DIRECTORY: DirectoryLookup = () => Promise.resolve({ kind: 'unknown' });

export type ContextFactory = ReturnType<typeof contextFactory>;
export type CreateContext = ContextFactory['createContext'];

function contextFor(deps: ContextDeps, principal: Principal, request: Partial<ContextRequest> = {}): Context {
  // Data properties only: Yoga merges this object into its own with Object.assign, which
  // leaves V8's fast path (and ran the getter) when the context carried a lazy logger.
  return {
    requestId: request.requestId ?? randomUUID(),
    db: deps.db,
    principal,
    credential: request.credential,
    events: deps.events,
    hub: deps.hub,
    webhooks: deps.webhooks,
    rateLimits: deps.rateLimits,
    platform: deps.platform ?? NO_PLATFORM_HOOKS,
    directory: deps.directory ?? NO_DIRECTORY,
    eReporting: deps.eReporting,
  };
}
