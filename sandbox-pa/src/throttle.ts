/**
 * Failed authentications per client address for the sandbox PA (auth.ts): after 30 failures from one address in a
 * minute, the token endpoint and the Flow Service answer 429 with Retry-After until the minute ends, before checking
 * the credential sent. The sandbox stands alone (it imports nothing of the gateway), hence its own copy of the
 * gateway's src/limits/auth-failures.ts. At most 10,000 addresses are tracked (the oldest window dropped first).
 */

export interface Throttle {
  /** Seconds to wait when `address` is refused now, else undefined. */
  blocked(address: string): number | undefined;
  failed(address: string): void;
}

export function createThrottle(maxFailures = 30, windowMs = 60_000, now: () => number = Date.now): Throttle {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (address: string) => {
    const window = windows.get(address);
    if (window && window.endsAt > now()) return window;
    windows.delete(address);
    return undefined;
  };
  return {
    blocked(address) {
      const window = current(address);
      return window && window.count >= maxFailures ? Math.max(1, Math.ceil((window.endsAt - now()) / 1000)) : undefined;
    },
    failed(address) {
      const window = current(address);
      if (window) window.count++;
      else windows.set(address, { count: 1, endsAt: now() + windowMs });
      while (windows.size > 10_000) windows.delete(windows.keys().next().value!);
    },
  };
}
