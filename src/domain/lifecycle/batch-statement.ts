/**
 * One statement that records a batch of lifecycle statuses exactly as the
 * same statuses recorded one after the other, in arrival order, would be:
 * each submission locked, AFTER_FINAL_STATUS decided against the statuses
 * stored and those earlier in the batch (final codes: `FINAL_CODES` of
 * codes.ts), an `event_id` seen before (stored, or earlier in the batch)
 * answered as a duplicate (or refused when it names another submission), the
 * first 213 or 501 (`REJECTING_CODES`) of a submission not yet `rejected`
 * moving it there with its `rejection` (source `platform`, the status's
 * reason code and text), and every status with its events (`lifecycle_status_added`,
 * then `processing_state_changed`, ids in arrival order).
 *
 * Its reads share one snapshot, taken before its locks are granted. A
 * concurrent writer that committed a final status in between would be
 * missed, so every writer of a final status also writes a new version of
 * the submission row, and the statement compares the version it locked with
 * the one its snapshot sees: when they differ (`stale`), it writes nothing,
 * and the batch is run again after locking first (`lockSubmissions`).
 *
 * `cleared`: the tenants known to need no outbox work (`EventSink.wantsOutbox`
 * false). When given, a batch touching any other tenant writes nothing
 * (`outbox`), so it can be run again in a transaction with that work.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeKeyed } from '../../db/keyed.ts';
import { rowsOf } from '../../db/rows.ts';
import type { SubmissionRow } from '../submissions/read/index.ts';
import { FINAL_CODES, REJECTING_CODES } from './codes.ts';
import type { LifecycleStatusRow } from './lifecycle-store.ts';

/** One status to record, checked by the service (a code of the CDV list, `occurred_at` a valid instant, storable texts). */
export interface BatchItem {
  submission_id: string;
  code: number;
  /** ISO 8601 in UTC, milliseconds: the instant as the service parsed it. */
  occurred_at: string;
  reason: string | null;
  reason_code: string | null;
  event_id: string;
  /** The PA's own label (CDAR ProcessCondition), kept raw; null or absent when the event came without one. */
  platform_label?: string | null;
  /** 210, 213 or 501 without a reason. */
  reason_missing: boolean;
  /** 214 Visée. */
  to_be_verified: boolean;
}

/** What the statement says of one item. */
export type BatchOutcome =
  /** Recorded by this item: its status, the submission after it, its events' ids. */
  | { outcome: 'recorded'; status: LifecycleStatusRow; submission: SubmissionRow; statusEventId: number; stateEventId: number | null }
  /** Its `event_id` was recorded before for this submission (`status`), or for another one (`reused`). */
  | { outcome: 'duplicate'; status: LifecycleStatusRow; submission: SubmissionRow }
  | { outcome: 'reused' }
  /** No such submission. */
  | { outcome: 'unknown' }
  /** A concurrent transaction recorded its `event_id` first, after this statement's snapshot: look it up. */
  | { outcome: 'unresolved'; submission: SubmissionRow }
  /** Nothing of the batch was written: a submission changed under it (`stale`), or a tenant not `cleared`. */
  | { outcome: 'stale' | 'outbox'; tenantId: string | null };

// Integers from codes.ts, never input: safe to inline.
const FINAL = sql.raw(`(${FINAL_CODES.join(', ')})`);
const REJECTING = sql.raw(`(${REJECTING_CODES.join(', ')})`);

