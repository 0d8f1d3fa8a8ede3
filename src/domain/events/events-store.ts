/** Queries on submission events. */
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { lifecycleStatuses, submissionEvents, submissions } from '../../db/schema.ts';
import type { DocumentType } from '../../model/documents.ts';
import { statusColumns, type LifecycleStatusRow } from '../lifecycle/lifecycle-store.ts';
import { submissionColumns, type SubmissionRow } from '../submissions/read/index.ts';
import type { CommittedEvent, EventSink, SubmissionEventType } from './types.ts';

type NewEvent = Parameters<typeof insertEvent>[1];

/** Records one event in the caller's transaction and lets `sink` enqueue its follow-up work there too. */
export async function recordEvent(tx: Executor, sink: EventSink, event: NewEvent): Promise<CommittedEvent> {
  const committed = await insertEvent(tx, event);
  await sink.recorded(tx, [committed]);
  return committed;
}

/** Inserts one event row in the caller's transaction. */
export async function insertEvent(
  db: Executor,
  event: {
    tenantId: string;
    submissionId: string;
    documentType: DocumentType;
    type: SubmissionEventType;
    lifecycleStatusId?: number;
    processingState?: SubmissionRow['processingState'];
  },
): Promise<CommittedEvent> {
  const [row] = await db
    .insert(submissionEvents)
    .values({
      tenantId: event.tenantId,
      submissionId: event.submissionId,
      type: event.type,
      lifecycleStatusId: event.lifecycleStatusId,
      processingState: event.processingState,
    })
    .returning({ id: submissionEvents.id });
  return { id: row!.id, type: event.type, tenantId: event.tenantId, submissionId: event.submissionId, documentType: event.documentType };
}

/** An event with what a subscriber sees of it. */
export interface EventView {
  id: number;
  type: SubmissionEventType;
  createdAt: Date;
  processingState: SubmissionRow['processingState'] | null;
  submission: SubmissionRow;
  lifecycleStatus: LifecycleStatusRow | null;
}

function views(db: Executor) {
  return db
    .select({
      id: submissionEvents.id,
      type: submissionEvents.type,
      createdAt: submissionEvents.createdAt,
      processingState: submissionEvents.processingState,
      submission: submissionColumns,
      lifecycleStatus: statusColumns,
    })
    .from(submissionEvents)
    .innerJoin(submissions, eq(submissions.id, submissionEvents.submissionId))
    .leftJoin(lifecycleStatuses, eq(lifecycleStatuses.id, submissionEvents.lifecycleStatusId));
}

// Run for every event a subscription or a webhook fan-out sees: prepared once per
// database, since drizzle otherwise rebuilds the two joins' column lists each time.
const statements = preparedPerDatabase((db) => ({
  view: views(db)
    .where(eq(submissionEvents.id, sql.placeholder('id')))
    .prepare('event_view'),
}));

/** One event with its submission and status, in one query. */
export async function loadEventView(db: Db, id: number): Promise<EventView | undefined> {
  const [row] = await statements(db).view.execute({ id });
  // Joined to its submission: a submission event (e-report events are e-report-events-store.ts's).
  return row as EventView | undefined;
}

/** Events after `afterId`, oldest first, at most `limit` (resync after a lost LISTEN connection). */
export async function eventsAfter(db: Executor, afterId: number, limit: number): Promise<CommittedEvent[]> {
  // Joined to their submissions: submission events only (e-report events: reportEventsAfter).
  return (await db
    .select({
      id: submissionEvents.id,
      type: submissionEvents.type,
      tenantId: submissionEvents.tenantId,
      submissionId: submissionEvents.submissionId,
      documentType: submissions.documentType,
    })
    .from(submissionEvents)
    .innerJoin(submissions, eq(submissions.id, submissionEvents.submissionId))
    .where(gt(submissionEvents.id, afterId))
    .orderBy(asc(submissionEvents.id))
    .limit(limit)) as CommittedEvent[];
}

/** The highest event id so far (0 when none). */
export async function lastEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: submissionEvents.id }).from(submissionEvents).orderBy(desc(submissionEvents.id)).limit(1);
  return row?.id ?? 0;
}
