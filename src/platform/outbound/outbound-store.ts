/**
 * The sending stage's queue queries (`validated → sent`). Like the validation
 * stage (src/pipeline/claim.ts), the queue is the submission row itself: a
 * `validated` row is due when `pipeline_next_at` is null or past (partial index
 * `submissions_validated_idx`). A claim is a lease (`pipeline_next_at` moved
 * forward) taken with `FOR UPDATE SKIP LOCKED`, so several instances share the
 * work and a dead instance's rows come back once the lease runs out. What was
 * sent, and each attempt's outcome, is kept in `platform_flows`.
 */
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { claimRows, fromNow, type LeasedRows, postponeRow } from '../../db/row-leases.ts';
import { type payments, platformFlows, submissionDocuments, submissions } from '../../db/schema.ts';
import type { DocumentType } from '../../model/documents.ts';

/** The `platform_flows` row of a submission. */
export type PlatformFlowRow = typeof platformFlows.$inferSelect;

/** A claimed submission with what sending it needs. */
export interface SendingInput {
  submission: { id: string; tenantId: string; number: string; documentType: DocumentType };
  /** The generated documents; undefined only if the row was validated without them (never by the pipeline). */
  document: { ubl: string; processingRule: string; sellerSiren: string | null } | undefined;
  /** What earlier attempts left; undefined before the first. */
  flow: PlatformFlowRow | undefined;
}

/** Claims up to `limit` due `validated` submissions for `leaseMs` (ids, oldest first). */
export async function claimValidated(db: Db, limit: number, leaseMs: number): Promise<string[]> {
  return claimRows(db, VALIDATED_LEASES, leaseMs, (tx) =>
    tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(
          eq(submissions.processingState, 'validated'),
          or(isNull(submissions.pipelineNextAt), lte(submissions.pipelineNextAt, sql`now()`)),
        ),
      )
      .orderBy(submissions.id)
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
}

/**
 * The sender's claims, as leased rows (src/db/row-leases.ts): `pipeline_next_at` of submissions still `validated`;
 * claimed, postponed and given back on shutdown with row-leases.ts's `claimRows`, `postponeRow` and `releaseRows`.
 */
export const VALIDATED_LEASES: LeasedRows = {
  table: submissions,
  id: submissions.id,
  dueAt: submissions.pipelineNextAt,
  held: eq(submissions.processingState, 'validated'),
};

/** The submission `id` with its documents and flow row; undefined when gone or no longer `validated`. */
export async function loadSending(db: Executor, id: string): Promise<SendingInput | undefined> {
  const [row] = await db
    .select({
      submission: {
        id: submissions.id,
        tenantId: submissions.tenantId,
        number: submissions.number,
        documentType: submissions.documentType,
      },
      ubl: submissionDocuments.ubl,
      processingRule: submissionDocuments.processingRule,
      sellerSiren: submissionDocuments.sellerSiren,
    })
    .from(submissions)
    .leftJoin(submissionDocuments, eq(submissionDocuments.submissionId, submissions.id))
    .where(and(eq(submissions.id, id), eq(submissions.processingState, 'validated')));
  if (!row) return undefined;
  const [flow] = await db.select().from(platformFlows).where(eq(platformFlows.submissionId, id));
  const document =
    row.ubl === null || row.processingRule === null
      ? undefined
      : { ubl: row.ubl, processingRule: row.processingRule, sellerSiren: row.sellerSiren };
  return { submission: row.submission, document, flow };
}

/**
 * Records that a createFlow is about to be sent, committed before the request: `attempts + 1`,
 * `outcome_unknown = true` (a crash during the request then leads to a search by trackingId, never a blind
 * second send), and the lease renewed for `leaseMs`. Returns the attempt's number, or undefined when the
 * submission is no longer `validated` (nothing written).
 */
export async function beginAttempt(
  db: Db,
  input: { submissionId: string; tenantId: string; invoiceNumber: string; sellerSiren: string },
  leaseMs: number,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [leased] = await tx
      .update(submissions)
      .set({ pipelineNextAt: fromNow(leaseMs) })
      .where(and(eq(submissions.id, input.submissionId), eq(submissions.processingState, 'validated')))
      .returning({ id: submissions.id });
    if (!leased) return undefined;
    const [row] = await tx
      .insert(platformFlows)
      .values({ ...input, attempts: 1, outcomeUnknown: true, attemptStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: platformFlows.submissionId,
        set: {
          invoiceNumber: input.invoiceNumber,
          sellerSiren: input.sellerSiren,
          attempts: sql`${platformFlows.attempts} + 1`,
          outcomeUnknown: true,
          attemptStartedAt: sql`now()`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ attempts: platformFlows.attempts });
    return row!.attempts;
  });
}

/** A failed attempt or search: its error text, whether a createFlow may have reached the PA, the delay before the next. */
export interface AttemptFailure {
  outcomeUnknown: boolean;
  error: string;
  delayMs: number;
}

/**
 * Records a failed attempt (or a failed search) and postpones the row by `delayMs`: `last_error` (no secrets:
 * the client's error texts never carry any) and `outcome_unknown` (true when a createFlow may have reached the PA).
 */
export async function recordFailure(db: Db, submissionId: string, failure: AttemptFailure): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(platformFlows)
      .set({ outcomeUnknown: failure.outcomeUnknown, lastError: failure.error.slice(0, 500), updatedAt: sql`now()` })
      .where(eq(platformFlows.submissionId, submissionId));
    await postponeRow(tx, VALIDATED_LEASES, submissionId, failure.delayMs);
  });
}

/**
 * Milliseconds since the latest createFlow attempt of the row of `table` (flow rows, 212 payments) that meets `where`
 * began, by the database's clock (one clock for every instance); for a row older than the column, since its last
 * update; infinity without a row.
 */
export async function msSinceStarted(db: Executor, table: typeof platformFlows | typeof payments, where: SQL): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`(extract(epoch FROM clock_timestamp() - coalesce(${table.attemptStartedAt}, ${table.updatedAt})) * 1000)::float8`,
    })
    .from(table)
    .where(where);
  return row ? Number(row.ms) : Number.POSITIVE_INFINITY;
}

/** Milliseconds since `submissionId`'s latest createFlow attempt began (`msSinceStarted`). */
export const msSinceAttempt = (db: Executor, submissionId: string) =>
  msSinceStarted(db, platformFlows, eq(platformFlows.submissionId, submissionId));