function statement(items: string, cleared: string | null) {
  return sql`
WITH i AS MATERIALIZED (
  SELECT t.* FROM ROWS FROM (json_to_recordset(${items}::json) AS (submission_id uuid, code smallint, occurred_at timestamptz,
      reason text, reason_code text, event_id text, platform_label text, reason_missing boolean, to_be_verified boolean))
    WITH ORDINALITY AS t(submission_id, code, occurred_at, reason, reason_code, event_id, platform_label, reason_missing,
      to_be_verified, n)
), seen AS MATERIALIZED (
  SELECT s.id, s.ctid AS version FROM submissions s WHERE s.id = ANY (ARRAY(SELECT DISTINCT submission_id FROM i))
), locked AS MATERIALIZED (
  -- In id order, as lockSubmissions does, so two batches never wait on each other in a cycle.
  SELECT s.id, s.tenant_id, s.document_type, s.saas_id, s.number, s.processing_state, s.issue_date, s.origin_submission_id,
      s.preceding_invoice_number, s.preceding_invoice_date, s.created_at, s.ctid AS version
    FROM submissions s WHERE s.id = ANY (ARRAY(SELECT DISTINCT submission_id FROM i)) ORDER BY s.id FOR UPDATE
), gate AS MATERIALIZED (
  SELECT EXISTS (SELECT 1 FROM locked JOIN seen USING (id) WHERE locked.version <> seen.version) AS stale,
    ${cleared}::json IS NOT NULL AND EXISTS (SELECT 1 FROM locked
      WHERE tenant_id::text NOT IN (SELECT json_array_elements_text(${cleared}::json))) AS outbox
), ok AS MATERIALIZED (
  SELECT i.*, l.tenant_id, l.processing_state AS state, min(i.n) OVER (PARTITION BY i.event_id) AS first_n
    FROM i JOIN locked l ON l.id = i.submission_id, gate WHERE NOT gate.stale AND NOT gate.outbox
), ex AS MATERIALIZED (
  -- A lookup per event id (LIMIT keeps the planner from turning it into a join over the whole table: keyed.ts).
  SELECT ls.event_id, ls.submission_id, ls.status
    FROM (SELECT DISTINCT event_id FROM ok) k CROSS JOIN LATERAL (
      SELECT x.event_id, x.submission_id, ${statusJson('x')} AS status FROM lifecycle_statuses x WHERE x.event_id = k.event_id LIMIT 1
    ) ls
), cand AS MATERIALIZED (
  SELECT ok.* FROM ok WHERE ok.n = ok.first_n AND NOT EXISTS (SELECT 1 FROM ex WHERE ex.event_id = ok.event_id)
), ins AS (
  INSERT INTO lifecycle_statuses (submission_id, code, occurred_at, reason, reason_code, event_id, platform_label, flags)
    SELECT c.submission_id, c.code, c.occurred_at, c.reason, c.reason_code, c.event_id, c.platform_label,
        array_remove(ARRAY[
          CASE WHEN EXISTS (SELECT 1 FROM lifecycle_statuses f WHERE f.submission_id = c.submission_id AND f.code IN ${FINAL})
            OR EXISTS (SELECT 1 FROM cand p WHERE p.submission_id = c.submission_id AND p.n < c.n AND p.code IN ${FINAL})
            THEN 'AFTER_FINAL_STATUS' END,
          CASE WHEN c.reason_missing THEN 'REASON_MISSING' END,
          CASE WHEN c.to_be_verified THEN 'TO_BE_VERIFIED' END], NULL)
      FROM cand c ORDER BY c.n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id, submission_id, code, event_id, ${statusJson('lifecycle_statuses')} AS status
), done AS MATERIALIZED (
  SELECT c.n, c.tenant_id, c.state, ins.* FROM ins JOIN cand c ON c.event_id = ins.event_id
), rej AS MATERIALIZED (
  SELECT submission_id, min(n) AS n FROM done WHERE code IN ${REJECTING} AND state <> 'rejected' GROUP BY submission_id
), touched AS (
  -- A new version of the row of every submission given a final status: see the header.
  UPDATE submissions s
    SET processing_state = CASE WHEN s.id IN (SELECT submission_id FROM rej) THEN 'rejected' ELSE s.processing_state END,
      -- Why: the rejecting status's reason code (else its CDV code) and text (else the PA's label), as the platform gave them.
      rejection = COALESCE((SELECT jsonb_build_object('source', 'platform', 'errors', jsonb_build_array(jsonb_build_object(
          'rule', COALESCE(d.status->>'reasonCode', 'CDV-' || d.code::text),
          'message', COALESCE(d.status->>'reason', d.status->>'platformLabel',
            'The platform gave status ' || d.code::text || ' without a reason'))))
        FROM rej r JOIN done d ON d.n = r.n WHERE r.submission_id = s.id), s.rejection)
    WHERE s.id IN (SELECT submission_id FROM done WHERE code IN ${FINAL})
    RETURNING s.id
), ev AS (
  INSERT INTO submission_events (tenant_id, submission_id, type, lifecycle_status_id, processing_state)
    SELECT tenant_id, submission_id, type, status_id, state FROM (
      SELECT n, 0 AS k, tenant_id, submission_id, 'lifecycle_status_added'::submission_event_type AS type, id AS status_id,
          NULL::processing_state AS state FROM done
      UNION ALL
      SELECT r.n, 1, d.tenant_id, r.submission_id, 'processing_state_changed', NULL, 'rejected' FROM rej r JOIN done d ON d.n = r.n
    ) e ORDER BY n, k
    RETURNING id, submission_id, type, lifecycle_status_id
)
SELECT json_build_object(
  'n', i.n,
  'outcome', CASE
    WHEN l.id IS NULL THEN 'unknown'
    WHEN gate.stale THEN 'stale'
    WHEN gate.outbox THEN 'outbox'
    WHEN x.n IS NOT NULL THEN 'recorded'
    WHEN e.event_id IS NOT NULL THEN CASE WHEN e.submission_id = i.submission_id THEN 'duplicate' ELSE 'reused' END
    WHEN b.n IS NOT NULL THEN CASE WHEN b.submission_id = i.submission_id THEN 'duplicate' ELSE 'reused' END
    ELSE 'unresolved' END,
  'tenantId', l.tenant_id,
  'status', COALESCE(x.status, e.status, b.status),
  'submission', CASE WHEN l.id IS NOT NULL THEN json_build_object('id', l.id, 'tenantId', l.tenant_id, 'documentType', l.document_type,
    'saasId', l.saas_id, 'number', l.number, 'processingState', CASE WHEN r.n <= i.n THEN 'rejected' ELSE l.processing_state END,
    'issueDate', l.issue_date, 'originSubmissionId', l.origin_submission_id, 'precedingInvoiceNumber', l.preceding_invoice_number,
    'precedingInvoiceDate', l.preceding_invoice_date, 'createdAt', l.created_at) END,
  'statusEventId', (SELECT se.id FROM ev se WHERE se.lifecycle_status_id = x.id),
  'stateEventId', (SELECT pe.id FROM ev pe WHERE pe.type = 'processing_state_changed' AND pe.submission_id = i.submission_id AND r.n = i.n)
)::text AS r
FROM i CROSS JOIN gate
  LEFT JOIN locked l ON l.id = i.submission_id
  LEFT JOIN done x ON x.n = i.n
  LEFT JOIN ex e ON e.event_id = i.event_id
  LEFT JOIN done b ON b.event_id = i.event_id AND b.n < i.n
  LEFT JOIN rej r ON r.submission_id = i.submission_id
ORDER BY i.n`;
}

