/** Queries used while recording lifecycle statuses, besides the batch statement (`batch-statement.ts`). */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lifecycleStatuses, submissions } from '../../db/schema.ts';
import { statusColumns, type LifecycleStatusRow } from './lifecycle-store.ts';

/**
 * Locks the submissions `ids` (any tenant: the platform reports for all)
 * until the transaction ends, in id order as the batch statement does, so
 * the transaction's next statement reads them and their statuses as they are
 * once no one else can change them.
 */
export async function lockSubmissions(tx: Executor, ids: readonly string[]): Promise<void> {
  await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(inArray(submissions.id, [...ids]))
    .orderBy(asc(submissions.id))
    .for('update');
}

/** The status recorded under `eventId`, if any (statuses are never changed once recorded). */
export async function findByEventId(db: Executor, eventId: string): Promise<LifecycleStatusRow | undefined> {
  const [row] = await db.select(statusColumns).from(lifecycleStatuses).where(eq(lifecycleStatuses.eventId, eventId));
  return row;
}
