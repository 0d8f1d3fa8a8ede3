/**
 * `GET /v1/webhook-endpoints/{id}/deliveries` (a page of the endpoint's
 * deliveries, newest first, each with its attempts) and
 * `POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver`.
 * Thin adapters over the `webhookDeliveries` connection and the
 * `redeliverWebhookEvent` mutation (their resolvers: src/schema/types/webhook-delivery.ts).
 */
import { sendJson, sendProblem } from '../problem.ts';
import { webhookDeliveryRecord } from '../records.ts';
import { WEBHOOK_OPERATIONS } from '../webhook-operations.ts';
import { type RestHandler, resultOf } from './types.ts';
import { readPage, sendPage } from './page.ts';
import { notFoundDetail } from './webhook-endpoints.ts';

/** `{ data: [delivery…], next_cursor? }`; `next_cursor` only when there are older deliveries. */
export const listWebhookDeliveriesHandler: RestHandler = async ({ req, res, params, context, run }) => {
  const page = readPage(req, res);
  if (!page) return;
  const connection = await resultOf(run, WEBHOOK_OPERATIONS.webhookDeliveries, { endpointId: params.id ?? '', ...page }, context);
  if (!connection) return sendProblem(res, 'notFound', { detail: notFoundDetail('webhook endpoint', params.id) });
  return sendPage(res, connection, webhookDeliveryRecord);
};

/** 202 with the delivery, queued again with the same `webhook-id` and payload; 404 unless it is the endpoint's. */
export const redeliverWebhookHandler: RestHandler = async ({ res, params, context, run }) => {
  const variables = { deliveryId: params.deliveryId ?? '', endpointId: params.id ?? '' };
  const result = await resultOf(run, WEBHOOK_OPERATIONS.redeliverWebhookEvent, variables, context);
  if (result.__typename === 'NotFound') return sendProblem(res, 'notFound', { detail: result.message });
  return sendJson(res, 202, webhookDeliveryRecord(result));
};
