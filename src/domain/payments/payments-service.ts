/**
 * Recording a payment on an invoice (`POST /v1/invoices/{submission_id}/payments`, GraphQL `recordPayment`; docs/payments.md)
 * and reading an invoice's payments. Called by the payment resolvers (src/schema/types/payment.ts). A payment is
 * checked (rules.ts), split over the invoice's VAT rates (split.ts), its reporting decided (reporting.ts) and, for the
 * channel `status_212`, its 212 Encaissée written (src/einvoice/cdar/) and stored with it in one transaction: the row
 * is the outbox the 212 sender (src/platform/outbound/status-212-sender.ts) takes it from once the invoice is `sent`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { sqlState } from '../../db/sql-state.ts';
import { transact } from '../../db/transaction.ts';
import { status212From } from '../../einvoice/cdar/from-invoice.ts';
import { writeStatus212 } from '../../einvoice/cdar/status-212.ts';
import { deriveFromBody } from '../../einvoice/derive.ts';
import { toEInvoice } from '../../einvoice/map.ts';
import type { EInvoice, ProcessingRule } from '../../einvoice/model.ts';
import type { InvoiceDocument } from '../../model/documents.ts';
import type { VatRegime } from '../../model/seller-profile.ts';
import { periodOf } from '../e-reporting/periods.ts';
import { recordPaymentPeriods } from '../e-reporting/store/assign.ts';
import { isUuid } from '../ids.ts';
import { findDefaultSeller, findSeller } from '../sellers/sellers-store.ts';
import { isStorableText } from '../text.ts';
import type { PaymentViolation } from './catalogue.ts';
import { paymentInvoiceOf, reportingFactsOf } from './invoice-facts.ts';
import {
  findPaymentByKey,
  insertPayment,
  loadPaymentInvoice,
  type PaymentInvoiceRow,
  type PaymentRecord,
  paidSoFar,
  paymentsOfSubmission,
} from './payments-store.ts';
import { decideReporting } from './reporting.ts';
import { checkPayment, type PaymentInput } from './rules.ts';

export type { PaymentRecord };

export type RecordPaymentResult =
  /** Stored now (`replayed: false`), or the payment stored earlier under the same `id` with the same body. */
  | { ok: true; payment: PaymentRecord; replayed: boolean }
  /** No submission with this id under the tenant (404). */
  | { ok: false; code: 'not_found' }
  /** 422: every broken rule, paths in wire names (catalogue.ts). */
  | { ok: false; code: 'invalid'; violations: PaymentViolation[] }
  /** 409 idempotency-conflict: the tenant recorded a payment with this `id` and another body (`payment`). */
  | { ok: false; code: 'conflict'; payment: PaymentRecord };

/** Called with the tenant id after a payment of the channel `status_212` is committed (the 212 sender looks at once). */
export type PaymentListener = (tenantId: string) => void;

const listeners = new WeakMap<Db, Set<PaymentListener>>();

