/**
 * Group commit of lifecycle statuses (see `src/db/group-commit.ts`): statuses
 * that arrive while a batch is in flight are recorded together by one
 * statement (`batch-statement.ts`). A batch whose tenants need no outbox
 * work is that statement alone, committed on its own: one round trip. One
 * that does (a tenant with webhook endpoints), or that found a submission
 * changed under it, runs again in a transaction on the keyed pool
 * (`db/keyed.ts`) that locks its submissions first and enqueues the sinks'
 * work (`EventSink.recorded`) before commit; a batch with a submission
 * already known to be such a tenant's goes to that transaction at once.
 */
import type { Db, Tx } from '../../db/client.ts';
import { groupCommit } from '../../db/group-commit.ts';
import { keyedTransaction } from '../../db/keyed.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { sqlState } from '../../db/sql-state.ts';
import type { CommittedEvent, EventSink } from '../events/types.ts';
import type { SubmissionRow } from '../submissions/read/index.ts';
import { recordBatch, type BatchItem, type BatchOutcome } from './batch-statement.ts';
import { findByEventId, lockSubmissions } from './recording-store.ts';
import type { LifecycleStatusRow } from './lifecycle-store.ts';

/** What became of one status. `events`: to hand to the sink's `committed` (already committed). */
export type Written =
  | { outcome: 'recorded'; status: LifecycleStatusRow; submission: SubmissionRow; events: CommittedEvent[] }
  | { outcome: 'duplicate'; status: LifecycleStatusRow; submission: SubmissionRow }
  /** The `event_id` was recorded for another submission. */
  | { outcome: 'reused' }
  | { outcome: 'unknown' };

interface Pending {
  item: BatchItem;
  sink: EventSink;
}

/** Submissions whose tenant is remembered (a submission never changes tenant), and how many recent tenants to try as cleared. */
const KNOWN_SUBMISSIONS = 10_000;
const RECENT_TENANTS = 8;

const writerFor = preparedPerDatabase((db) => {
  const tenantOf = new Map<string, string>();
  const recent = new Map<string, true>();

  function remember(batch: readonly Pending[], outcomes: readonly BatchOutcome[]): void {
    outcomes.forEach((outcome, index) => {
      const tenantId = 'tenantId' in outcome ? outcome.tenantId : 'submission' in outcome ? outcome.submission.tenantId : null;
      if (!tenantId) return;
      const submissionId = batch[index]!.item.submission_id;
      if (!tenantOf.has(submissionId)) {
        tenantOf.set(submissionId, tenantId);
        if (tenantOf.size > KNOWN_SUBMISSIONS) tenantOf.delete(tenantOf.keys().next().value!);
      }
      recent.delete(tenantId);
      recent.set(tenantId, true);
      if (recent.size > RECENT_TENANTS) recent.delete(recent.keys().next().value!);
    });
  }

  /** The batch's likely tenants for which no sink of the batch wants outbox work (asked as `submit` asks: before the write). */
  async function cleared(batch: readonly Pending[]): Promise<string[]> {
    const candidates = new Set(recent.keys());
    for (const { item } of batch) {
      const tenantId = tenantOf.get(item.submission_id);
      if (tenantId) candidates.add(tenantId);
    }
    const sinks = new Set(batch.map((pending) => pending.sink));
    const result: string[] = [];
    for (const tenantId of candidates) {
      let wanted = false;
      for (const sink of sinks) wanted ||= await sink.wantsOutbox(db, tenantId);
      if (!wanted) result.push(tenantId);
    }
    return result;
  }

  /** True when a submission of the batch is known to belong to a tenant not `clearedTenants`: the statement alone would only say `outbox`. */
  function knownToWantOutbox(batch: readonly Pending[], clearedTenants: readonly string[]): boolean {
    return batch.some(({ item }) => {
      const tenantId = tenantOf.get(item.submission_id);
      return tenantId !== undefined && !clearedTenants.includes(tenantId);
    });
  }

  async function write(batch: readonly Pending[]): Promise<Written[]> {
    const items = batch.map((pending) => pending.item);
    const clearedTenants = await cleared(batch);
    let outcomes: BatchOutcome[] | undefined;
    if (!knownToWantOutbox(batch, clearedTenants)) {
      outcomes = await recordBatch(db, items, clearedTenants);
      remember(batch, outcomes);
      // A tenant seen for the first time may need no outbox either: once more, now that it is known.
      if (outcomes.some((o) => o.outcome === 'outbox') && !outcomes.some((o) => o.outcome === 'stale')) {
        outcomes = await recordBatch(db, items, await cleared(batch));
      }
    }
    if (!outcomes || outcomes.some((o) => o.outcome === 'outbox' || o.outcome === 'stale')) {
      outcomes = await keyedTransaction(db, async (tx) => {
        await lockSubmissions(tx, [...new Set(items.map((item) => item.submission_id))]);
        const locked = await recordBatch(tx, items, null);
        if (locked.some((o) => o.outcome === 'outbox' || o.outcome === 'stale')) throw new Error('lifecycle batch changed under its locks');
        await runRecorded(tx, batch, locked);
        return locked;
      });
    }
    remember(batch, outcomes);
    return Promise.all(outcomes.map((outcome, index) => settle(db, batch[index]!.item, outcome)));
  }

  return groupCommit<Pending, Written>({
    maxBatch: 64,
    maxBatchWeight: 1024 * 1024,
    weigh: ({ item }) =>
      200 + item.event_id.length + (item.reason?.length ?? 0) + (item.reason_code?.length ?? 0) + (item.platform_label?.length ?? 0),
    // One batch at a time, as for submissions: a slow commit only makes the next batch bigger.
    maxInFlight: 1,
    writeBatch: write,
    writeOne: async (pending) => (await write([pending]))[0]!,
    rolledBack: (error) => sqlState(error) !== undefined,
  });
});

