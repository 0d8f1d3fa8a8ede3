/**
 * Records documents and payments in the open e-report of their period (docs/e-reporting.md, "Storage"): the
 * pipeline's commit (src/pipeline/commit.ts) calls it in the transaction that commits B2C and B2BInt documents
 * `validated`, so a document is never validated without being in a report. The open report of a seller, period
 * and kind is created when the first datum reaches it (sequence after the period's earlier reports: a period
 * closed already gets a new one, a rectificative when the earlier one was transmitted, decided at closing).
 *
 * Each period is locked (a transaction-level advisory lock on its key) before its open report is looked for, and
 * the closing takes the same lock to freeze the report (close-store.ts): a datum lands either in the report being
 * closed, before the freeze, or in a new one, never in between.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { ReportKind } from '../model.ts';
import { periodEndsAt, type ReportingPeriod } from '../periods.ts';

/** One datum to record: a validated submission in its transactions period, or (no submission) a payment in its payments period. */
export interface PeriodAssignment {
  tenantId: string;
  /** The submission the report covers; absent for a payment (its payments report reads the payments of its period). */
  submissionId?: string | undefined;
  sellerSiren: string;
  period: ReportingPeriod;
}

/** Locks the periods of `keys` for the rest of the transaction, in one order (no deadlock between two writers). */
export async function lockPeriods(
  tx: Executor,
  keys: ReadonlyArray<{ tenantId: string; sellerSiren: string; kind: ReportKind; periodId: string }>,
): Promise<void> {
  const distinct = [...new Set(keys.map((k) => `${k.tenantId}|${k.sellerSiren}|${k.kind}|${k.periodId}`))].sort();
  if (distinct.length === 0) return;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 20)) FROM unnest(${`{${distinct.map((k) => `"${k}"`).join(',')}}`}::text[]) AS k ORDER BY k`,
  );
}

const ASSIGN = (rows: string) => sql`
WITH a AS MATERIALIZED (
  SELECT * FROM json_to_recordset(${rows}::json) AS (tenant_id uuid, submission_id uuid, seller_siren text, kind text,
    period_id text, period_start date, period_end date, deadline date, portal_deadline timestamptz, close_at timestamptz)
), p AS (
  SELECT DISTINCT ON (tenant_id, seller_siren, kind, period_id) * FROM a ORDER BY tenant_id, seller_siren, kind, period_id
), created AS (
  INSERT INTO e_reports (tenant_id, seller_siren, kind, period_id, period_start, period_end, deadline, portal_deadline,
      sequence, type, state, close_at, transmission_id, job_next_at)
    SELECT p.tenant_id, p.seller_siren, p.kind, p.period_id, p.period_start, p.period_end, p.deadline, p.portal_deadline,
        coalesce(prev.n, 0) + 1, 'IN', 'open', p.close_at,
        p.seller_siren || '-' || p.period_id || '-' || CASE WHEN p.kind = 'transactions' THEN 'T' ELSE 'P' END || '-' || (coalesce(prev.n, 0) + 1),
        p.close_at
      FROM p LEFT JOIN LATERAL (
        SELECT max(r.sequence) AS n FROM e_reports r
          WHERE r.tenant_id = p.tenant_id AND r.seller_siren = p.seller_siren AND r.kind = p.kind AND r.period_id = p.period_id
      ) prev ON true
      WHERE NOT EXISTS (SELECT 1 FROM e_reports o WHERE o.tenant_id = p.tenant_id AND o.seller_siren = p.seller_siren
        AND o.kind = p.kind AND o.period_id = p.period_id AND o.state = 'open')
    RETURNING id, tenant_id, seller_siren, kind, period_id
), r AS (
  SELECT id, tenant_id, seller_siren, kind, period_id FROM created
  UNION ALL
  SELECT o.id, o.tenant_id, o.seller_siren, o.kind, o.period_id FROM e_reports o JOIN p
    ON o.tenant_id = p.tenant_id AND o.seller_siren = p.seller_siren AND o.kind = p.kind AND o.period_id = p.period_id
    WHERE o.state = 'open'
), linked AS (
  INSERT INTO e_report_submissions (report_id, submission_id, tenant_id)
    SELECT r.id, a.submission_id, a.tenant_id FROM a JOIN r
      ON r.tenant_id = a.tenant_id AND r.seller_siren = a.seller_siren AND r.kind = a.kind AND r.period_id = a.period_id
      WHERE a.submission_id IS NOT NULL
    ON CONFLICT DO NOTHING
    RETURNING report_id
)
UPDATE e_reports SET updated_at = now() WHERE id IN (SELECT report_id FROM linked)`;

/**
 * Opens (if none is open) the payments report of each payment's period, on `tx`: the payments store calls it in the
 * transaction that records an e-reportable payment (docs/e-reporting.md, "Payments"). The report reads its
 * payments when it is frozen (store/payments-store.ts); a payment reaching a period already transmitted opens a new
 * report, a rectificative replacing the whole period. `period`: `periodOf(regime, 'payments', paidAt)`.
 * @throws whatever the database throws.
 */
export function recordPaymentPeriods(
  tx: Executor,
  payments: ReadonlyArray<{ tenantId: string; sellerSiren: string; period: ReportingPeriod }>,
  closeDelayMs: number,
): Promise<void> {
  return assignToReports(
    tx,
    payments.map((p) => ({ tenantId: p.tenantId, sellerSiren: p.sellerSiren, period: p.period })),
    closeDelayMs,
  );
}

/**
 * Records `items` (transactions data) in their periods' open reports, creating those that are missing, on `tx`
 * (the caller's transaction). `closeDelayMs`: how long after its period ended a report closes by itself
 * (`EREPORTING_CLOSE_DELAY`). Locks the periods first (module comment).
 * @throws whatever the database throws.
 */
export async function assignToReports(tx: Executor, items: readonly PeriodAssignment[], closeDelayMs: number): Promise<void> {
  if (items.length === 0) return;
  await lockPeriods(
    tx,
    items.map((i) => ({ tenantId: i.tenantId, sellerSiren: i.sellerSiren, kind: i.period.kind, periodId: i.period.id })),
  );
  const rows = items.map((i) => ({
    tenant_id: i.tenantId,
    submission_id: i.submissionId ?? null,
    seller_siren: i.sellerSiren,
    kind: i.period.kind,
    period_id: i.period.id,
    period_start: i.period.start,
    period_end: i.period.end,
    deadline: i.period.deadline,
    portal_deadline: i.period.portalDeadline,
    close_at: new Date(Date.parse(periodEndsAt(i.period)) + closeDelayMs).toISOString(),
  }));
  await tx.execute(ASSIGN(JSON.stringify(rows)));
}
