/**
 * The 212 Encaissée sender's queue and outcomes (status-212-sender.ts). The queue is the payment row itself, like the
 * invoice sender's (outbound-store.ts): a payment of the channel `status_212` in state `pending` is due when its
 * invoice is `sent` and `next_at` is null or past (partial index `payments_212_due_idx`); a claim is a lease
 * (`next_at` moved forward) taken with SKIP LOCKED. Once the PA holds the flow, in the same transaction: the flowId,
 * the state `sent` (or `acknowledged` / `rejected` by its acknowledgement), and the seller's 212 in the invoice's
 * lifecycle history (`source` seller) with its `lifecycle_status_added` event, once.
 */
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { LeasedRows } from '../../db/row-leases.ts';
import { lifecycleStatuses, payments, submissions } from '../../db/schema.ts';
import { recordEvent } from '../../domain/events/events-store.ts';
import type { CommittedEvent, EventSink } from '../../domain/events/types.ts';
import { isUuid } from '../../domain/ids.ts';
import type { AcknowledgementDetail, FlowAckStatus } from '../afnor/types.ts';
import { type FlowFacts, readAcknowledgement } from './outcome.ts';

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

/** The event id of the seller's 212 of payment `paymentId` in `lifecycle_statuses` (one per payment). */
export const sellerStatusEventId = (paymentId: string) => `seller-212:${paymentId}`;

/** Claims up to `limit` due 212s (their invoice `sent`) for `leaseMs`; ids, oldest first. */
export async function claimDue212(db: Db, limit: number, leaseMs: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
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
      .for('update', { of: payments, skipLocked: true });
    const ids = due.map((row) => row.id);
    for (const id of ids) await lease(tx, id, leaseMs);
    return ids;
  });
}

async function lease(tx: Executor, id: string, ms: number): Promise<void> {
  await tx
    .update(payments)
    .set({ nextAt: sql`now() + ${Math.round(ms)} * interval '1 millisecond'` })
    .where(eq(payments.id, id));
}

/** The 212 sender's claims, as leased rows (src/db/row-leases.ts): `next_at` of payments still `pending`. */
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
      nextAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attemptStartedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')))
    .returning({ attempts: payments.attempts });
  return row?.attempts;
}