/** Hands each sink, in `tx`, the events of the statuses it recorded (one call per sink, in arrival order). */
async function runRecorded(tx: Tx, batch: readonly Pending[], outcomes: readonly BatchOutcome[]): Promise<void> {
  const bySink = new Map<EventSink, CommittedEvent[]>();
  outcomes.forEach((outcome, index) => {
    if (outcome.outcome !== 'recorded') return;
    const sink = batch[index]!.sink;
    bySink.set(sink, [...(bySink.get(sink) ?? []), ...eventsOf(outcome)]);
  });
  for (const [sink, events] of bySink) await sink.recorded(tx, events);
}

function eventsOf(outcome: Extract<BatchOutcome, { outcome: 'recorded' }>): CommittedEvent[] {
  const { submission } = outcome;
  const base = { tenantId: submission.tenantId, submissionId: submission.id, documentType: submission.documentType };
  const events: CommittedEvent[] = [{ ...base, id: outcome.statusEventId, type: 'lifecycle_status_added' }];
  if (outcome.stateEventId !== null) events.push({ ...base, id: outcome.stateEventId, type: 'processing_state_changed' });
  return events;
}

/** The caller's answer for one outcome; a status a concurrent writer recorded first is looked up (it is never changed). */
async function settle(db: Db, item: BatchItem, outcome: BatchOutcome): Promise<Written> {
  switch (outcome.outcome) {
    case 'recorded':
      return { outcome: 'recorded', status: outcome.status, submission: outcome.submission, events: eventsOf(outcome) };
    case 'duplicate':
      return outcome;
    case 'unresolved': {
      const existing = await findByEventId(db, item.event_id);
      if (!existing) throw new Error(`event_id ${item.event_id} conflicted with no visible status`);
      if (existing.submissionId !== outcome.submission.id) return { outcome: 'reused' };
      return { outcome: 'duplicate', status: existing, submission: outcome.submission };
    }
    case 'reused':
    case 'unknown':
      return { outcome: outcome.outcome };
    default:
      throw new Error(`lifecycle batch outcome ${outcome.outcome} after its retry`);
  }
}

/**
 * Records `item` with the next batch; `sink.recorded` runs in its
 * transaction when the sink wants outbox work for the submission's tenant.
 * @returns once committed (call `sink.committed` with `events` then).
 * @throws whatever the database or the sink throws.
 */
export function writeStatus(db: Db, sink: EventSink, item: BatchItem): Promise<Written> {
  return writerFor(db)({ item, sink });
}
