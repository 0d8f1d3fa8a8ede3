/**
 * The pipeline's claim: one statement takes a lease on up to `limit` due
 * `received` submissions of tenants that have a seller and returns
 * everything `processSubmission` needs (the row, its body, its origin's body
 * for a credit note, its seller's profile), so no document costs a query of
 * its own before it is processed.
 *
 * The queue is the submission row itself (an outbox written by the statement
 * that acknowledged it): a row is due while `pipeline_next_at` is null or
 * past. The lease moves it forward, so a worker that dies leaves its rows due
 * again once the lease runs out. `FOR UPDATE SKIP LOCKED` lets instances claim
 * side by side without waiting on each other, and a row another instance
 * leased meanwhile is re-checked under its lock (READ COMMITTED re-evaluates
 * the condition on the newest version), so it is never claimed twice. One
 * statement is one transaction: the lease and the read cannot part.
 *
 * The candidates are read per tenant with a seller (its default seller's row;
 * index `submissions_received_tenant_idx`, oldest first in each, then oldest
 * first overall): the received backlog of a tenant without a seller, which
 * waits for one, is never walked. A document always names its seller
 * (`seller_siren`) once its tenant has one. Twice `limit` candidates are read, so rows that
 * another instance is claiming at that moment (skipped) leave others to take.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { SellerProfile } from '../model/seller-profile.ts';
import type { SubmissionRow } from '../domain/submissions/read/index.ts';
import { rowsOf } from '../db/rows.ts';

/** A claimed submission with what processing it needs. */
export interface PipelineInput {
  submission: SubmissionRow;
  body: string;
  /** The original invoice's body, for a credit note (its buyer). */
  originBody: string | undefined;
  profile: SellerProfile;
}

function statement(limit: number, leaseMs: number) {
  return sql`
WITH candidates AS (
  SELECT c.id FROM sellers p CROSS JOIN LATERAL (
    SELECT s.id FROM submissions s
      WHERE s.tenant_id = p.tenant_id AND s.processing_state = 'received'
        AND (s.pipeline_next_at IS NULL OR s.pipeline_next_at <= now())
      ORDER BY s.id LIMIT ${limit * 2}::int
  ) c
  WHERE p.is_default
  ORDER BY c.id LIMIT ${limit * 2}::int
), due AS (
  SELECT s.id FROM submissions s
    WHERE s.id IN (SELECT id FROM candidates) AND s.processing_state = 'received'
      AND (s.pipeline_next_at IS NULL OR s.pipeline_next_at <= now())
    ORDER BY s.id LIMIT ${limit}::int
    FOR UPDATE OF s SKIP LOCKED
), claimed AS (
  UPDATE submissions s
    SET pipeline_next_at = now() + ${leaseMs}::int * interval '1 millisecond', pipeline_attempts = s.pipeline_attempts + 1
    FROM due WHERE s.id = due.id
    RETURNING s.id, s.tenant_id, s.document_type, s.saas_id, s.number, s.seller_siren, s.processing_state, s.issue_date, s.origin_submission_id,
      s.preceding_invoice_number, s.preceding_invoice_date, s.created_at, s.body
)
SELECT json_build_object('id', c.id, 'tenantId', c.tenant_id, 'documentType', c.document_type, 'saasId', c.saas_id,
    'number', c.number, 'sellerSiren', c.seller_siren, 'processingState', c.processing_state, 'issueDate', c.issue_date,
    'originSubmissionId', c.origin_submission_id, 'precedingInvoiceNumber', c.preceding_invoice_number,
    'precedingInvoiceDate', c.preceding_invoice_date, 'createdAt', c.created_at, 'profile', p.profile)::text AS r,
  c.body, o.body AS origin_body
FROM claimed c
  JOIN sellers p ON p.tenant_id = c.tenant_id AND p.siren = c.seller_siren
  LEFT JOIN submissions o ON o.id = c.origin_submission_id
ORDER BY c.id`;
}

type Parsed = Omit<SubmissionRow, 'createdAt'> & { createdAt: string; profile: SellerProfile };

/**
 * Claims up to `limit` due submissions for `leaseMs` (see the module
 * comment), oldest first. Runs on `db` outside any transaction: the statement
 * commits on return.
 * @returns the claimed inputs, in id (creation) order; empty when nothing is due.
 * @throws whatever the database throws (nothing was claimed then).
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number): Promise<PipelineInput[]> {
  const rows = rowsOf<{ r: string; body: string; origin_body: string | null }>(await db.execute(statement(limit, leaseMs)));
  return rows.map((row) => {
    const { profile, ...submission } = JSON.parse(row.r) as Parsed;
    return {
      submission: { ...submission, createdAt: new Date(submission.createdAt) },
      body: row.body,
      originBody: row.origin_body ?? undefined,
      profile,
    };
  });
}
