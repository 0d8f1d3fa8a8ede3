/**
 * Reads of e-reports for the API (src/schema/types/e-report.ts): one by id, a page of a tenant's reports
 * (newest first: keyset on creation time then id; the cursor is the id), the submissions and payments a report
 * covers, and the report that covers a submission (its latest).
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { eReportSubmissions, eReports } from '../../../db/schema.ts';
import type { EReportRow } from './close-store.ts';

/** The list's filters; all optional. */
export interface EReportFilter {
  sellerSiren?: string | null | undefined;
  period?: string | null | undefined;
  kind?: string | null | undefined;
  state?: string | null | undefined;
}

/** A page of `tenantId`'s reports by `filter`: `limit` rows after (or, `backwards`, before) the cursor id, newest first. */
export async function listReports(
  db: Executor,
  tenantId: string,
  filter: EReportFilter,
  window: { after?: string | undefined; before?: string | undefined; limit: number; backwards?: boolean },
): Promise<EReportRow[]> {
  const where: SQL[] = [eq(eReports.tenantId, tenantId)];
  if (filter.sellerSiren) where.push(eq(eReports.sellerSiren, filter.sellerSiren));
  if (filter.period) where.push(eq(eReports.periodId, filter.period));
  if (filter.kind) where.push(eq(eReports.kind, filter.kind as 'transactions'));
  if (filter.state) where.push(eq(eReports.state, filter.state as 'open'));
  const uuid = /^[0-9a-f-]{36}$/i;
  const at = (id: string) => sql`(SELECT c.created_at, c.id FROM e_reports c WHERE c.id = ${id}::uuid)`;
  if (window.after && uuid.test(window.after)) where.push(sql`(${eReports.createdAt}, ${eReports.id}) < ${at(window.after)}`);
  if (window.before && uuid.test(window.before)) where.push(sql`(${eReports.createdAt}, ${eReports.id}) > ${at(window.before)}`);
  const rows = await db
    .select()
    .from(eReports)
    .where(and(...where))
    .orderBy(...(window.backwards ? [eReports.createdAt, eReports.id] : [desc(eReports.createdAt), desc(eReports.id)]))
    .limit(window.limit);
  return window.backwards ? rows.reverse() : rows;
}

/** The ids of the submissions report `id` covers, oldest first. */
export async function coveredSubmissionIds(db: Executor, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: eReportSubmissions.submissionId })
    .from(eReportSubmissions)
    .where(eq(eReportSubmissions.reportId, id))
    .orderBy(eReportSubmissions.submissionId);
  return rows.map((row) => row.id);
}

/**
 * The SaaS ids of the payments a payments report covers, by cashing date: those linked when it was frozen, or, while it
 * is open, the e-reportable payments of its seller cashed in its period so far (store/payments-store.ts).
 */
export async function coveredPaymentIds(
  db: Executor,
  report: Pick<EReportRow, 'id' | 'tenantId' | 'sellerSiren' | 'kind' | 'state' | 'periodStart' | 'periodEnd'>,
): Promise<string[]> {
  if (report.kind !== 'payments') return [];
  const rows = rowsOf<{ payment_id: string }>(
    await db.execute(
      report.state === 'open'
        ? sql`SELECT p.payment_id FROM payments p WHERE p.tenant_id = ${report.tenantId} AND p.seller_siren = ${report.sellerSiren}
            AND p.channel = 'e_reporting' AND p.paid_at BETWEEN ${report.periodStart}::date AND ${report.periodEnd}::date
            ORDER BY p.paid_at, p.payment_id`
        : sql`SELECT p.payment_id FROM e_report_payments l JOIN payments p ON p.id = l.payment_id
            WHERE l.report_id = ${report.id} ORDER BY p.paid_at, p.payment_id`,
    ),
  );
  return rows.map((row) => row.payment_id);
}

/** The latest report covering submission `submissionId` of `tenantId`, or undefined. */
export async function reportCovering(db: Executor, tenantId: string, submissionId: string): Promise<EReportRow | undefined> {
  const [row] = await db
    .select({ report: eReports })
    .from(eReportSubmissions)
    .innerJoin(eReports, eq(eReports.id, eReportSubmissions.reportId))
    .where(and(eq(eReportSubmissions.submissionId, submissionId), eq(eReportSubmissions.tenantId, tenantId)))
    .orderBy(desc(eReports.sequence))
    .limit(1);
  return row?.report;
}

/** The report of `tenantId`'s seller, kind and period that is open, else the latest one; undefined when none. */
export async function reportOfPeriod(
  db: Executor,
  key: { tenantId: string; sellerSiren: string; kind: string; periodId: string },
): Promise<EReportRow | undefined> {
  const [row] = await db
    .select()
    .from(eReports)
    .where(
      and(
        eq(eReports.tenantId, key.tenantId),
        eq(eReports.sellerSiren, key.sellerSiren),
        eq(eReports.kind, key.kind as 'transactions'),
        eq(eReports.periodId, key.periodId),
      ),
    )
    .orderBy(sql`${eReports.state} = 'open' DESC`, desc(eReports.sequence))
    .limit(1);
  return row;
}
