/**
 * The write side's read of an Idempotency-Key: when a key was used with other
 * bytes, the service compares the stored document with the new one (`keyConflict`
 * in `submission-service.ts`).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys, submissions } from '../../db/schema.ts';
import { submissionColumns, type SubmissionRow } from './read/index.ts';

/** The submission an Idempotency-Key of the tenant points to, with its stored body. */
export async function findKeyedSubmission(
  db: Executor,
  tenantId: string,
  key: string,
): Promise<{ submission: SubmissionRow; body: string } | undefined> {
  const [row] = await db
    .select({ submission: submissionColumns, body: submissions.body })
    .from(idempotencyKeys)
    .innerJoin(submissions, eq(submissions.id, idempotencyKeys.submissionId))
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
  return row;
}
