/**
 * The payments a payments e-report covers (flux 10.2 / 10.4; docs/e-reporting.md, "Payments"): linked when the
 * report is frozen (close-store.ts, under its period's lock, so a payment lands either before the freeze or in the
 * next report), and read back with their invoices when the report is built (close-service.ts). A rectificative
 * covers its whole period: every e-reportable payment of the seller cashed in it, earlier reports' included.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import type { ReportablePayment } from '../payments.ts';

/**
 * Links to report `report` (a payments report being frozen, on `tx`) every payment of the channel `e_reporting` of
 * its tenant and seller whose cashing date (`paid_at`) falls in its period. Replaying links nothing twice.
 * @throws whatever the database throws.
 */
export async function linkPeriodPayments(
  tx: Executor,
  report: { id: string; tenantId: string; sellerSiren: string; periodStart: string; periodEnd: string },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO e_report_payments (report_id, payment_id, tenant_id)
      SELECT ${report.id}::uuid, p.id, p.tenant_id FROM payments p
        WHERE p.tenant_id = ${report.tenantId} AND p.seller_siren = ${report.sellerSiren} AND p.channel = 'e_reporting'
          AND p.paid_at BETWEEN ${report.periodStart}::date AND ${report.periodEnd}::date
      ON CONFLICT DO NOTHING`);
}

/**
 * The cashings report `reportId` covers, split by flux: 10.2 (international B2B invoices) and 10.4 (B2C), by cashing
 * date then invoice number. Each carries its invoice's BT-1, BT-2 and BT-5 and its parts per VAT rate (minor units).
 * @throws whatever the database throws.
 */
export async function loadCoveredPayments(
  db: Executor,
  reportId: string,
): Promise<{ b2bInt: ReportablePayment[]; b2c: ReportablePayment[] }> {
  const rows = rowsOf<{
    number: string;
    issue_date: string;
    currency: string;
    paid_at: string;
    parts: ReportablePayment['parts'] | string;
    reason: string;
  }>(
    await db.execute(sql`
      SELECT s.number, s.issue_date::text AS issue_date, p.currency, p.paid_at::text AS paid_at, p.parts, p.reason
        FROM e_report_payments l JOIN payments p ON p.id = l.payment_id JOIN submissions s ON s.id = p.submission_id
        WHERE l.report_id = ${reportId}
        ORDER BY p.paid_at, s.number, p.id`),
  );
  const b2bInt: ReportablePayment[] = [];
  const b2c: ReportablePayment[] = [];
  for (const row of rows) {
    const payment: ReportablePayment = {
      invoice: { number: row.number, issueDate: row.issue_date, currency: row.currency },
      paidAt: row.paid_at,
      parts: typeof row.parts === 'string' ? (JSON.parse(row.parts) as ReportablePayment['parts']) : row.parts,
    };
    (row.reason === 'international_b2b_services' ? b2bInt : b2c).push(payment);
  }
  return { b2bInt, b2c };
}
