/**
 * When to try a createFlow again after a retryable failure or an unknown
 * outcome: exponential backoff with "equal jitter" (half the ceiling fixed,
 * half random, so retries of many documents spread out without any retrying
 * at once), the ceiling capped, and the PA's Retry-After honoured
 * (RFC 9110 §10.2.3). No limit on the number of attempts: a validated
 * document is never dropped because the PA was down.
 */

/** The first retry's ceiling, in milliseconds. */
export const BACKOFF_BASE_MS = 1_000;
/** The ceiling of the backoff (5 minutes): a PA back from an outage sees every parked document within that. */
export const BACKOFF_CAP_MS = 300_000;
/** Retry-After beyond this (1 hour) is shortened: an absurd HTTP date must not park a document for days. */
export const RETRY_AFTER_LIMIT_MS = 3_600_000;

/**
 * The delay before attempt `attempt + 1`, in milliseconds, after `attempt` failed ones (1 or more):
 * a random value in [ceiling / 2, ceiling] with ceiling = min(BACKOFF_CAP_MS, BACKOFF_BASE_MS × 2^(attempt − 1)),
 * or Retry-After when the PA asked for longer.
 */
export function retryDelayMs(attempt: number, retryAfterMs?: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(Math.max(attempt, 1) - 1, 30));
  const jittered = ceiling / 2 + (random() * ceiling) / 2;
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, RETRY_AFTER_LIMIT_MS)));
}
