/**
 * `POST` and `GET /v1/invoices/{submission_id}/payments` in the OpenAPI document: the payment request and reply, the
 * list, the 409 and the 422 with the GW-PAYMENT-* rules (`../handlers/payments.ts`; docs/payments.md).
 */
import { PAYMENT_RULE_CATALOGUE } from '../../src/domain/payments/catalogue.ts';
import { problemListing, problemOf } from './replies.ts';
import {
  json,
  jsonObject,
  listSchema,
  pathParameter,
  problemResponse,
  schemaRef,
  type Obj,
  tenantResponses,
  jsonResponse,
} from './responses.ts';

const MINOR = 'Integer in minor units of the invoice currency (cents for EUR).';

const PaymentPart = jsonObject(undefined, ['percentage', 'amount'], {
  percentage: { type: 'number', description: 'A VAT rate of the invoice (BT-119), in percent.' },
  amount: { type: 'integer', description: `The amount cashed at this rate. ${MINOR}` },
});

const PaymentInput = jsonObject(
  'A payment cashed on the invoice.',
  ['id', 'paid_at', 'amount'],
  {
    id: {
      type: 'string',
      description: 'Your payment id, unique per tenant: the same id with the same body gives the stored payment back (200).',
    },
    paid_at: { type: 'string', format: 'date', description: 'The cashing date (YYYY-MM-DD), not after today in France.' },
    amount: { type: 'integer', description: `The amount cashed, above 0. ${MINOR}` },
    method: { type: 'string', description: 'Free text (card, transfer, ...).' },
    vat_breakdown: {
      type: 'array',
      items: schemaRef('PaymentPart'),
      description:
        "The amount per VAT rate, summing to `amount`, each rate one of the invoice's. Absent: the gateway splits `amount` " +
        'over the invoice rates in proportion to their amounts including VAT, largest remainder first.',
    },
  },
  { examples: [{ id: 'pay_1042', paid_at: '2026-11-20', amount: 10000, method: 'transfer' }] },
);

const errorSchema = jsonObject(undefined, ['rule', 'message'], {
  rule: { type: 'string' },
  message: { type: 'string' },
  location: { type: 'string' },
});

const Payment = jsonObject(
  'A recorded payment, its parts and how it is reported.',
  ['id', 'paid_at', 'amount', 'currency', 'parts', 'reporting', 'created_at'],
  {
    id: { type: 'string', description: 'Your payment id.' },
    paid_at: { type: 'string', format: 'date' },
    amount: { type: 'integer', description: MINOR },
    currency: { type: 'string', description: 'BT-5 of the invoice.' },
    method: { type: 'string' },
    parts: { type: 'array', minItems: 1, items: schemaRef('PaymentPart'), description: 'The amount per VAT rate, summing to `amount`.' },
    reporting: {
      type: 'object',
      required: ['channel', 'state', 'reason', 'message'],
      properties: {
        channel: {
          type: 'string',
          enum: ['status_212', 'e_reporting', 'none'],
          description: '`status_212`: the 212 Encaissée the gateway sends to the PA; `e_reporting`: the payment e-reporting; `none`.',
        },
        state: { type: 'string', enum: ['pending', 'sent', 'acknowledged', 'rejected', 'not_required'] },
        reason: {
          type: 'string',
          enum: ['domestic_b2b_services', 'b2c_services', 'international_b2b_services', 'goods_only', 'vat_on_debits', 'reverse_charge'],
        },
        message: { type: 'string', description: 'The reason as an English sentence with its source.' },
        e_report_id: {
          type: 'string',
          format: 'uuid',
          description:
            'Channel `e_reporting`: the payments e-report covering the payment (`GET /v1/e-reports/{id}`), the open report of its ' +
            'period until it closes, then the latest that carried it; its state gives `state`.',
        },
        errors: {
          type: 'array',
          items: errorSchema,
          description: 'When `rejected`: the reasons (PA acknowledgement or official artefacts).',
        },
      },
      additionalProperties: false,
    },
    created_at: { type: 'string', format: 'date-time' },
  },
);

const PaymentList = listSchema(schemaRef('Payment'), "The invoice's payments, oldest first.");

/** The payment component schemas, by name. */
export const paymentSchemas: Record<string, Obj> = {
  PaymentPart,
  PaymentInput,
  Payment,
  PaymentList,
  PaymentValidationProblem: problemListing(
    'invalid',
    {
      type: 'object',
      required: ['path', 'rule', 'message'],
      properties: {
        path: { type: 'string', description: 'JSON pointer into the body; empty for the invoice itself (credit note, rejected).' },
        rule: {
          type: 'string',
          enum: PAYMENT_RULE_CATALOGUE.map((entry) => entry.id),
          description: PAYMENT_RULE_CATALOGUE.map((entry) => `${entry.id}: ${entry.summary}`).join(' '),
        },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    '422 (payments): every broken payment rule; nothing is stored.',
  ),
  PaymentConflictProblem: problemOf(
    'idempotencyConflict',
    {},
    '409 (payments): this payment id was recorded before with a different body; nothing is stored.',
  ),
};

const submissionId = pathParameter('submission_id', "The gateway identifier of the invoice; another tenant's or an unknown one is a 404.");

const notFound = problemResponse('No invoice with this id for this tenant.', schemaRef('NotFoundProblem'), []);
const one = (description: string): Obj => jsonResponse(description, schemaRef('Payment'));

/** The `/v1/invoices/{submission_id}/payments` path item. */
export const paymentPaths: Obj = {
  '/v1/invoices/{submission_id}/payments': {
    description: 'Any other method on this path is a 405 (`#/components/responses/MethodNotAllowed`).',
    parameters: [submissionId],
    post: {
      operationId: 'recordPayment',
      tags: ['Payments'],
      summary: 'Record a payment cashed on an invoice',
      description:
        'Stores the payment and reports it: a 212 Encaissée sent to the PA for a domestic B2B invoice of services (once the ' +
        'invoice is `sent`), the payment e-reporting for B2C and international B2B services, nothing for goods, a seller on VAT ' +
        'debits or reverse charge (docs/payments.md). A credit note takes no payment (422 GW-PAYMENT-CREDIT-NOTE).',
      requestBody: { required: true, content: json(schemaRef('PaymentInput'), []) },
      responses: {
        201: one('Recorded; the payment as stored.'),
        200: one('The same `id` with the same body was recorded before: the stored payment, nothing new stored.'),
        400: problemResponse('Malformed request: Content-Type or body.', schemaRef('LifecycleEventMalformedProblem'), []),
        404: notFound,
        409: problemResponse('The payment id was recorded with a different body.', schemaRef('PaymentConflictProblem'), []),
        413: problemResponse('The body exceeds 1 MiB; the connection is closed.', schemaRef('PayloadTooLargeProblem'), []),
        422: problemResponse('Broken payment rules; nothing stored.', schemaRef('PaymentValidationProblem'), []),
        ...tenantResponses,
      },
    },
    get: {
      operationId: 'listPayments',
      tags: ['Payments'],
      summary: "An invoice's payments",
      responses: {
        200: jsonResponse('The payments, oldest first.', schemaRef('PaymentList')),
        404: notFound,
        ...tenantResponses,
      },
    },
  },
};
