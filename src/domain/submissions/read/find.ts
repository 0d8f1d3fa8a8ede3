/**
 * Single submissions without their status, for the write side (a row just
 * written or met as a duplicate, a credit note's origin invoice) and the
 * platform connector. Scoped to a tenant but for `submissionNumber`.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../../model/documents.ts';
import { buyerColumns, submissionColumns, type SubmissionRow } from './rows.ts';

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

/** The tenant's invoice whose SaaS id is `saasId` (the origin of a credit note), with its buyer (the credit note's). */
export async function findInvoiceBySaasId(db: Executor, tenantId: string, saasId: string) {
  return findBy(db, tenantId, 'invoice', eq(submissions.saasId, saasId));
}

async function findBy(db: Executor, tenantId: string, documentType: DocumentType, condition: SQL) {
  const [row] = await db
    .select({ ...submissionColumns, ...buyerColumns })
    .from(submissions)
    .where(and(eq(submissions.tenantId, tenantId), eq(submissions.documentType, documentType), condition));
  return row;
}

/** The number of submission `id`, whatever its tenant (for the platform connector). */
export async function submissionNumber(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ number: submissions.number }).from(submissions).where(eq(submissions.id, id));
  return row?.number;
}
