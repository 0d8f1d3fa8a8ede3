/**
 * Payment: what the SaaS cashed on an invoice, its parts per VAT rate and how it is reported (docs/payments.md).
 * Mutation `recordPayment(submissionId, input)`, field `Submission.payments`; `POST` and `GET
 * /v1/invoices/{submission_id}/payments` run these (rest-facade/handlers/payments.ts).
 */
import { DEFAULT_CLOSE_DELAY_MS } from '../../domain/e-reporting/close-service.ts';
import { listPayments, type PaymentRecord, recordPayment } from '../../domain/payments/payments-service.ts';
import { reasonMessage } from '../../domain/payments/reporting.ts';
import type { PaymentInput } from '../../domain/payments/rules.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { resultErrors } from '../fields.ts';
import { inputIssues } from '../input-issues.ts';
import { inputToWire } from '../wire-names.ts';
import { ErrorInterface, NotFound, ValidationFailed } from './errors.ts';
import { SubmissionRef } from './submission.ts';

const MINOR = 'in minor units of the invoice currency (cents for EUR)';

const PaymentPartRef = builder.objectRef<{ percentage: number; amount: number }>('PaymentPart').implement({
  description: 'The amount cashed at one VAT rate (a 212 Encaissée states one per rate, DGFiP Annexe 7 G7.45).',
  fields: (t) => ({
    percentage: t.exposeFloat('percentage', { description: 'VAT rate in percent (BT-119).' }),
    amount: t.field({ type: 'SafeInt', description: `The part, ${MINOR}.`, resolve: (p) => p.amount }),
  }),
});

const ReportingErrorRef = builder.objectRef<{ rule: string; message: string; location?: string }>('PaymentReportingError').implement({
  description: "Why a 212 was rejected: the PA's acknowledgement detail, or an official artefact's finding when it was never sent.",
  fields: (t) => ({
    rule: t.exposeString('rule'),
    message: t.exposeString('message'),
    location: t.string({ nullable: true, resolve: (e) => e.location || null }),
  }),
});

const ReportingChannelEnum = builder.enumType('PaymentReportingChannel', {
  description: 'Where the payment data go (DSE v3.2 § 2.3.2, § 3.6.4).',
  values: {
    status_212: { description: 'The lifecycle status 212 Encaissée, sent by the gateway to the PA (domestic B2B services).' },
    e_reporting: { description: 'The payment e-reporting (flux 10.4 B2C, 10.2 international B2B).' },
    none: { description: 'Not reported: goods, seller on VAT debits, or reverse charge.' },
  } as const,
});

const ReportingStateEnum = builder.enumType('PaymentReportingState', {
  values: {
    pending: { description: 'Not sent yet (a 212 waits for the invoice to be `sent`; e-reporting for its period to close).' },
    sent: { description: 'The PA took the 212 flow, or the payments e-report covering it; the answer is awaited.' },
    acknowledged: { description: 'The PA acknowledged the 212 `Ok`, or the portal filed the e-report (300 Déposée).' },
    rejected: {
      description:
        'The PA acknowledged the 212 `Error`, or the official artefacts refused it (never sent): see `errors`; for e-reporting, ' +
        'the e-report was refused (301 Rejetée) or invalid: see the report.',
    },
    not_required: { description: 'The channel is `none`.' },
  } as const,
});

const ReportingRef = builder.objectRef<PaymentRecord>('PaymentReporting').implement({
  description: 'How the payment is reported, and where that stands.',
  fields: (t) => ({
    channel: t.field({ type: ReportingChannelEnum, resolve: (p) => p.channel }),
    state: t.field({ type: ReportingStateEnum, resolve: (p) => p.state }),
    reason: t.string({
      description:
        'Why this channel: domestic_b2b_services, b2c_services, international_b2b_services, goods_only, vat_on_debits, reverse_charge.',
      resolve: (p) => p.reason,
    }),
    message: t.string({ description: 'The reason as an English sentence with its source.', resolve: (p) => reasonMessage(p.reason) }),
    errors: t.field({ type: [ReportingErrorRef], nullable: true, resolve: (p) => (p.state === 'rejected' ? (p.errors ?? []) : null) }),
    eReportId: t.id({
      nullable: true,
      description:
        'The payments e-report covering the payment (channel `e_reporting`): the open report of its period until it closes, ' +
        'then the latest one that carried it (a rectificative replaces its period). Its state gives `state`. Null otherwise.',
      resolve: (p) => p.eReportId,
    }),
  }),
});

