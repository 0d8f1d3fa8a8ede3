/**
 * `/v1/invoices/{submission_id}/payments`: `POST` records a payment (201, or 200 for a replay of the same id and
 * body), `GET` lists the invoice's payments. Thin adapters over the `recordPayment` and `invoicePayments` operations
 * (their resolvers: src/schema/types/payment.ts).
 */
import type { ResultOf } from '../../src/graphql/tada.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { refusableBodyResultOf } from './input.ts';
import { type RestHandler, resultOf } from './types.ts';

type PaymentFields = NonNullable<ResultOf<typeof OPERATIONS.invoicePayments>['result']>['payments'][number];

/** A payment as REST shows it (snake_case; absent rather than null for `method` and `reporting.errors`). */
export function paymentRecord(payment: PaymentFields): Record<string, unknown> {
  const { reporting } = payment;
  return {
    id: payment.id,
    paid_at: payment.paidAt,
    amount: payment.amount,
    currency: payment.currency,
    ...(payment.method != null && { method: payment.method }),
    parts: payment.parts,
    reporting: {
      channel: reporting.channel,
      state: reporting.state,
      reason: reporting.reason,
      message: reporting.message,
      ...(reporting.eReportId != null && { e_report_id: reporting.eReportId }),
      ...(reporting.errors && {
        errors: reporting.errors.map((e) => ({ rule: e.rule, message: e.message, ...(e.location && { location: e.location }) })),
      }),
    },
    created_at: payment.createdAt,
  };
}

const notFound = (id: string | undefined) => `No invoice with id "${(id ?? '').slice(0, 80)}"`;

/** `POST /v1/invoices/{submission_id}/payments`: 201 (new) or 200 (replay), 404, 409, 400/422 for the body. */
export const recordPaymentHandler: RestHandler = async (handlerInput) => {
  const { res, params } = handlerInput;
  const result = await refusableBodyResultOf(handlerInput, OPERATIONS.recordPayment, (input) => ({ submissionId: params.id ?? '', input }));
  switch (result?.__typename) {
    case 'NotFound':
      return sendProblem(res, 'notFound', { detail: notFound(params.id) });
    case 'PaymentConflict':
      return sendProblem(res, 'idempotencyConflict', { detail: result.message });
    case 'PaymentRecorded':
      return sendJson(res, result.replayed ? 200 : 201, paymentRecord(result.payment), {
        ...(result.replayed && { 'Idempotent-Replayed': 'true' }),
      });
  }
};

/** `GET /v1/invoices/{submission_id}/payments`: `{ data: [payment…] }`, oldest first; 404 unless one of the tenant's invoices. */
export const listPaymentsHandler: RestHandler = async ({ res, params, context, run }) => {
  const invoice = await resultOf(run, OPERATIONS.invoicePayments, { id: params.id ?? '' }, context);
  if (!invoice) return sendProblem(res, 'notFound', { detail: notFound(params.id) });
  return sendJson(res, 200, { data: invoice.payments.map(paymentRecord) });
};
