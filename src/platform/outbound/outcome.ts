/**
 * What the sending stage commits: a flow the PA holds (from createFlow's 202,
 * a search by trackingId, or a later acknowledgement) moves the submission
 * `validated → sent`, or `→ rejected` when the PA acknowledged it `Error`; a
 * createFlow the PA refused moves it `validated → rejected`. Each move and
 * its `processing_state_changed` event are written in one transaction, and
 * the events handed to the sink after commit (as src/pipeline/worker.ts does).
 * Every move is guarded by the state it leaves, so replaying the same flow
 * changes nothing the second time.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { platformFlows, submissions } from '../../db/schema.ts';
import { recordEvent } from '../../domain/events/events-store.ts';
import type { CommittedEvent, EventSink } from '../../domain/events/types.ts';
import { isUuid } from '../../domain/ids.ts';
import type { Rejection } from '../../domain/submissions/read/index.ts';
import type { AcknowledgementDetail, FlowAckStatus } from '../afnor/types.ts';
import type { PlatformFlowRow } from './outbound-store.ts';

type State = 'validated' | 'sent' | 'rejected';

/** What the gateway keeps of a PA Flow (schema Flow / FullFlowInfo, AFNOR XP Z12-013 1.1.0). */
export interface FlowFacts {
  flowId: string;
  submittedAt?: string;
  trackingId?: string;
  acknowledgement?: { status: FlowAckStatus; details?: AcknowledgementDetail[] };
}

/** How a flow was matched with a submission's `platform_flows` row. */
export type FlowMatch = { submissionId: string } | { flowId: string; trackingId?: string };

/** What applying a flow did. */
export type Applied = { matched: false } | { matched: true; state: State | undefined; ack: FlowAckStatus };

/**
 * Moves `submissionId` from one of `from` to `to` and records its event in `tx`; undefined (nothing written)
 * when the submission was in none of `from`. Clears the lease; `rejection` goes with `rejected`.
 */
export async function transition(
  tx: Tx,
  events: EventSink,
  submissionId: string,
  from: State[],
  to: State,
  rejection?: Rejection,
): Promise<CommittedEvent | undefined> {
  const [row] = await tx
    .update(submissions)
    .set({ processingState: to, pipelineNextAt: null, ...(rejection ? { rejection } : {}) })
    .where(and(eq(submissions.id, submissionId), inArray(submissions.processingState, from)))
    .returning({ tenantId: submissions.tenantId, documentType: submissions.documentType });
  if (!row) return undefined;
  return recordEvent(tx, events, { ...row, submissionId, type: 'processing_state_changed', processingState: to });
}

/** The rejection record of a flow acknowledged `Error`: one error per AcknowledgementDetail (reasonCode, reasonMessage, item). */
export function ackRejection(details: AcknowledgementDetail[]): Rejection {
  const errors = detailErrors(details);
  // A PA may say Error without details: the rejection still names its source.
  if (errors.length === 0) errors.push({ rule: 'ACK-Error', message: 'The platform acknowledged the flow with Error, without details' });
  return { source: 'platform', errors };
}

/** One rejection error per AcknowledgementDetail: its reasonCode, reasonMessage and item (as `location`, when given). */
export function detailErrors(details: AcknowledgementDetail[]): Rejection['errors'] {
  return details.map((d) => ({ rule: d.reasonCode, message: d.reasonMessage, ...(d.item ? { location: d.item } : {}) }));
}

/** The acknowledgement of an untrusted Flow (a PA's answer or a callback), reduced to known statuses and string fields. */
export function readAcknowledgement(flow: FlowFacts): { status: FlowAckStatus; details: AcknowledgementDetail[] | null } {
  const raw = flow.acknowledgement;
  const status: FlowAckStatus = raw?.status === 'Ok' || raw?.status === 'Error' ? raw.status : 'Pending';
  if (!Array.isArray(raw?.details)) return { status, details: null };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const details = raw.details
    .filter((d) => d !== null && typeof d === 'object')
    .map((d) => ({
      level: d.level === 'Warning' ? ('Warning' as const) : ('Error' as const),
      item: text(d.item),
      reasonCode: text(d.reasonCode) || 'Unknown',
      reasonMessage: text(d.reasonMessage),
    }));
  return { status, details };
}

/** The row as the PA's flow matches it: false when the row already holds another flowId (a duplicate flow). */
export const sameFlow = (row: { flowId: string | null }, flow: FlowFacts) => row.flowId === null || row.flowId === flow.flowId;

