/** Queries on submissions and idempotency keys. Every lookup is scoped to a tenant. */
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys, submissions } from '../../db/schema.ts';
import type { DocumentType } from '../documents.ts';
import { latestStatusColumn, withLatestStatus, type SubmissionWithStatus } from './latest-status.ts';

/** A submission without its body (lookups never need the body). */
export interface SubmissionRow {
  id: string;
  tenantId: string;
  documentType: DocumentType;
  saasId: string;
  number: string;
  processingState: 'received' | 'validated' | 'sent' | 'rejected';
  issueDate: string;
  originSubmissionId: string | null;
  precedingInvoiceNumber: string | null;
  precedingInvoiceDate: string | null;
  createdAt: Date;
}

export type NewSubmission = SubmissionRow & { body: string; bodySha256: string };

/** The columns of a `SubmissionRow`, for selects that join submissions. */
export const submissionColumns = {
  id: submissions.id,
  tenantId: submissions.tenantId,
  documentType: submissions.documentType,
  saasId: submissions.saasId,
  number: submissions.number,
  processingState: submissions.processingState,
  issueDate: submissions.issueDate,
  originSubmissionId: submissions.originSubmissionId,
  precedingInvoiceNumber: submissions.precedingInvoiceNumber,
  precedingInvoiceDate: submissions.precedingInvoiceDate,
  createdAt: submissions.createdAt,
};

/** The tenant's submission `id` (optionally only of `documentType`). */
export async function findSubmission(
  db: Executor,
  tenantId: string,
  id: string,
  documentType?: DocumentType,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select(submissionColumns)
    .from(submissions)
    .where(
      and(
        eq(submissions.id, id),
        eq(submissions.tenantId, tenantId),
        documentType ? eq(submissions.documentType, documentType) : undefined,
      ),
    );
  return row;
}

/** The tenant's invoice whose SaaS id is `saasId` (the origin of a credit note). */
export async function findInvoiceBySaasId(db: Executor, tenantId: string, saasId: string) {
  return findBy(db, tenantId, 'invoice', eq(submissions.saasId, saasId));
}

async function findBy(db: Executor, tenantId: string, documentType: DocumentType, condition: SQL) {
  const [row] = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.tenantId, tenantId), eq(submissions.documentType, documentType), condition));
  return row;
}

/** Filters and a keyset window for listing a tenant's submissions (ids are time-ordered). */
export interface ListQuery {
  documentType?: DocumentType;
  processingState?: SubmissionRow['processingState'];
  /** Only submissions created before the one with this id. */
  olderThan?: string;
  /** Only submissions created after the one with this id. */
  newerThan?: string;
  /** Oldest first instead of newest first (backward pagination). */
  oldestFirst?: boolean;
  limit: number;
}

/** A window of the tenant's submissions, each with its latest status (a page's rows would otherwise query it one by one). */
export async function listSubmissions(db: Executor, tenantId: string, query: ListQuery): Promise<SubmissionWithStatus[]> {
  const rows = await db
    .select({ ...submissionColumns, latestStatus: latestStatusColumn })
    .from(submissions)
    .where(
      and(
        eq(submissions.tenantId, tenantId),
        query.documentType ? eq(submissions.documentType, query.documentType) : undefined,
        query.processingState ? eq(submissions.processingState, query.processingState) : undefined,
        query.olderThan ? lt(submissions.id, query.olderThan) : undefined,
        query.newerThan ? gt(submissions.id, query.newerThan) : undefined,
      ),
    )
    .orderBy(query.oldestFirst ? asc(submissions.id) : desc(submissions.id))
    .limit(query.limit);
  return rows.map(withLatestStatus);
}

/** The number of submission `id`, whatever its tenant (for the platform connector). */
export async function submissionNumber(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ number: submissions.number }).from(submissions).where(eq(submissions.id, id));
  return row?.number;
}

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
