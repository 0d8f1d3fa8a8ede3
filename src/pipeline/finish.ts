/**
 * The pipeline's finish, set-based: one statement moves a batch of processed
 * submissions from `received` to `validated` or `rejected` with their
 * rejections, inserts their generated documents and one
 * `processing_state_changed` event each (ids in batch order), exactly as the
 * same outcomes finished one after the other would. A submission that is no
 * longer `received` when its lock is granted (another worker finished it
 * first, or a 213 status rejected it) is left alone: no document, no event.
 *
 * The rows are locked in id order, as the lifecycle batch locks them, so two
 * batches never wait on each other in a cycle. Each UBL and CII travels as a
 * parameter of its own (a `VALUES` row), so the documents are neither
 * escaped (as inside JSON) nor copied into one joined string first (the
 * writers' strings are ropes: joining 64 of them cost about 50 µs a
 * document). The statement's text depends on how many documents the batch
 * holds, so each connection prepares at most 64 variants.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { CommittedEvent } from '../domain/events/types.ts';
import type { SubmissionRow } from '../domain/submissions/read/index.ts';
import type { Outcome } from './process.ts';
import { rowsOf } from '../db/rows.ts';

/** One processed submission to finish. */
export interface FinishItem {
  submission: Pick<SubmissionRow, 'id' | 'tenantId' | 'documentType'>;
  outcome: Outcome;
  /** Validated but not for the PA's sender: an e-reported document (B2C, B2BInt) without `B2C_INVOICE_FLOWS`. */
  held?: boolean;
}

const NO_DOCUMENTS = sql`SELECT NULL::int AS n, NULL::text AS ubl, NULL::text AS cii WHERE false`;

const STATEMENT = (items: string, documents: SQL) => sql`
WITH i AS MATERIALIZED (
  SELECT t.* FROM ROWS FROM (json_to_recordset(${items}::json) AS (id uuid, state processing_state, rejection jsonb,
      processing_rule text, processing_rule_reason text, seller_siren text, warnings jsonb, held boolean))
    WITH ORDINALITY AS t(id, state, rejection, processing_rule, processing_rule_reason, seller_siren, warnings, held, n)
), x AS MATERIALIZED (
  -- The documents, by item number (n); an item without documents (rejected before mapping) has no row.
  ${documents}
), f AS MATERIALIZED (
  -- A submission twice in one batch (a lease that ran out mid-processing): its first outcome only.
  SELECT DISTINCT ON (id) * FROM i ORDER BY id, n
), locked AS MATERIALIZED (
  SELECT s.id FROM submissions s
    WHERE s.id = ANY (ARRAY(SELECT id FROM f)) AND s.processing_state = 'received' ORDER BY s.id FOR UPDATE
), done AS MATERIALIZED (
  UPDATE submissions s
    SET processing_state = f.state, rejection = f.rejection, pipeline_last_error = NULL,
      -- A document e-reported instead of sent (held) is never due for the sender.
      pipeline_next_at = CASE WHEN f.held THEN 'infinity'::timestamptz END
    FROM f WHERE s.id = f.id AND s.id IN (SELECT id FROM locked) AND s.processing_state = 'received'
    RETURNING s.id, s.tenant_id, f.n, f.state, f.processing_rule, f.processing_rule_reason, f.seller_siren, f.warnings
), docs AS (
  INSERT INTO submission_documents (submission_id, tenant_id, ubl, cii, processing_rule, processing_rule_reason, seller_siren, warnings)
    SELECT d.id, d.tenant_id, x.ubl, x.cii, d.processing_rule, d.processing_rule_reason, d.seller_siren, d.warnings
      FROM done d JOIN x ON x.n = d.n ORDER BY d.n
    ON CONFLICT DO NOTHING
), ev AS (
  INSERT INTO submission_events (tenant_id, submission_id, type, processing_state)
    SELECT d.tenant_id, d.id, 'processing_state_changed', d.state FROM done d ORDER BY d.n
    RETURNING id, submission_id
)
SELECT d.n, ev.id::text AS event_id FROM ev JOIN done d ON d.id = ev.submission_id ORDER BY d.n`;

/**
 * Finishes `items` on `tx` (see the module comment).
 * @returns per item, in order: its `processing_state_changed` event, or
 *   undefined when it was no longer `received` (nothing was written for it).
 * @throws whatever the database throws (the statement then wrote nothing).
 */
export async function finishBatch(tx: Executor, items: readonly FinishItem[]): Promise<Array<CommittedEvent | undefined>> {
  const documents: SQL[] = [];
  const rows = items.map(({ submission, outcome, held }, index) => {
    const generated = outcome.documents;
    if (generated) documents.push(sql`(${index + 1}::int, ${generated.ubl}::text, ${generated.cii}::text)`);
    return {
      id: submission.id,
      state: outcome.state,
      rejection: outcome.state === 'rejected' ? outcome.rejection : null,
      processing_rule: generated?.processingRule ?? null,
      processing_rule_reason: generated?.processingRuleReason ?? null,
      seller_siren: generated?.sellerSiren ?? null,
      warnings: generated?.warnings ?? null,
      held: held === true,
    };
  });
  const values = documents.length > 0 ? sql`SELECT * FROM (VALUES ${sql.join(documents, sql`, `)}) AS x(n, ubl, cii)` : NO_DOCUMENTS;
  const result = await tx.execute(STATEMENT(JSON.stringify(rows), values));
  const events: Array<CommittedEvent | undefined> = new Array(items.length).fill(undefined);
  for (const row of rowsOf<{ n: string | number; event_id: string }>(result)) {
    const index = Number(row.n) - 1;
    const { submission } = items[index]!;
    events[index] = {
      id: Number(row.event_id),
      type: 'processing_state_changed',
      tenantId: submission.tenantId,
      submissionId: submission.id,
      documentType: submission.documentType,
    };
  }
  return events;
}
