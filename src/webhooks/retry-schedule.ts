/**
 * When a failed webhook delivery is tried again: exponential
 * backoff with jitter for about three days. Quick retries catch a receiver's blip or
 * redeploy; the long tail outlasts an outage without hammering a dead endpoint.
 * Jitter spreads the retries of many deliveries that failed together (an endpoint
 * coming back up) so they do not all arrive in the same second.
 *
 * With the base delays, a delivery that always fails is attempted 12 times, at
 * 0, 5 s, 5 min 5 s, 35 min 5 s, 2 h 35 min, 7 h 35 min, then every 10 h up to
 * 67 h 35 min; jitter makes it 11 to 13.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays in milliseconds after the n-th failed attempt (index n - 1), before
 * jitter: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. Every later failure waits as long
 * as the last one (10 h).
 */
export const RETRY_DELAYS_MS: readonly number[] = Object.freeze([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR]);

/** A delivery is given up (marked failed, still redeliverable by hand) when its next attempt would fall more than this after its first attempt: 3 days, in ms. */
export const GIVE_UP_AFTER_MS = 3 * 24 * HOUR;

/** An endpoint whose every attempt has failed for this long is disabled: 3 days, in ms. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

/** Relative amplitude of the jitter: the delay is drawn in [base - 10 %, base + 10 %). */
export const JITTER = 0.1;

/**
 * The delay in whole milliseconds after `failedAttempts` failures (an integer
 * ≥ 1), with ±JITTER jitter drawn from `random()` in [0, 1): 0 gives base - 10 %,
 * 0.5 the base delay exactly, values towards 1 approach base + 10 %.
 * @throws RangeError when `failedAttempts` is not an integer ≥ 1, or `random()`
 * returns a value outside [0, 1).
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) {
    throw new RangeError(`failedAttempts must be an integer ≥ 1, got ${failedAttempts}`);
  }
  const base = RETRY_DELAYS_MS[Math.min(failedAttempts, RETRY_DELAYS_MS.length) - 1]!;
  const draw = random();
  // A bad source of randomness must fail loudly, not schedule a retry at NaN or in the past.
  if (!(draw >= 0 && draw < 1)) throw new RangeError(`random() must return a number in [0, 1), got ${draw}`);
  return Math.round(base * (1 + JITTER * (2 * draw - 1)));
}

/**
 * When to try again after `failedAttempts` failures (≥ 1), `now` being the time of
 * the failure just recorded: `now` + `retryDelayMs(failedAttempts, random)`, or
 * undefined when the delivery must be given up, i.e. when that time is more than
 * GIVE_UP_AFTER_MS after `firstAttemptAt`.
 * @throws RangeError as `retryDelayMs`, or when a date is invalid.
 */
export function nextAttemptAt(
  failedAttempts: number,
  firstAttemptAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | undefined {
  const first = firstAttemptAt.getTime();
  const at = now.getTime();
  if (Number.isNaN(first) || Number.isNaN(at)) throw new RangeError('nextAttemptAt needs valid dates');
  const next = at + retryDelayMs(failedAttempts, random);
  return next - first > GIVE_UP_AFTER_MS ? undefined : new Date(next);
}
