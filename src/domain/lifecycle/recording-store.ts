/** Queries used while recording a lifecycle status, inside its transaction. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lifecycleStatuses, submissions } from '../../db/schema.ts';
import { submissionColumns, type SubmissionRow } from '../submissions/store.ts';
import { LIFECYCLE_CODES } from './codes.ts';
import { statusColumns, type LifecycleStatusRow } from './store.ts';

const FINAL_CODES = LIFECYCLE_CODES.filter((entry) => entry.final).map((entry) => entry.code);

/** The submission `id` (any tenant: the platform reports for all), locked until the transaction ends. */
export async function lockSubmission(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select(submissionColumns).from(submissions).where(eq(submissions.id, id)).for('update');
  return row;
}

/** True when the submission already has a final status (210, 212 or 213). */
export async function hasFinalStatus(db: Executor, submissionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: lifecycleStatuses.id })
    .from(lifecycleStatuses)
    .where(and(eq(lifecycleStatuses.submissionId, submissionId), inArray(lifecycleStatuses.code, FINAL_CODES)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a status; undefined when its `event_id` was already recorded. */
export async function insertStatus(
  db: Executor,
  row: Omit<LifecycleStatusRow, 'id' | 'recordedAt'> & { eventId: string },
): Promise<LifecycleStatusRow | undefined> {
  const [inserted] = await db.insert(lifecycleStatuses).values(row).onConflictDoNothing().returning(statusColumns);
  return inserted;
}

export async function findByEventId(db: Executor, eventId: string): Promise<LifecycleStatusRow | undefined> {
  const [row] = await db.select(statusColumns).from(lifecycleStatuses).where(eq(lifecycleStatuses.eventId, eventId));
  return row;
}

export async function setProcessingState(db: Executor, id: string, state: SubmissionRow['processingState']): Promise<SubmissionRow> {
  const [row] = await db.update(submissions).set({ processingState: state }).where(eq(submissions.id, id)).returning(submissionColumns);
  return row!;
}