/** A status row as JSON with `LifecycleStatusRow`'s names. */
function statusJson(alias: string) {
  const a = sql.raw(alias);
  return sql`json_build_object('id', ${a}.id, 'submissionId', ${a}.submission_id, 'code', ${a}.code, 'occurredAt', ${a}.occurred_at,
    'reason', ${a}.reason, 'reasonCode', ${a}.reason_code, 'platformLabel', ${a}.platform_label, 'flags', ${a}.flags,
    'recordedAt', ${a}.recorded_at, 'source', ${a}.source)`;
}

/**
 * Runs the statement on `db` (the database: one round trip on its keyed pool,
 * committed on return, `db/keyed.ts`; or a transaction) for `items` in arrival order.
 * @returns one outcome per item, in order.
 * @throws whatever the database throws (the statement then wrote nothing).
 */
export async function recordBatch(db: Executor, items: readonly BatchItem[], cleared: readonly string[] | null): Promise<BatchOutcome[]> {
  const result = await executeKeyed(db, 'lifecycle_batch', statement(JSON.stringify(items), cleared && JSON.stringify(cleared)));
  const rows = rowsOf<{ r: string }>(result);
  if (rows.length !== items.length) throw new Error(`the lifecycle batch answered ${rows.length} rows for ${items.length} items`);
  return rows.map((row) => outcomeOf(JSON.parse(row.r)));
}

type Parsed = {
  outcome: BatchOutcome['outcome'];
  tenantId: string | null;
  status: (Omit<LifecycleStatusRow, 'occurredAt' | 'recordedAt'> & { occurredAt: string; recordedAt: string }) | null;
  submission: (Omit<SubmissionRow, 'createdAt'> & { createdAt: string }) | null;
  statusEventId: number | null;
  stateEventId: number | null;
};

function outcomeOf(parsed: Parsed): BatchOutcome {
  const status = parsed.status && {
    ...parsed.status,
    id: Number(parsed.status.id),
    occurredAt: new Date(parsed.status.occurredAt),
    recordedAt: new Date(parsed.status.recordedAt),
  };
  const submission = parsed.submission && { ...parsed.submission, createdAt: new Date(parsed.submission.createdAt) };
  switch (parsed.outcome) {
    case 'recorded':
      return {
        outcome: 'recorded',
        status: status!,
        submission: submission!,
        statusEventId: Number(parsed.statusEventId),
        stateEventId: parsed.stateEventId === null ? null : Number(parsed.stateEventId),
      };
    case 'duplicate':
      return { outcome: 'duplicate', status: status!, submission: submission! };
    case 'unresolved':
      return { outcome: 'unresolved', submission: submission! };
    case 'stale':
    case 'outbox':
      return { outcome: parsed.outcome, tenantId: parsed.tenantId };
    default:
      return { outcome: parsed.outcome };
  }
}