/**
 * The acknowledgement to record on a row: its own once final (Ok or Error, never overwritten by an older Pending),
 * else the flow's.
 */
export function keptAcknowledgement(
  row: { ackStatus: string | null; ackDetails: unknown },
  flow: FlowFacts,
): { status: FlowAckStatus; details: AcknowledgementDetail[] | null } {
  const final = row.ackStatus === 'Ok' || row.ackStatus === 'Error';
  return final
    ? { status: row.ackStatus as FlowAckStatus, details: row.ackDetails as AcknowledgementDetail[] | null }
    : readAcknowledgement(flow);
}

async function lockRow(tx: Tx, where: SQL): Promise<PlatformFlowRow | undefined> {
  const [row] = await tx.select().from(platformFlows).where(where).for('update');
  return row;
}

/**
 * The row a flow belongs to: by submission (the sender knows it), else by flowId, else by trackingId while that
 * submission's createFlow is in flight or lost (no flowId yet, outcome unknown), so an acknowledgement seen before
 * the 202 was committed is not skipped by the cursor. Never another connection's flow: the flowId must be ours.
 */
async function findRow(tx: Tx, match: FlowMatch): Promise<PlatformFlowRow | undefined> {
  if ('submissionId' in match) return lockRow(tx, eq(platformFlows.submissionId, match.submissionId));
  const byFlowId = await lockRow(tx, eq(platformFlows.flowId, match.flowId));
  if (byFlowId || !match.trackingId || !isUuid(match.trackingId)) return byFlowId;
  const row = await lockRow(tx, eq(platformFlows.submissionId, match.trackingId));
  return row && row.flowId === null && row.outcomeUnknown ? row : undefined;
}

/**
 * Records what the PA says of a flow and moves its submission: acknowledgement `Error` → `rejected` (from
 * `validated` or `sent`) with the details; otherwise `validated → sent`. An acknowledgement already final (Ok or
 * Error) is never overwritten by an older Pending. A flow whose flowId differs from the one recorded (a duplicate)
 * is not matched. One transaction; its events go to the sink after commit.
 */
export async function applyFlow(db: Db, events: EventSink, match: FlowMatch, flow: FlowFacts): Promise<Applied> {
  const committed: CommittedEvent[] = [];
  const applied = await db.transaction(async (tx): Promise<Applied> => {
    const row = await findRow(tx, match);
    if (!row || !sameFlow(row, flow)) return { matched: false };
    const { status: ack, details } = keptAcknowledgement(row, flow);
    const change = {
      flowId: flow.flowId,
      submittedAt: row.submittedAt ?? flow.submittedAt ?? null,
      ackStatus: ack,
      ackDetails: details,
      outcomeUnknown: false,
      lastError: null,
    };
    if (differs(row, change)) await updateRow(tx, row.submissionId, change);
    const event =
      ack === 'Error'
        ? await transition(tx, events, row.submissionId, ['validated', 'sent'], 'rejected', ackRejection(details ?? []))
        : await transition(tx, events, row.submissionId, ['validated'], 'sent');
    if (event) committed.push(event);
    return { matched: true, state: event ? (ack === 'Error' ? 'rejected' : 'sent') : undefined, ack };
  });
  if (committed.length > 0) events.committed(committed);
  return applied;
}

function differs(row: PlatformFlowRow, change: Partial<PlatformFlowRow>): boolean {
  return Object.entries(change).some(([key, value]) => JSON.stringify(row[key as keyof PlatformFlowRow]) !== JSON.stringify(value));
}

async function updateRow(db: Executor, submissionId: string, change: Partial<PlatformFlowRow>): Promise<void> {
  await db
    .update(platformFlows)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(platformFlows.submissionId, submissionId));
}

/**
 * The PA refused the createFlow for good (a `definitive` failure): in one transaction the flow row keeps the error
 * (`outcome_unknown` false: nothing was created) and the submission goes `validated → rejected` with `rejection`.
 * False when it was no longer `validated`.
 */
export async function rejectRefused(
  db: Db,
  events: EventSink,
  submissionId: string,
  rejection: Rejection,
  error: string,
): Promise<boolean> {
  const event = await db.transaction(async (tx) => {
    await updateRow(tx, submissionId, { outcomeUnknown: false, lastError: error.slice(0, 500) });
    return transition(tx, events, submissionId, ['validated'], 'rejected', rejection);
  });
  if (event) events.committed([event]);
  return event !== undefined;
}