export const PaymentRef = builder.objectRef<PaymentRecord>('Payment').implement({
  description: 'A payment cashed on an invoice.',
  fields: (t) => ({
    id: t.exposeString('paymentId', { description: 'Your payment id (the idempotency key of recordPayment).' }),
    submissionId: t.exposeID('submissionId'),
    paidAt: t.field({ type: 'Date', description: 'The cashing date.', resolve: (p) => p.paidAt }),
    amount: t.field({ type: 'SafeInt', description: `The amount cashed, ${MINOR}.`, resolve: (p) => p.amount }),
    currency: t.exposeString('currency', { description: 'BT-5 of the invoice.' }),
    method: t.exposeString('method', { nullable: true }),
    parts: t.field({ type: [PaymentPartRef], description: 'The amount per VAT rate, summing to `amount`.', resolve: (p) => p.parts }),
    reporting: t.field({ type: ReportingRef, resolve: (p) => p }),
    trackingId: t.exposeID('id', { description: "The gateway's id of the payment: the 212 flow's trackingId and its CDAR message id." }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
  }),
});

const PaymentPartInputRef = builder.inputType('PaymentPartInput', {
  fields: (t) => ({
    percentage: t.float({ required: true, description: 'A VAT rate of the invoice (BT-119), in percent.' }),
    amount: t.field({ type: 'SafeInt', required: true, description: `The amount cashed at this rate, ${MINOR}, > 0.` }),
  }),
});

export const PaymentInputRef = builder.inputType('PaymentInput', {
  description: 'A payment cashed on an invoice (docs/payments.md).',
  fields: (t) => ({
    id: t.string({ required: true, description: 'Your payment id: the same id with the same body gives the stored payment back.' }),
    paidAt: t.field({ type: 'Date', required: true, description: 'The cashing date, not after today in France.' }),
    amount: t.field({ type: 'SafeInt', required: true, description: `The amount cashed, ${MINOR}, > 0.` }),
    method: t.string({ description: 'Free text (card, transfer, ...).' }),
    vatBreakdown: t.field({
      type: [PaymentPartInputRef],
      description: "The amount per VAT rate; absent: split over the invoice's rates in proportion to their amounts incl. VAT.",
    }),
  }),
});

const PaymentRecordedRef = builder.objectRef<{ payment: PaymentRecord; replayed: boolean }>('PaymentRecorded').implement({
  description: 'The payment as stored.',
  fields: (t) => ({
    payment: t.field({ type: PaymentRef, resolve: (r) => r.payment }),
    replayed: t.exposeBoolean('replayed', {
      description: 'True when this id was recorded before with the same body: nothing new was stored.',
    }),
  }),
});

/** The payment id was used before with another body (REST 409 idempotency-conflict). */
export class PaymentConflict extends Error {
  constructor(readonly existing: PaymentRecord) {
    super(`The payment id "${existing.paymentId.slice(0, 80)}" was recorded with a different body`);
  }
}

builder.objectType(PaymentConflict, {
  name: 'PaymentConflict',
  description: 'The payment id was recorded before with another body; nothing was stored.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ original: t.field({ type: PaymentRef, resolve: (error) => error.existing }) }),
});

builder.objectFields(SubmissionRef, (t) => ({
  payments: t.field({
    type: [PaymentRef],
    description: 'The payments recorded on the invoice, oldest first (none on a credit note).',
    resolve: (s, _args, ctx) => listPayments(ctx.db, tenantOf(ctx).id, s.id),
  }),
}));

builder.mutationFields((t) => ({
  recordPayment: t.field({
    type: PaymentRecordedRef,
    description:
      'Records a payment cashed on the invoice `submissionId` and reports it (212 Encaissée, e-reporting, or not required). ' +
      'ValidationFailed with GW-PAYMENT-* rules; PaymentConflict when the id was used with another body.',
    errors: resultErrors('RecordPaymentResult', [ValidationFailed, NotFound, PaymentConflict]),
    args: { submissionId: t.arg.id({ required: true }), input: t.arg({ type: PaymentInputRef, required: true }) },
    resolve: async (_root, { submissionId, input }, ctx, info) => {
      const result = await recordPayment(ctx.db, tenantOf(ctx).id, String(submissionId), inputToWire(input) as PaymentInput, {
        closeDelayMs: ctx.eReporting?.closeDelayMs ?? DEFAULT_CLOSE_DELAY_MS,
      });
      if (result.ok) return { payment: result.payment, replayed: result.replayed };
      if (result.code === 'not_found') throw new NotFound('invoice', String(submissionId));
      if (result.code === 'conflict') throw new PaymentConflict(result.payment);
      throw new ValidationFailed(inputIssues(info, result.violations as unknown as RuleViolation[]));
    },
  }),
}));
