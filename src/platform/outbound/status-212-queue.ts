/**
 * The 212 Encaissée sender's queue (status-212-sender.ts, status-212-send.ts). The queue is the payment row itself,
 * like the invoice sender's (outbound-store.ts): a payment of the channel `status_212` in state `pending` is due when
 * its invoice is `sent` and `next_at` is null or past (partial index `payments_212_due_idx`); a claim is a lease
 * (`next_at` moved forward, renewed while in hand: src/db/row-leases.ts) taken with SKIP LOCKED. Here: the claim, the
 * attempt committed before each createFlow, failures and postponements. What the PA answers is status-212-flows.ts;
 * a 212 that will never be sent, status-212-refusals.ts.
 */
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { claimRows, fromNow, type LeasedRows } from '../../db/row-leases.ts';
import { payments, submissions } from '../../db/schema.ts';
import { type AttemptFailure, msSinceStarted } from './outbound-store.ts';

/** A claimed 212 with what sending it needs. */
export interface Pending212 {
  id: string;
  tenantId: string;
  submissionId: string;
  cdar: string;
  flowId: string | null;
  outcomeUnknown: boolean;
  attempts: number;
}

/** Claims up to `limit` due 212s (their invoice `sent`) for `leaseMs`; ids, oldest first. */
export async function claimDue212(db: Db, limit: number, leaseMs: number): Promise<string[]> {
  return claimRows(db, PENDING_212_LEASES, leaseMs, (tx) =>
    tx
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(submissions, eq(submissions.id, payments.submissionId))
      .where(
        and(
          eq(payments.channel, 'status_212'),
          eq(payments.state, 'pending'),
          or(isNull(payments.nextAt), lte(payments.nextAt, sql`now()`)),
          eq(submissions.processingState, 'sent'),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(limit)
      .for('update', { of: payments, skipLocked: true }),
  );
}

/**
 * The 212 sender's claims, as leased rows (src/db/row-leases.ts): `next_at` of payments still `pending`; claimed
 * and postponed after an unexpected failure with row-leases.ts's `claimRows` and `postponeRow`.
 */
export const PENDING_212_LEASES: LeasedRows = {
  table: payments,
  id: payments.id,
  dueAt: payments.nextAt,
  held: eq(payments.state, 'pending'),
};

/** The 212 `id` while still `pending`, or undefined. */
export async function load212(db: Executor, id: string): Promise<Pending212 | undefined> {
  const [row] = await db
    .select({
      id: payments.id,
      tenantId: payments.tenantId,
      submissionId: payments.submissionId,
      cdar: payments.cdar,
      flowId: payments.flowId,
      outcomeUnknown: payments.outcomeUnknown,
      attempts: payments.attempts,
    })
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.state, 'pending'), eq(payments.channel, 'status_212')));
  return row?.cdar ? { ...row, cdar: row.cdar } : undefined;
}

/**
 * Commits that a createFlow is about to be sent (before the request): `attempts + 1`, `outcome_unknown` (a crash
 * during the request leads to a search by trackingId, never a blind second send), the lease renewed. The attempt's
 * number, or undefined when the payment is no longer `pending`.
 */
export async function begin212Attempt(db: Db, id: string, leaseMs: number): Promise<number | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      attempts: sql`${payments.attempts} + 1`,
      outcomeUnknown: true,
      nextAt: fromNow(leaseMs),
      attemptStartedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')))
    .returning({ attempts: payments.attempts });
  return row?.attempts;
}

/** A failed attempt or search: `last_error`, `outcome_unknown`, postponed by `delayMs`. */
export async function record212Failure(db: Db, id: string, failure: AttemptFailure): Promise<void> {
  await db
    .update(payments)
    .set({
      outcomeUnknown: failure.outcomeUnknown,
      lastError: failure.error.slice(0, 500),
      nextAt: fromNow(failure.delayMs),
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')));
}

/** Milliseconds since payment `id`'s latest createFlow attempt began (`msSinceStarted`). */
export const msSince212Attempt = (db: Executor, id: string) => msSinceStarted(db, payments, eq(payments.id, id));
