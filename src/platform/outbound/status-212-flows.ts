/**
 * What the PA says of a 212 Encaissée's flow, recorded (status-212-send.ts, the sender's acknowledgement round in
 * status-212-sender.ts, and the status poller's echo check in inbound/flow.ts). Once the PA holds the flow, in one
 * transaction: the flowId, the state `sent` (or `acknowledged` / `rejected` by its acknowledgement), and the seller's
 * 212 in the invoice's lifecycle history (`source` seller) with its `lifecycle_status_added` event, once.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { lifecycleStatuses, payments, submissions } from '../../db/schema.ts';
import { recordEvent } from '../../domain/events/events-store.ts';
import type { CommittedEvent, EventSink } from '../../domain/events/types.ts';
import { isUuid } from '../../domain/ids.ts';
import type { FlowAckStatus } from '../afnor/types.ts';
import { detailErrors, type FlowFacts, keptAcknowledgement, sameFlow } from './outcome.ts';

/** The event id of the seller's 212 of payment `paymentId` in `lifecycle_statuses` (one per payment). */
const sellerStatusEventId = (paymentId: string) => `seller-212:${paymentId}`;

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
    if (!row || !sameFlow(row, flow)) return { matched: false };
    const { status: ack, details } = keptAcknowledgement(row, flow);
    // A state the row already left (rejected before sending) stays.
    const state = row.state === 'pending' || row.state === 'sent' ? stateOf(ack) : row.state;
    const errors = state === 'rejected' && row.state !== 'rejected' ? detailErrors(details ?? []) : row.ackDetails;
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

/** Whether `messageId` (a CDAR's MDT-4) is the id of one of the gateway's own 212s: the PA echoing it back. */
export async function isOwn212(db: Executor, messageId: string): Promise<boolean> {
  if (!isUuid(messageId)) return false;
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, messageId));
  return row !== undefined;
}
