/**
 * The `payments` table (migration 0019): the payments service's queries, each taking a db or transaction handle,
 * and `paymentsForEReporting`, the read the payment e-reporting (flux 10.2 / 10.4) takes its payments from.
 * The 212 flow's own queue queries are the sender's (src/platform/outbound/status-212-store.ts).
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
};

type Row = Awaited<ReturnType<typeof selectAll>>[number];
const selectAll = (db: Executor) => db.select(columns).from(payments);

const asRecord = (row: Row): PaymentRecord => ({
  ...row,
  parts: row.parts as PaymentPart[],
  channel: row.channel as ReportingChannel,
  state: row.state as ReportingState,
  reason: row.reason as ReportingReason,
  errors: (row.errors as ReportingError[] | null) ?? null,
});

/** The tenant's payment with the SaaS id `paymentId`, or undefined. */
export async function findPaymentByKey(db: Executor, tenantId: string, paymentId: string): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.paymentId, paymentId)));
  return row && asRecord(row);
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

/** A new payment row: everything but the 212 flow's progress. */
export interface NewPayment {
  id: string;
  tenantId: string;
  submissionId: string;
  paymentId: string;
  requestHash: string;
  paidAt: string;
  amount: number;
  method: string | null;
  currency: string;
  sellerSiren: string | null;
  parts: PaymentPart[];
  channel: ReportingChannel;
  state: ReportingState;
  reason: ReportingReason;
  /** The 212's CDAR for the channel status_212 (the outbox entry, sent once the invoice is `sent`); null otherwise. */
  cdar: string | null;
}

/** Inserts `payment`; undefined (nothing written) when the tenant has a payment with its `paymentId` already. */
export async function insertPayment(tx: Executor, payment: NewPayment): Promise<PaymentRecord | undefined> {
  const [row] = await tx.insert(payments).values(payment).onConflictDoNothing().returning(columns);
  return row && asRecord(row);
}

/**
 * The payments of the tenant's seller `sellerSiren` reported through the payment e-reporting (channel
 * `e_reporting`: B2C and international B2B services), cashed between `from` and `to` (`YYYY-MM-DD`, both included),
 * by cashing date. Read by the e-reporting (flux 10.2 / 10.4 payment data, docs/e-reporting.md).
 */
export async function paymentsForEReporting(
  db: Executor,
  tenantId: string,
  sellerSiren: string,
  from: string,
  to: string,
): Promise<PaymentRecord[]> {
  const rows = await db
    .select(columns)
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.sellerSiren, sellerSiren),
        eq(payments.channel, 'e_reporting'),
        gte(payments.paidAt, from),
        lte(payments.paidAt, to),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id));
  return rows.map(asRecord);
}

/** Marks the given e-reporting payments `sent` (the e-reporting sent them); returns how many changed. */
export async function markEReported(tx: Executor, tenantId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(payments)
    .set({ state: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.channel, 'e_reporting'),
        eq(payments.state, 'pending'),
        inArray(payments.id, [...ids]),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}
