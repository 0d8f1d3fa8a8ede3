/**
 * Failed authentications per client address (OWASP API2): after `maxFailures` 401s from one
 * address within `windowMs`, that address is refused with 429 and Retry-After until the window ends, before any
 * credential it sends is checked, so a token or secret cannot be guessed at network speed. Used by the REST facade
 * for `/pa/v1` (rest-facade/index.ts) and by the sandbox PA's token endpoint and Flow Service (sandbox-pa/src/auth.ts).
 * Counted per process, in memory (fixed windows); at most `maxAddresses` addresses are tracked (the oldest window
 * is dropped first), so a flood of addresses costs bounded memory.
 */

export interface AuthFailureSettings {
  /** 401s allowed per address and window (default 30). */
  maxFailures: number;
  /** The window, in milliseconds (default 60,000). */
  windowMs: number;
  /** Addresses tracked at most (default 10,000). */
  maxAddresses: number;
}

export const DEFAULT_AUTH_FAILURES: AuthFailureSettings = { maxFailures: 30, windowMs: 60_000, maxAddresses: 10_000 };

export interface AuthFailureThrottle {
  /** Seconds to wait when `address` is refused now, else undefined. */
  blocked(address: string): number | undefined;
  /** The 429's rate-limit headers (draft-ietf-httpapi-ratelimit-headers, as rate-limits.ts), for a wait of `seconds`. */
  headers(seconds: number): Record<string, string>;
  /** Counts one failed authentication from `address`. */
  failed(address: string): void;
}

/** Creates a throttle; `now` in epoch milliseconds (tests). */
export function createAuthFailureThrottle(settings: Partial<AuthFailureSettings> = {}, now: () => number = Date.now): AuthFailureThrottle {
  const { maxFailures, windowMs, maxAddresses } = { ...DEFAULT_AUTH_FAILURES, ...settings };
  // Insertion order is window order: a new window re-inserts its address at the end.
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (address: string) => {
    const window = windows.get(address);
    if (window && window.endsAt > now()) return window;
    if (window) windows.delete(address);
    return undefined;
  };
  return {
    blocked(address) {
      const window = current(address);
      if (!window || window.count < maxFailures) return undefined;
      return Math.max(1, Math.ceil((window.endsAt - now()) / 1000));
    },
    headers: (seconds) => ({
      'Retry-After': String(seconds),
      'RateLimit-Policy': `"auth-failures";q=${maxFailures};w=${Math.round(windowMs / 1000)}`,
      RateLimit: `"auth-failures";r=0;t=${seconds}`,
    }),
    failed(address) {
      const window = current(address);
      if (window) {
        window.count++;
        return;
      }
      windows.set(address, { count: 1, endsAt: now() + windowMs });
      while (windows.size > maxAddresses) windows.delete(windows.keys().next().value!);
    },
  };
}
