/**
 * The closing's queries (close-service.ts): freezing an open report (its period locked, as assign.ts locks it, so
 * no datum lands in a report being closed), the data it covers, and the built result.
 *
 * Freezing decides the transmission's type (DSE v3.2 §3.7.7): `RE` when an earlier report of the period was
 * transmitted (or is about to be: `closed`, `sent`, `accepted`), else `IN`; and a report covers its whole
 * period: every submission of its period's earlier reports is linked to it too, so a rectificative replaces all
 * the period's data.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.ts';
import { fromNow } from '../../../db/row-leases.ts';
import { rowsOf } from '../../../db/rows.ts';
import { eReports } from '../../../db/schema.ts';
import type { SellerProfile } from '../../../model/seller-profile.ts';
import { transact } from '../../../db/transaction.ts';
import type { ReportFinding } from '../findings.ts';
import { lockPeriods } from './assign.ts';
import { linkPeriodPayments } from './payments-store.ts';

/** A stored e-report row. */
export type EReportRow = typeof eReports.$inferSelect;

/** The report `id` of `tenantId` (any tenant when undefined), or undefined. */
export async function findReport(db: Executor, id: string, tenantId?: string): Promise<EReportRow | undefined> {
  const [row] = await db
    .select()
    .from(eReports)
    .where(tenantId ? and(eq(eReports.id, id), eq(eReports.tenantId, tenantId)) : eq(eReports.id, id));
  return row;
}

/**
 * Freezes the open report `id` (module comment): `open → closed`, its type decided, the period's earlier
 * submissions linked (a payments report: its period's e-reportable payments, payments-store.ts). Undefined when it is
 * no longer open (another instance or request closed it). The frozen report stays leased for `leaseMs` (ms): a closer
 * holding it renews that lease while it builds; if this process dies before the build is stored, any closer takes
 * the report again once the lease ran out (jobs-store.ts, the `close` lane).
 */
export async function freezeReport(db: Db, id: string, leaseMs: number): Promise<EReportRow | undefined> {
  return transact(db, async (tx) => {
    const current = await findReport(tx, id);
    if (current?.state !== 'open') return undefined;
    await lockPeriods(tx, [current]);
    const [frozen] = await tx
      .update(eReports)
      .set({
        state: 'closed',
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
        jobNextAt: fromNow(leaseMs),
        jobAttempts: 0,
        type: sql`CASE WHEN EXISTS (SELECT 1 FROM e_reports e WHERE e.tenant_id = ${current.tenantId} AND e.seller_siren = ${current.sellerSiren}
          AND e.kind = ${current.kind} AND e.period_id = ${current.periodId} AND e.sequence < ${current.sequence}
          AND e.state IN ('closed', 'sent', 'accepted')) THEN 'RE' ELSE 'IN' END`,
      })
      .where(and(eq(eReports.id, id), eq(eReports.state, 'open')))
      .returning();
    if (!frozen) return undefined;
    await tx.execute(sql`
      INSERT INTO e_report_submissions (report_id, submission_id, tenant_id)
        SELECT ${id}::uuid, l.submission_id, l.tenant_id FROM e_report_submissions l JOIN e_reports e ON e.id = l.report_id
          WHERE e.tenant_id = ${current.tenantId} AND e.seller_siren = ${current.sellerSiren} AND e.kind = ${current.kind}
            AND e.period_id = ${current.periodId} AND e.sequence < ${current.sequence}
        ON CONFLICT DO NOTHING`);
    if (current.kind === 'payments') await linkPeriodPayments(tx, frozen);
    return frozen;
  });
}

/** A covered submission, with what re-deriving its EN 16931 document needs. */
export interface CoveredSubmission {
  id: string;
  documentType: 'invoice' | 'credit_note';
  body: string;
  originBody: string | undefined;
  precedingInvoiceNumber: string | null;
  precedingInvoiceDate: string | null;
  /** The processing rule the pipeline decided (B2C, B2BInt). */
  processingRule: string;
}

/** The submissions report `id` covers, oldest first, and its seller's profile (undefined if the seller is gone). */
export async function loadCovered(
  db: Executor,
  report: Pick<EReportRow, 'id' | 'tenantId' | 'sellerSiren'>,
): Promise<{ submissions: CoveredSubmission[]; profile: SellerProfile | undefined }> {
  const rows = rowsOf<{
    id: string;
    document_type: 'invoice' | 'credit_note';
    body: string;
    origin_body: string | null;
    preceding_invoice_number: string | null;
    preceding_invoice_date: string | null;
    processing_rule: string;
  }>(
    await db.execute(sql`
      SELECT s.id, s.document_type, s.body, o.body AS origin_body, s.preceding_invoice_number,
          s.preceding_invoice_date::text AS preceding_invoice_date, d.processing_rule
        FROM e_report_submissions l JOIN submissions s ON s.id = l.submission_id
          JOIN submission_documents d ON d.submission_id = s.id
          LEFT JOIN submissions o ON o.id = s.origin_submission_id
        WHERE l.report_id = ${report.id}
        ORDER BY s.id`),
  );
  const [seller] = rowsOf<{ profile: SellerProfile | string }>(
    await db.execute(sql`SELECT profile FROM sellers WHERE tenant_id = ${report.tenantId} AND siren = ${report.sellerSiren}`),
  );
  const profile = seller
    ? typeof seller.profile === 'string'
      ? (JSON.parse(seller.profile) as SellerProfile)
      : seller.profile
    : undefined;
  return {
    profile,
    submissions: rows.map((r) => ({
      id: r.id,
      documentType: r.document_type,
      body: r.body,
      originBody: r.origin_body ?? undefined,
      precedingInvoiceNumber: r.preceding_invoice_number,
      precedingInvoiceDate: r.preceding_invoice_date,
      processingRule: r.processing_rule,
    })),
  };
}

/** What a closing built: the XML, totals, findings and the artefacts' verdict. */
export interface BuiltResult {
  xml: string;
  totals: unknown;
  findings: ReportFinding[];
  validation: { valid: boolean; errors: Array<{ rule: string; message: string; location?: string | undefined }> };
}

/**
 * Stores what closing `id` built: still `closed` (due at once for sending) when valid, else `invalid` (no longer
 * due: nothing invalid is sent). Only a `closed` report without XML takes it.
 */
export async function saveBuilt(db: Executor, id: string, built: BuiltResult): Promise<EReportRow | undefined> {
  const [row] = await db
    .update(eReports)
    .set({
      xml: built.xml,
      totals: built.totals,
      findings: built.findings,
      validation: built.validation,
      state: built.validation.valid ? 'closed' : 'invalid',
      jobNextAt: built.validation.valid ? sql`now()` : null,
      jobAttempts: 0,
      jobLastError: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(eReports.id, id), eq(eReports.state, 'closed'), sql`${eReports.xml} IS NULL`))
    .returning();
  return row;
}