/** Registers `listener` for payments recorded through `db` (a throw is ignored); returns its unregistering function. */
export function onPaymentRecorded(db: Db, listener: PaymentListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/** Today's date in France (Europe/Paris), `YYYY-MM-DD`. */
export function parisDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The request's fingerprint: the submission and the body's values (not its bytes: key order and spacing do not
 * count; an absent `method` or `vat_breakdown` is null).
 */
export function paymentRequestHash(submissionId: string, input: PaymentInput): string {
  const canonical = JSON.stringify([
    submissionId,
    input.id,
    input.paid_at,
    input.amount,
    input.method ?? null,
    input.vat_breakdown?.map((part) => [part.percentage, part.amount]) ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const usableKey = (id: string) => id.length > 0 && id.length <= 255 && isStorableText(id);

function replayOrConflict(existing: PaymentRecord, hash: string): RecordPaymentResult {
  return existing.requestHash === hash
    ? { ok: true, payment: existing, replayed: true }
    : { ok: false, code: 'conflict', payment: existing };
}

/**
 * The invoice's EN 16931 model as the pipeline derives it (its stored processing rule once generated), the seller's VAT on
 * debits and regime; undefined when the invoice has no seller yet (a legacy document waiting for its tenant's first).
 */
async function invoiceModel(
  db: Db,
  tenantId: string,
  row: PaymentInvoiceRow,
): Promise<{ einvoice: EInvoice; vatOnDebits: boolean; total: number; regime: VatRegime } | undefined> {
  const seller = row.sellerSiren ? await findSeller(db, tenantId, row.sellerSiren) : await findDefaultSeller(db, tenantId);
  if (!seller) return undefined;
  const body = JSON.parse(row.body) as InvoiceDocument;
  const derived = deriveFromBody({ kind: 'invoice', document: body, seller: seller.profile });
  if (!derived.document) throw new Error(`submission ${row.id}: its body no longer derives (${derived.violations[0]?.rule})`);
  const processingRule = (row.processingRule as ProcessingRule | null) ?? derived.document.processingRule;
  const einvoice = toEInvoice({ ...derived.document, processingRule }, seller.profile, undefined);
  return {
    einvoice,
    vatOnDebits: seller.profile.vat_on_debits === true,
    total: Number(body.total),
    regime: seller.profile.vat_regime,
  };
}

/** What recording a payment needs besides the request. */
export interface RecordPaymentOptions {
  /** The clock: the cashing date may not be after today in Paris. */
  now?: Date;
  /** `EREPORTING_CLOSE_DELAY` in milliseconds: when the payments report an e-reportable payment opens closes by itself. */
  closeDelayMs: number;
}

/**
 * Records `input` on the tenant's invoice `submissionId` (see the module comment). The same `id` with the same body
 * gives the stored payment back (`replayed`), whatever happened since; another body is a conflict. A credit note or a
 * rejected invoice is refused (422) on that ground alone. A payment of the channel `e_reporting` is recorded in the
 * open payments report of its seller's period (opened if none is), in the same transaction. @throws only on the unexpected (a database failure, an invoice stored without a seller).
 */
export async function recordPayment(
  db: Db,
  tenantId: string,
  submissionId: string,
  input: PaymentInput,
  options: RecordPaymentOptions,
): Promise<RecordPaymentResult> {
  const now = options.now ?? new Date();
  if (!isUuid(submissionId)) return { ok: false, code: 'not_found' };
  const hash = paymentRequestHash(submissionId, input);
  if (usableKey(input.id)) {
    const existing = await findPaymentByKey(db, tenantId, input.id);
    if (existing) return replayOrConflict(existing, hash);
  }
  const row = await loadPaymentInvoice(db, tenantId, submissionId);
  if (!row) return { ok: false, code: 'not_found' };
  if (row.documentType === 'credit_note') {
    const refused = checkPayment(input, {
      invoice: { kind: 'credit_note', processingState: row.processingState, issueDate: row.issueDate, total: 0, rates: [] },
      alreadyPaid: 0,
      today: parisDate(now),
    });
    return { ok: false, code: 'invalid', violations: refused.ok ? [] : refused.violations };
  }
  const model = await invoiceModel(db, tenantId, row);
  if (!model) {
    const refused = checkPayment(input, {
      invoice: { kind: 'invoice', processingState: row.processingState, issueDate: row.issueDate, total: 0, rates: [] },
      alreadyPaid: 0,
      today: parisDate(now),
      sellerMissing: true,
    });
    return { ok: false, code: 'invalid', violations: refused.ok ? [] : refused.violations };
  }
  const { einvoice, vatOnDebits, total, regime } = model;
  const sellerSiren = einvoice.seller.legalId?.value ?? row.sellerSiren;
  const id = randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      const outcome = await transact(db, async (tx): Promise<RecordPaymentResult | undefined> => {
        const locked = await loadPaymentInvoice(tx, tenantId, submissionId, true);
        if (!locked) return { ok: false, code: 'not_found' };
        const check = checkPayment(input, {
          invoice: paymentInvoiceOf(einvoice, total, locked.processingState),
          alreadyPaid: await paidSoFar(tx, submissionId),
          today: parisDate(now),
        });
        if (!check.ok) return { ok: false, code: 'invalid', violations: check.violations };
        const decision = decideReporting(reportingFactsOf(einvoice, vatOnDebits));
        const cdar =
          decision.channel === 'status_212'
            ? writeStatus212(status212From(einvoice, { messageId: id, createdAt: now, paidAt: input.paid_at, parts: check.parts }))
            : null;
        const stored = await insertPayment(tx, {
          id,
          tenantId,
          submissionId,
          paymentId: input.id,
          requestHash: hash,
          paidAt: input.paid_at,
          amount: input.amount,
          method: input.method ?? null,
          currency: einvoice.currency,
          sellerSiren,
          parts: check.parts,
          channel: decision.channel,
          state: decision.state,
          reason: decision.reason,
          cdar,
        });
        if (stored && decision.channel === 'e_reporting' && sellerSiren) {
          const period = periodOf(regime, 'payments', input.paid_at);
          await recordPaymentPeriods(tx, [{ tenantId, sellerSiren, period }], options.closeDelayMs);
          return { ok: true, payment: (await findPaymentByKey(tx, tenantId, input.id)) ?? stored, replayed: false };
        }
        return stored && { ok: true, payment: stored, replayed: false };
      });
      if (outcome) {
        if (outcome.ok && outcome.payment.channel === 'status_212')
          for (const listener of listeners.get(db) ?? []) safely(listener, tenantId);
        return outcome;
      }
    } catch (error) {
      if (attempt > 0 || sqlState(error) !== '23505') throw error;
    }
    // The same id recorded concurrently: the stored one answers.
    const existing = await findPaymentByKey(db, tenantId, input.id);
    if (existing) return replayOrConflict(existing, hash);
    if (attempt > 0) throw new Error(`payment ${input.id}: neither stored nor found`);
  }
}

function safely(listener: PaymentListener, tenantId: string): void {
  try {
    listener(tenantId);
  } catch {}
}

/** The payments of the tenant's submission, oldest first. */
export function listPayments(db: Db, tenantId: string, submissionId: string): Promise<PaymentRecord[]> {
  return paymentsOfSubmission(db, tenantId, submissionId);
}
