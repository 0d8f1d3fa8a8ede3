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
import { notFoundDetail } from './webhook-endpoints.ts';

/** Largest page: the connection's `maxSize`. */
export const MAX_DELIVERIES_PAGE = 100;

type ParameterIssue = { parameter: string; message: string };

/**
 * `limit` (1 to 100; absent: the connection's default, 20) and `after` (the
 * `next_cursor` of the previous page), each at most once; an empty value counts as absent.
 */
function pageArguments(url: string | undefined): { first?: number; after?: string; issues: ParameterIssue[] } {
  const query = new URL(url ?? '/', 'http://gateway.invalid').searchParams;
  const issues: ParameterIssue[] = [];
  const single = (name: string): string | undefined => {
    const values = query.getAll(name).filter((value) => value !== '');
    if (values.length > 1) issues.push({ parameter: name, message: 'must be given at most once' });
    return values[0];
  };
  const limit = single('limit');
  const after = single('after');
  if (limit !== undefined && !(/^[0-9]{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_DELIVERIES_PAGE)) {
    issues.push({ parameter: 'limit', message: `must be an integer from 1 to ${MAX_DELIVERIES_PAGE}` });
  }
  return { ...(limit !== undefined && { first: Number(limit) }), ...(after !== undefined && { after }), issues };
}

/** `{ data: [delivery…], next_cursor? }`; `next_cursor` only when there are older deliveries. */
export const listWebhookDeliveriesHandler: RestHandler = async ({ req, res, params, context, run }) => {
  const { issues, ...page } = pageArguments(req.url);
  if (issues.length > 0) {
    const detail = issues.map((issue) => `${issue.parameter} ${issue.message}`).join('; ');
    return sendProblem(res, 'malformed', { detail, errors: issues });
  }
  const connection = await resultOf(run, WEBHOOK_OPERATIONS.webhookDeliveries, { endpointId: params.id ?? '', ...page }, context);
  if (!connection) return sendProblem(res, 'notFound', { detail: notFoundDetail('webhook endpoint', params.id) });
  const { hasNextPage, endCursor } = connection.pageInfo;
  return sendJson(res, 200, {
    data: connection.edges.map((edge) => webhookDeliveryRecord(edge.node)),
    ...(hasNextPage && endCursor && { next_cursor: endCursor }),
  });
};

/** 202 with the delivery, queued again with the same `webhook-id` and payload; 404 unless it is the endpoint's. */
export const redeliverWebhookHandler: RestHandler = async ({ res, params, context, run }) => {
  const variables = { deliveryId: params.deliveryId ?? '', endpointId: params.id ?? '' };
  const result = await resultOf(run, WEBHOOK_OPERATIONS.redeliverWebhookEvent, variables, context);
  if (result.__typename === 'NotFound') return sendProblem(res, 'notFound', { detail: result.message });
  return sendJson(res, 202, webhookDeliveryRecord(result));
};
