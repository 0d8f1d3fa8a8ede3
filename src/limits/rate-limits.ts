/**
 * Per-tenant rate limits (OWASP API4, unrestricted resource consumption): one
 * tenant cannot take all of the gateway's capacity from the others. Three
 * budgets per tenant, each a number of points per one-second window
 * (rate-limiter-flexible's RateLimiterMemory, fixed windows):
 *
 * - `submissions`: `POST /v1/invoices` and `POST /v1/credit-notes`, one point each;
 * - `lookups`: every other `/v1` call, one point each;
 * - `graphql`: each GraphQL operation's cost (graphql-armor's cost measure,
 *   query-limits.ts), at least one point.
 *
 * Counted per instance, in memory: with several instances behind a load
 * balancer a tenant gets up to N times the budget (docs/limits.md says why).
 * Over the budget: 429 `urn:einvoicing:problem:rate-limited` (GraphQL:
 * `RATE_LIMITED`, HTTP 429) with `Retry-After` and the IETF draft's
 * `RateLimit-Policy` / `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type RateLimitKind = 'submissions' | 'lookups' | 'graphql';

/** Points per second, per tenant and kind (0: no limit). */
export type RateLimitSettings = Record<RateLimitKind, number>;

/** Defaults far above a month-end batch pushed as fast as one gateway takes it (docs/limits.md). */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = { submissions: 20_000, lookups: 20_000, graphql: 1_000_000 };

export type RateDecision =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; headers: Record<string, string>; message: string };

export interface RateLimits {
  /**
   * Charges `points` to `tenantId`'s `kind` budget; refused when over it (a
   * refused attempt counts too, so a client retrying before `Retry-After`
   * stays refused until the window ends).
   */
  check(tenantId: string, kind: RateLimitKind, points?: number): Promise<RateDecision>;
}

/** The limits for `settings`. */
export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const limiters = new Map<RateLimitKind, RateLimiterMemory>();
  for (const kind of Object.keys(settings) as RateLimitKind[]) {
    if (settings[kind] > 0) limiters.set(kind, new RateLimiterMemory({ keyPrefix: kind, points: settings[kind], duration: 1 }));
  }
  return {
    async check(tenantId, kind, points = 1) {
      const limiter = limiters.get(kind);
      if (!limiter) return { allowed: true };
      try {
        await limiter.consume(tenantId, Math.max(1, Math.ceil(points)));
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const reset = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        return {
          allowed: false,
          retryAfterSeconds: reset,
          headers: {
            'Retry-After': String(reset),
            'RateLimit-Policy': `"${kind}";q=${settings[kind]};w=1`,
            RateLimit: `"${kind}";r=${Math.max(0, refusal.remainingPoints)};t=${reset}`,
          },
          message: `Rate limit exceeded: at most ${settings[kind]} ${kind === 'graphql' ? 'GraphQL cost points' : kind} per second for this tenant; retry after ${reset} s`,
        };
      }
    },
  };
}