/** A failed attempt or search: `last_error`, `outcome_unknown`, postponed by `delayMs`. */
export async function record212Failure(
  db: Db,
  id: string,
  failure: { outcomeUnknown: boolean; error: string; delayMs: number },
): Promise<void> {
  await db
    .update(payments)
    .set({
      outcomeUnknown: failure.outcomeUnknown,
      lastError: failure.error.slice(0, 500),
      nextAt: sql`now() + ${Math.round(failure.delayMs)} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')));
}

/** Postpones a pending 212 by `delayMs` (an unexpected failure). */
export async function postpone212(db: Db, id: string, delayMs: number): Promise<void> {
  await db
    .update(payments)
    .set({ nextAt: sql`now() + ${Math.round(delayMs)} * interval '1 millisecond'` })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')));
}

/**
 * A 212 that will never be sent: refused by the official artefacts before sending, or by the PA's createFlow for
 * good (`errors` kept as the reporting's errors, `outcome_unknown` false). False when no longer `pending`.
 */
export async function reject212(db: Db, id: string, errors: Array<{ rule: string; message: string; location?: string }>, error: string) {
  const rows = await db
    .update(payments)
    .set({
      state: 'rejected',
      ackDetails: errors,
      lastError: error.slice(0, 500),
      outcomeUnknown: false,
      nextAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Pending 212s whose invoice was rejected (by the platform, 213/501, or its flow acknowledged Error) before they were
 * sent: nothing was cashed on an issued invoice, so they are never sent; `rejected` with GW-PAYMENT-INVOICE-REJECTED.
 * Returns how many. Reads only pending 212s (partial index `payments_212_due_idx`).
 */
export async function rejectOrphaned212(db: Db): Promise<number> {
  const rows = await db
    .update(payments)
    .set({
      state: 'rejected',
      ackDetails: [
        {
          rule: 'GW-PAYMENT-INVOICE-REJECTED',
          message: 'The invoice was rejected before its 212 Encaissée was sent: it was not sent',
        },
      ],
      nextAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.channel, 'status_212'),
        eq(payments.state, 'pending'),
        eq(payments.outcomeUnknown, false),
        sql`exists (select 1 from ${submissions} s where s.id = ${payments.submissionId} and s.processing_state = 'rejected')`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/** How a flow was matched with a 212: by payment (the sender knows it), or by the PA's flowId (and trackingId). */
export type Match212 = { paymentId: string } | { flowId: string; trackingId?: string };

type Row = typeof payments.$inferSelect;

async function lockRow(tx: Tx, match: Match212): Promise<Row | undefined> {
  const byId = (id: string) =>
    tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.channel, 'status_212')))
      .for('update');
  if ('paymentId' in match) return (await byId(match.paymentId))[0];
  const [byFlowId] = await tx.select().from(payments).where(eq(payments.flowId, match.flowId)).for('update');
  if (byFlowId || !match.trackingId || !isUuid(match.trackingId)) return byFlowId;
  const [row] = await byId(match.trackingId);
  return row && row.flowId === null && row.outcomeUnknown ? row : undefined;
}

/** The state a 212 reaches with an acknowledgement: Error → rejected, Ok → acknowledged, Pending → sent. */
const stateOf = (ack: FlowAckStatus) => (ack === 'Error' ? 'rejected' : ack === 'Ok' ? 'acknowledged' : 'sent');

/** What applying a flow to a 212 did: its state after, or unmatched. */
export type Applied212 = { matched: false } | { matched: true; state: string; changed: boolean };

/**
 * Records what the PA says of a 212's flow (its 202, a search by trackingId, a later acknowledgement): the flowId,
 * the acknowledgement (a final Ok or Error never overwritten by an older Pending), the state; the first time the PA
 * holds it, the seller's 212 enters the invoice's lifecycle history, with its event. One transaction; events go to
 * `events` after commit. A flow whose flowId differs from the one recorded is not matched.
 */
export async function apply212Flow(
  db: Db,
  events: EventSink,
  match: Match212,
  flow: FlowFacts,
  now: Date = new Date(),
): Promise<Applied212> {
  const committed: CommittedEvent[] = [];
  const applied = await db.transaction(async (tx): Promise<Applied212> => {
    const row = await lockRow(tx, match);
    if (!row || (row.flowId !== null && row.flowId !== flow.flowId)) return { matched: false };
    const final = row.ackStatus === 'Ok' || row.ackStatus === 'Error';
    const read = readAcknowledgement(flow);
    const ack = final ? (row.ackStatus as FlowAckStatus) : read.status;
    const details = final ? (row.ackDetails as AcknowledgementDetail[] | null) : read.details;
    // A state the row already left (rejected before sending) stays.
    const state = row.state === 'pending' || row.state === 'sent' ? stateOf(ack) : row.state;
    const errors =
      state === 'rejected' && row.state !== 'rejected'
        ? (details ?? []).map((d) => ({ rule: d.reasonCode, message: d.reasonMessage, ...(d.item ? { location: d.item } : {}) }))
        : row.ackDetails;
    let statusId = row.lifecycleStatusId;
    if (statusId === null) {
      statusId = await insertSellerStatus(tx, row, now);
      const [invoice] = await tx
        .select({ documentType: submissions.documentType })
        .from(submissions)
        .where(eq(submissions.id, row.submissionId));
      committed.push(
        await recordEvent(tx, events, {
          tenantId: row.tenantId,
          submissionId: row.submissionId,
          documentType: invoice?.documentType ?? 'invoice',
          type: 'lifecycle_status_added',
          lifecycleStatusId: statusId,
        }),
      );
    }
    const changed = state !== row.state || row.flowId === null || ack !== row.ackStatus;
    if (changed) {
      await tx
        .update(payments)
        .set({
          flowId: flow.flowId,
          flowSubmittedAt: row.flowSubmittedAt ?? flow.submittedAt ?? null,
          ackStatus: ack,
          ackDetails: state === 'rejected' ? errors : details,
          state,
          outcomeUnknown: false,
          lastError: null,
          nextAt: null,
          sentAt: row.sentAt ?? now,
          lifecycleStatusId: statusId,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
    }
    return { matched: true, state, changed };
  });
  if (committed.length > 0) events.committed(committed);
  return applied;
}

/** The seller's 212 Encaissée in the invoice's history (append-only; `source` seller, at the time the PA took it). */
async function insertSellerStatus(tx: Tx, row: Row, now: Date): Promise<number> {
  const [status] = await tx
    .insert(lifecycleStatuses)
    .values({
      submissionId: row.submissionId,
      code: 212,
      occurredAt: now,
      eventId: sellerStatusEventId(row.id),
      platformLabel: 'Encaissée',
      source: 'seller',
    })
    .onConflictDoNothing()
    .returning({ id: lifecycleStatuses.id });
  if (status) return status.id;
  const [existing] = await tx
    .select({ id: lifecycleStatuses.id })
    .from(lifecycleStatuses)
    .where(eq(lifecycleStatuses.eventId, sellerStatusEventId(row.id)));
  return existing!.id;
}

/** The flowIds of 212s the PA holds whose acknowledgement is still Pending (state `sent`), oldest first. */
export async function unacknowledged212(db: Db, limit: number): Promise<Array<{ id: string; flowId: string }>> {
  const rows = await db
    .select({ id: payments.id, flowId: payments.flowId })
    .from(payments)
    .where(and(eq(payments.channel, 'status_212'), eq(payments.state, 'sent')))
    .orderBy(asc(payments.id))
    .limit(limit);
  return rows.filter((row): row is { id: string; flowId: string } => row.flowId !== null);
}

/** Milliseconds since payment `id`'s latest createFlow attempt began, by the database's clock (its last update before). */
export async function msSince212Attempt(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`(extract(epoch FROM clock_timestamp() - coalesce(${payments.attemptStartedAt}, ${payments.updatedAt})) * 1000)::float8`,
    })
    .from(payments)
    .where(eq(payments.id, id));
  return row ? Number(row.ms) : Number.POSITIVE_INFINITY;
}

/** Whether `messageId` (a CDAR's MDT-4) is the id of one of the gateway's own 212s: the PA echoing it back. */
export async function isOwn212(db: Executor, messageId: string): Promise<boolean> {
  if (!isUuid(messageId)) return false;
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, messageId));
  return row !== undefined;
}
