/**
 * When to try a createFlow again after a retryable failure or an unknown
 * outcome: exponential backoff with "equal jitter" (half the ceiling fixed,
 * half random, so retries of many documents spread out without any retrying
 * at once), the ceiling capped, and the PA's Retry-After honoured
 * (RFC 9110 §10.2.3). No limit on the number of attempts: a validated
 * document is never dropped because the PA was down. Also the senders' handling of an unexpected failure
 * (`sendWithBackoff`).
 */
import type { Logger } from 'pino';
import type { RowKeeper } from '../../db/row-leases.ts';

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

/** The words of a sender's log lines: their prefix ('pa sender'), the key of the row's id, the info after a send. */
interface SenderWords {
  who: string;
  idKey: string;
  /** After a `sent` or `rejected` outcome ('document handed over'). */
  handedOver: string;
}

/**
 * A sender's handling of one claimed row (flow-sender.ts, status-212-sender.ts): `send` it at most once (its outcome;
 * throws only on the unexpected, e.g. a lost connection), and after an unexpected failure the row postponed by
 * `retryDelayMs` of its failures in a row; the row dropped from `keeper` either way.
 */
export function sendWithBackoff(
  keeper: RowKeeper,
  log: Logger,
  words: SenderWords,
  send: (id: string) => Promise<string>,
): (id: string) => Promise<void> {
  const { who, idKey } = words;
  // Unexpected failures in a row per id, for their backoff (expected ones are counted on the row).
  const failures = new Map<string, number>();
  return async (id) => {
    try {
      const result = await send(id);
      failures.delete(id);
      if (result === 'sent' || result === 'rejected') log.info({ [idKey]: id, state: result }, `${who}: ${words.handedOver}`);
    } catch (error) {
      const count = (failures.get(id) ?? 0) + 1;
      failures.set(id, count);
      log.warn({ [idKey]: id, attempt: count, err: error }, `${who}: unexpected failure, will retry`);
      await keeper.postpone(id, retryDelayMs(count)).catch(() => {});
    } finally {
      keeper.drop(id);
    }
  };
}
