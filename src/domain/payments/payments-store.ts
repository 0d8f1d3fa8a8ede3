/**
 * The `payments` table (migration 0019): the payments service's queries, each taking a db or transaction handle. The
 * payment e-reporting (flux 10.2 / 10.4) links and reads its payments itself (src/domain/e-reporting/store/payments-store.ts).
 * The 212 flow's own queue queries are the sender's (src/platform/outbound/status-212-queue.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { firstAs } from '../../db/first.ts';
import { payments, submissionDocuments, submissions } from '../../db/schema.ts';
import type { ReportingChannel, ReportingReason, ReportingState } from './reporting.ts';
import type { PaymentPart } from './split.ts';

/** One acknowledgement detail of a rejected 212 (the PA's, or the official artefacts' when it was never sent). */
export interface ReportingError {
  rule: string;
  message: string;
  location?: string;
}

/** A stored payment. Amounts in minor units of `currency`. */
export interface PaymentRecord {
  /** The gateway's UUID: the 212 flow's trackingId and the CDAR's message id (MDT-4). */
  id: string;
  tenantId: string;
  submissionId: string;
  /** The SaaS's payment id. */
  paymentId: string;
  requestHash: string;
  /** `YYYY-MM-DD`. */
  paidAt: string;
  amount: number;
  method: string | null;
  currency: string;
  sellerSiren: string | null;
  parts: PaymentPart[];
  channel: ReportingChannel;
  state: ReportingState;
  reason: ReportingReason;
  /** The PA's flowId of the 212, once it took it. */
  flowId: string | null;
  /** Why a 212 was rejected (the PA's acknowledgement details, or the artefacts' findings); null otherwise. */
  errors: ReportingError[] | null;
  sentAt: Date | null;
  createdAt: Date;
  /** The payments e-report covering it (channel `e_reporting`, docs/e-reporting.md); null otherwise. */
  eReportId: string | null;
}

const columns = {
  id: payments.id,
  tenantId: payments.tenantId,
  submissionId: payments.submissionId,
  paymentId: payments.paymentId,
  requestHash: payments.requestHash,
  paidAt: payments.paidAt,
  amount: payments.amount,
  method: payments.method,
  currency: payments.currency,
  sellerSiren: payments.sellerSiren,
  parts: payments.parts,
  channel: payments.channel,
  state: payments.state,
  reason: payments.reason,
  flowId: payments.flowId,
  errors: payments.ackDetails,
  sentAt: payments.sentAt,
  createdAt: payments.createdAt,
  /**
   * The payments e-report covering an `e_reporting` payment, `"<id> <state>"`: the latest report it was linked to when
   * frozen, else the open report of its period (docs/e-reporting.md, "Payments"); null for the other channels.
   */
  // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside this subquery would name r's.
  eReport: sql<string | null>`(SELECT r.id::text || ' ' || r.state FROM e_reports r
    WHERE "payments"."channel" = 'e_reporting' AND r.tenant_id = "payments"."tenant_id"
      AND r.seller_siren = "payments"."seller_siren" AND r.kind = 'payments'
      AND "payments"."paid_at" BETWEEN r.period_start AND r.period_end
      AND (r.state = 'open' OR EXISTS (SELECT 1 FROM e_report_payments l WHERE l.report_id = r.id AND l.payment_id = "payments"."id"))
    ORDER BY r.state <> 'open' DESC, r.sequence DESC LIMIT 1)`,
};

/** A payment's reporting state, from its e-report's (`e_reporting`): what the payment e-reporting has done with it. */
const E_REPORT_STATES: Record<string, ReportingState> = {
  open: 'pending',
  closed: 'pending',
  invalid: 'rejected',
  sent: 'sent',
  accepted: 'acknowledged',
  rejected: 'rejected',
};

type Row = Awaited<ReturnType<typeof selectAll>>[number];
const selectAll = (db: Executor) => db.select(columns).from(payments);

function asRecord({ eReport, ...row }: Row): PaymentRecord {
  const [eReportId, eReportState] = eReport ? eReport.split(' ') : [];
  return {
    ...row,
    parts: row.parts as PaymentPart[],
    channel: row.channel as ReportingChannel,
    state: (eReportState && E_REPORT_STATES[eReportState]) || (row.state as ReportingState),
    reason: row.reason as ReportingReason,
    errors: (row.errors as ReportingError[] | null) ?? null,
    eReportId: eReportId ?? null,
  };
}

/** The tenant's payment with the SaaS id `paymentId`, or undefined. */
export async function findPaymentByKey(db: Executor, tenantId: string, paymentId: string): Promise<PaymentRecord | undefined> {
  return firstAs(selectAll(db).where(and(eq(payments.tenantId, tenantId), eq(payments.paymentId, paymentId))), asRecord);
}

/** The payments of the tenant's submission `submissionId`, oldest first (empty for another tenant's). */
export async function paymentsOfSubmission(db: Executor, tenantId: string, submissionId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .select(columns)
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.submissionId, submissionId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(asRecord);
}

/** Σ amounts of the submission's payments (minor units); 0 when none. */
export async function paidSoFar(db: Executor, submissionId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${payments.amount})` })
    .from(payments)
    .where(eq(payments.submissionId, submissionId));
  return Number(row?.total ?? 0);
}

/** What recording a payment reads of its invoice: the submission row, its body and its processing rule once generated. */
export interface PaymentInvoiceRow {
  id: string;
  documentType: 'invoice' | 'credit_note';
  processingState: 'received' | 'validated' | 'sent' | 'rejected';
  sellerSiren: string | null;
  issueDate: string;
  body: string;
  /** B2B, B2BInt or B2C as the pipeline classified it; null before the pipeline ran. */
  processingRule: string | null;
}

/**
 * The tenant's submission `submissionId` with its body, or undefined. With `lock`, its row is locked (FOR UPDATE) until
 * the transaction ends: two payments of one invoice are then checked against its total one after the other.
 */
export async function loadPaymentInvoice(
  db: Executor,
  tenantId: string,
  submissionId: string,
  lock = false,
): Promise<PaymentInvoiceRow | undefined> {
  const query = db
    .select({
      id: submissions.id,
      documentType: submissions.documentType,
      processingState: submissions.processingState,
      sellerSiren: submissions.sellerSiren,
      issueDate: submissions.issueDate,
      body: submissions.body,
      processingRule: submissionDocuments.processingRule,
    })
    .from(submissions)
    .leftJoin(submissionDocuments, eq(submissionDocuments.submissionId, submissions.id))
    .where(and(eq(submissions.tenantId, tenantId), eq(submissions.id, submissionId)));
  const [row] = await (lock ? query.for('update', { of: submissions }) : query);
  return row;
}

/** A new payment row: everything but the 212 flow's progress (and what the database sets: creation, e-report). */
export interface NewPayment extends Omit<PaymentRecord, 'flowId' | 'errors' | 'sentAt' | 'createdAt' | 'eReportId'> {
  /** The 212's CDAR for the channel status_212 (the outbox entry, sent once the invoice is `sent`); null otherwise. */
  cdar: string | null;
}

/** Inserts `payment`; undefined (nothing written) when the tenant has a payment with its `paymentId` already. */
export async function insertPayment(tx: Executor, payment: NewPayment): Promise<PaymentRecord | undefined> {
  return firstAs(tx.insert(payments).values(payment).onConflictDoNothing().returning(columns), asRecord);
}
