/**
 * The pipeline's own small writes (worker.ts): the backoff of a transient failure and its claims as leased rows
 * (renewed while in hand, given back on shutdown: src/db/row-leases.ts). The claim is in `claim.ts`, the batched finish in
 * `finish.ts`; what the pipeline wrote is read through `src/domain/submissions/read/` (documents.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fromNow, type LeasedRows } from '../db/row-leases.ts';
import { submissions } from '../db/schema.ts';

/** The delay before attempt `attempts + 1`: 2 s doubling to 60 s, each between half and all of it (jittered). */
function backoffMs(attempts: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.min(attempts, 6)) * (0.5 + Math.random() / 2);
}

/**
 * Records the `attempt`-th transient failure in a row (`error` kept as its message): the row is due again after an
 * exponential backoff (a no-op once it left `received`).
 */
export async function postpone(db: Db, id: string, attempt: number, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(submissions)
    .set({ pipelineNextAt: fromNow(backoffMs(attempt)), pipelineLastError: message.slice(0, 500) })
    .where(and(eq(submissions.id, id), eq(submissions.processingState, 'received')));
}

/**
 * The pipeline's claims, as leased rows (src/db/row-leases.ts): `pipeline_next_at` of submissions still `received`,
 * given back on shutdown with row-leases.ts's `releaseRows`.
 */
export const RECEIVED_LEASES: LeasedRows = {
  table: submissions,
  id: submissions.id,
  dueAt: submissions.pipelineNextAt,
  held: eq(submissions.processingState, 'received'),
};
