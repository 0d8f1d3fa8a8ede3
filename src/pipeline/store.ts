/**
 * The pipeline's queries. The queue is the submission row itself: a row in
 * `received` was written by the very statement that acknowledged it (the
 * outbox), so nothing acknowledged is lost, and a row leaves the queue in the
 * transaction that moves it to `validated` or `rejected`. A claim is a lease
 * (`pipeline_next_at` moved forward): a worker that dies leaves the row due
 * again once the lease runs out; `FOR UPDATE SKIP LOCKED` lets several
 * instances claim without waiting on each other (PostgreSQL; PGlite has one
 * connection).
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { sellerProfiles, submissionDocuments, submissions } from '../db/schema.ts';
import type { SellerProfile } from '../domain/seller-profile/profile.ts';
import { submissionColumns, type SubmissionRow } from '../domain/submissions/store.ts';

/** A claimed submission with what processing it needs. */
export interface PipelineInput {
  submission: SubmissionRow;
  body: string;
  /** The original invoice's body, for a credit note (its buyer). */
  originBody: string | undefined;
  profile: SellerProfile;
}

/** Claims up to `limit` due submissions of tenants that have a seller profile, for `leaseMs`. */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .innerJoin(sellerProfiles, eq(sellerProfiles.tenantId, submissions.tenantId))
      .where(
        and(
          eq(submissions.processingState, 'received'),
          or(isNull(submissions.pipelineNextAt), lte(submissions.pipelineNextAt, sql`now()`)),
        ),
      )
      .orderBy(submissions.id)
      .limit(limit)
      .for('update', { of: submissions, skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx
      .update(submissions)
      .set({
        pipelineNextAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        pipelineAttempts: sql`${submissions.pipelineAttempts} + 1`,
      })
      .where(inArray(submissions.id, ids));
    return ids;
  });
}

/** The submission `id` with its body, its origin's body and its tenant's profile; undefined when gone or no longer due. */
export async function loadInput(db: Executor, id: string): Promise<PipelineInput | undefined> {
  const [row] = await db
    .select({ submission: submissionColumns, body: submissions.body, profile: sellerProfiles.profile })
    .from(submissions)
    .innerJoin(sellerProfiles, eq(sellerProfiles.tenantId, submissions.tenantId))
    .where(and(eq(submissions.id, id), eq(submissions.processingState, 'received')));
  if (!row) return undefined;
  let originBody: string | undefined;
  if (row.submission.originSubmissionId) {
    const [origin] = await db
      .select({ body: submissions.body })
      .from(submissions)
      .where(eq(submissions.id, row.submission.originSubmissionId));
    originBody = origin?.body;
  }
  return { submission: row.submission, body: row.body, originBody, profile: row.profile as SellerProfile };
}

/** A rejection record (interface: `rejection` of the submission record). */
export interface Rejection {
  source: 'validation' | 'platform';
  errors: Array<{ rule: string; message: string; path?: string; profile_path?: string; location?: string }>;
}

/** The documents of a processed submission. */
export interface GeneratedDocuments {
  ubl: string;
  cii: string;
  processingRule: string;
  /** BT-30 as written (the join key of the PA's status messages with BT-1). */
  sellerSiren: string | null;
  warnings: Array<{ rule: string; message: string; location: string }>;
}

/**
 * Moves `id` from `received` to `state` with its documents (when generated)
 * and rejection; false when it was no longer `received` (another worker
 * finished it first), in which case nothing is written.
 */
export async function finish(
  tx: Executor,
  id: string,
  tenantId: string,
  state: 'validated' | 'rejected',
  documents: GeneratedDocuments | undefined,
  rejection: Rejection | undefined,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .update(submissions)
    .set({ processingState: state, rejection: rejection ?? null, pipelineNextAt: null, pipelineLastError: null })
    .where(and(eq(submissions.id, id), eq(submissions.processingState, 'received')))
    .returning(submissionColumns);
  if (!row) return undefined;
  if (documents) {
    await tx
      .insert(submissionDocuments)
      .values({ submissionId: id, tenantId, ...documents })
      .onConflictDoNothing();
  }
  return row;
}

/** Records a transient failure: the row is due again after `delayMs`. */
export async function postpone(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(submissions)
    .set({ pipelineNextAt: sql`now() + ${delayMs} * interval '1 millisecond'`, pipelineLastError: error.slice(0, 500) })
    .where(and(eq(submissions.id, id), eq(submissions.processingState, 'received')));
}

/** The generated document of `syntax` for a submission of `tenantId`, or undefined before it exists. */
export async function findDocument(
  db: Executor,
  tenantId: string,
  submissionId: string,
  syntax: 'ubl' | 'cii',
): Promise<string | undefined> {
  const [row] = await db
    .select({ xml: syntax === 'ubl' ? submissionDocuments.ubl : submissionDocuments.cii })
    .from(submissionDocuments)
    .where(and(eq(submissionDocuments.tenantId, tenantId), eq(submissionDocuments.submissionId, submissionId)));
  return row?.xml;
}

/** What the pipeline decided about a tenant's submission beside its documents: the French processing rule and the artefacts' warnings; undefined before it ran. */
export async function findValidation(
  db: Executor,
  tenantId: string,
  submissionId: string,
): Promise<{ processingRule: string; warnings: GeneratedDocuments['warnings'] } | undefined> {
  const [row] = await db
    .select({ processingRule: submissionDocuments.processingRule, warnings: submissionDocuments.warnings })
    .from(submissionDocuments)
    .where(and(eq(submissionDocuments.tenantId, tenantId), eq(submissionDocuments.submissionId, submissionId)));
  return row && { processingRule: row.processingRule, warnings: row.warnings as GeneratedDocuments['warnings'] };
}

/** The rejection record of a tenant's submission (null unless rejected). */
export async function findRejection(db: Executor, tenantId: string, submissionId: string): Promise<Rejection | null> {
  const [row] = await db
    .select({ rejection: submissions.rejection })
    .from(submissions)
    .where(and(eq(submissions.tenantId, tenantId), eq(submissions.id, submissionId)));
  return (row?.rejection as Rejection | null | undefined) ?? null;
}
