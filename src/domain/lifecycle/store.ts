/** Queries on the lifecycle status audit trail (append-only). */
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lifecycleStatuses } from '../../db/schema.ts';

/** One lifecycle status entry as stored. */
export interface LifecycleStatusRow {
  id: number;
  submissionId: string;
  code: number;
  occurredAt: Date;
  reason: string | null;
  reasonCode: string | null;
  /** AFTER_FINAL_STATUS, REASON_MISSING, TO_BE_VERIFIED: set on arrival. */
  flags: string[];
  recordedAt: Date;
}

/** The columns of a `LifecycleStatusRow`, for selects that join statuses. */
export const statusColumns = {
  id: lifecycleStatuses.id,
  submissionId: lifecycleStatuses.submissionId,
  code: lifecycleStatuses.code,
  occurredAt: lifecycleStatuses.occurredAt,
  reason: lifecycleStatuses.reason,
  reasonCode: lifecycleStatuses.reasonCode,
  flags: lifecycleStatuses.flags,
  recordedAt: lifecycleStatuses.recordedAt,
};

/** The full history of a submission, oldest first (by `occurred_at`, ties by arrival). */
export async function statusHistory(db: Executor, submissionId: string): Promise<LifecycleStatusRow[]> {
  return db
    .select(statusColumns)
    .from(lifecycleStatuses)
    .where(eq(lifecycleStatuses.submissionId, submissionId))
    .orderBy(asc(lifecycleStatuses.occurredAt), asc(lifecycleStatuses.id));
}

/** The latest status of a submission, or undefined before the PA reported anything. */
export async function latestStatus(db: Executor, submissionId: string): Promise<LifecycleStatusRow | undefined> {
  const [row] = await db
    .select(statusColumns)
    .from(lifecycleStatuses)
    .where(eq(lifecycleStatuses.submissionId, submissionId))
    .orderBy(desc(lifecycleStatuses.occurredAt), desc(lifecycleStatuses.id))
    .limit(1);
  return row;
}
