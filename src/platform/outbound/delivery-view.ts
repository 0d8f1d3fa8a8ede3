// The read of a submission's delivery to the PA (GraphQL `Submission.platformDelivery`), exported by the platform's face.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { platformFlows, submissions } from '../../db/schema.ts';

/** What the client sees of a submission's delivery to the PA (GraphQL `Submission.platformDelivery`). */
export interface DeliveryView {
  flowId: string | null;
  /** The PA's submittedAt, as it wrote it. */
  submittedAt: string | null;
  ackStatus: string | null;
  ackDetails: unknown;
  attempts: number;
  lastError: string | null;
  /** When the next attempt is due (or the current attempt's lease ends), while the submission is `validated`. */
  nextAttemptAt: Date | null;
}

/** The delivery of a tenant's submission; undefined before the first attempt (or for another tenant's id). */
export async function findDelivery(db: Executor, tenantId: string, submissionId: string): Promise<DeliveryView | undefined> {
  const [row] = await db
    .select({
      flowId: platformFlows.flowId,
      submittedAt: platformFlows.submittedAt,
      ackStatus: platformFlows.ackStatus,
      ackDetails: platformFlows.ackDetails,
      attempts: platformFlows.attempts,
      lastError: platformFlows.lastError,
      processingState: submissions.processingState,
      pipelineNextAt: submissions.pipelineNextAt,
    })
    .from(platformFlows)
    .innerJoin(submissions, and(eq(submissions.id, platformFlows.submissionId), eq(submissions.tenantId, platformFlows.tenantId)))
    .where(and(eq(platformFlows.tenantId, tenantId), eq(platformFlows.submissionId, submissionId)));
  if (!row) return undefined;
  const { processingState, pipelineNextAt, ...view } = row;
  return { ...view, nextAttemptAt: processingState === 'validated' ? pipelineNextAt : null };
}
