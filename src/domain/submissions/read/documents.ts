// Reads of what the pipeline and the platform wrote on a submission (rejection, generated documents, warnings): the resolvers of GeneratedDocument and Submission.rejection.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { submissionDocuments, submissions } from '../../../db/schema.ts';

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
  /** Why it got that processing rule (the buyer's identifiers, the directory's answer). */
  processingRuleReason: string | null;
  /** BT-30 as written (the join key of the PA's status messages with BT-1). */
  sellerSiren: string | null;
  warnings: Array<{ rule: string; message: string; location: string }>;
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
): Promise<Pick<GeneratedDocuments, 'processingRule' | 'processingRuleReason' | 'warnings'> | undefined> {
  const [row] = await db
    .select({
      processingRule: submissionDocuments.processingRule,
      processingRuleReason: submissionDocuments.processingRuleReason,
      warnings: submissionDocuments.warnings,
    })
    .from(submissionDocuments)
    .where(and(eq(submissionDocuments.tenantId, tenantId), eq(submissionDocuments.submissionId, submissionId)));
  return row && { ...row, warnings: row.warnings as GeneratedDocuments['warnings'] };
}

/** The rejection record of a tenant's submission (null unless rejected). */
export async function findRejection(db: Executor, tenantId: string, submissionId: string): Promise<Rejection | null> {
  const [row] = await db
    .select({ rejection: submissions.rejection })
    .from(submissions)
    .where(and(eq(submissions.tenantId, tenantId), eq(submissions.id, submissionId)));
  return (row?.rejection as Rejection | null | undefined) ?? null;
}
