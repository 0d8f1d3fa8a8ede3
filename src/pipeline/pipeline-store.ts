/**
 * The pipeline's own small writes (worker.ts): the backoff of a transient failure and the release of a lease on
 * shutdown. The claim is in `claim.ts`, the batched finish in `finish.ts`; what the pipeline wrote is read through
 * `src/domain/submissions/read/` (documents.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { submissions } from '../db/schema.ts';

/** Records a transient failure: the row is due again after `delayMs` (a no-op once it left `received`). */
export async function postpone(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(submissions)
    .set({ pipelineNextAt: sql`now() + ${delayMs} * interval '1 millisecond'`, pipelineLastError: error.slice(0, 500) })
    .where(and(eq(submissions.id, id), eq(submissions.processingState, 'received')));
}

/**
 * Gives back the lease on claimed rows that were not processed (a stopping
 * worker): they are due again at once, for this instance after a restart or
 * another one, instead of when the lease runs out.
 */
export async function release(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(submissions)
    .set({ pipelineNextAt: null })
    .where(and(inArray(submissions.id, [...ids]), eq(submissions.processingState, 'received')));
}
