/**
 * A short-lived cache of successful token lookups: every request carries a
 * token, and looking it up each time doubles the database round trips of a
 * lookup. Only successes are kept, keyed by the token's SHA-256 (never the
 * token), for `ttlMs`: a revoked token keeps working for at most that long on
 * an instance that recently accepted it (docs/api-guide.md, Authentication).
 */
import type { Db } from '../../db/client.ts';
import { authenticate, type AuthResult } from './tenancy-service.ts';
import { hashToken } from './token.ts';

export const AUTH_CACHE_TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

export type Authenticate = (token: string | undefined) => Promise<AuthResult>;

/** `authenticate` on `db`, remembering successes for `ttlMs`. */
export function cachedAuthenticator(db: Db, ttlMs = AUTH_CACHE_TTL_MS, now: () => number = Date.now): Authenticate {
  const known = new Map<string, { result: AuthResult & { ok: true }; until: number }>();
  return async (token) => {
    if (!token) return authenticate(db, token);
    const key = hashToken(token);
    const cached = known.get(key);
    if (cached && cached.until > now()) return cached.result;
    const result = await authenticate(db, token);
    if (result.ok) {
      // Map order is insertion order: the first key is the oldest entry.
      if (known.size >= MAX_ENTRIES) known.delete(known.keys().next().value!);
      known.delete(key);
      known.set(key, { result, until: now() + ttlMs });
    } else {
      known.delete(key);
    }
    return result;
  };
}
