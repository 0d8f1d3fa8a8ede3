/**
 * Bounded retries per incoming status flow, called by round.ts: a flow whose getFlow fails
 * while the PA answers the round's searches is counted in `platform_inbound_retries` (attempts, first failure);
 * once it has failed `maxAttempts` times over at least `minAgeMs`, it is set aside as a `platform_inbound_problems`
 * row (problem `set-aside`, listed by `passerelle pa-problems list`) and the cursor moves past it, so one flow the PA
 * cannot serve holds back no other tenant's statuses. Failures of the connection itself (credentials refused, the PA
 * unreachable for searches too) are not counted: they would set every flow aside.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { platformInboundRetries } from '../../db/schema.ts';
import { recordProblem } from './inbound-store.ts';

/** When a failing flow is set aside: after `maxAttempts` failures AND `minAgeMs` since the first. */
export interface RetryPolicy {
  maxAttempts: number;
  /** Milliseconds. */
  minAgeMs: number;
}

/** Five failures over at least 15 minutes (the poller's rounds are a minute apart by default). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, minAgeMs: 15 * 60_000 };

/**
 * Counts one failure of `flowId` (`error`: a short text, no credential: describeFailure's) and sets the flow aside
 * when the policy says so.
 * @returns `set-aside` (the cursor may pass it) or `retry` (the round stops before it), with the attempts so far.
 */
export async function noteFailure(
  db: Executor,
  connection: string,
  flowId: string,
  error: string,
  policy: RetryPolicy,
): Promise<{ outcome: 'set-aside' | 'retry'; attempts: number }> {
  const [row] = rowsOf<{ attempts: number; firstFailedAt: string; ageMs: number }>(
    await db.execute(sql`INSERT INTO platform_inbound_retries (flow_id, connection, attempts, last_error)
      VALUES (${flowId}, ${connection}, 1, ${error.slice(0, 500)})
      ON CONFLICT (flow_id) DO UPDATE SET attempts = platform_inbound_retries.attempts + 1, last_error = excluded.last_error
      RETURNING attempts, first_failed_at::text AS "firstFailedAt",
        (extract(epoch FROM clock_timestamp() - first_failed_at) * 1000)::float8 AS "ageMs"`),
  );
  const attempts = Number(row!.attempts);
  if (attempts < policy.maxAttempts || Number(row!.ageMs) < policy.minAgeMs) return { outcome: 'retry', attempts };
  await recordProblem(db, {
    flowId,
    connection,
    problem: 'set-aside',
    detail: { attempts, firstFailedAt: new Date(row!.firstFailedAt).toISOString(), lastError: error.slice(0, 500) },
  });
  await forget(db, flowId);
  return { outcome: 'set-aside', attempts };
}

/** Drops `flowId`'s failure count (it was handled, or set aside). */
export async function forget(db: Executor, flowId: string): Promise<void> {
  await db.delete(platformInboundRetries).where(eq(platformInboundRetries.flowId, flowId));
}
