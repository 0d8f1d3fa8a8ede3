/**
 * How many API requests (REST and GraphQL over HTTP) the gateway is taking:
 * the signal by which background work (the validation workers) leaves a core
 * to the requests under load (`VALIDATION_YIELD_RPS`, docs/configuration.md).
 */

/** Width of one counting bucket: the rate is read over the last one or two of them. */
const BUCKET_MS = 500;

export interface RequestRate {
  /** Counts one request, now. */
  note(): void;
  /**
   * Requests per second, from the current bucket and the whole previous one
   * (so over the last 0.5 to 1 s); 0 after a second without requests.
   */
  perSecond(): number;
}

/** A request counter on `now` (milliseconds, default `Date.now`). */
export function createRequestRate(now: () => number = Date.now): RequestRate {
  let bucket = Math.floor(now() / BUCKET_MS);
  let current = 0;
  let previous = 0;

  function roll(): number {
    const at = now();
    const index = Math.floor(at / BUCKET_MS);
    if (index !== bucket) {
      previous = index === bucket + 1 ? current : 0;
      current = 0;
      bucket = index;
    }
    return at;
  }

  return {
    note() {
      roll();
      current++;
    },
    perSecond() {
      const at = roll();
      const window = BUCKET_MS + (at - bucket * BUCKET_MS);
      return ((previous + current) * 1000) / window;
    },
  };
}
