/**
 * `/v1/webhook-endpoints` and `/v1/webhook-endpoints/{id}` (register, list,
 * read, change, delete) and `POST …/{id}/rotate-secret`. Each handler runs
 * one webhook operation of the GraphQL schema and maps its result type to a
 * status; the signing secret appears only in the 201 and the rotation reply.
 * Reach the `createWebhookEndpoint`, `webhookEndpoints`, `webhookEndpoint`,
 * `updateWebhookEndpoint`, `deleteWebhookEndpoint` and `rotateWebhookSecret`
 * resolvers (src/schema/types/webhook-endpoint.ts).
 */
import { sendJson, sendProblem } from '../problem.ts';
import { webhookEndpointRecord, type WebhookEndpointFields } from '../records.ts';
import { WEBHOOK_OPERATIONS } from '../webhook-operations.ts';
import { refusableBodyResultOf } from './input.ts';
import { type RestHandler, resultOf } from './types.ts';

/** The same wording as the GraphQL `NotFound` message. */
export function notFoundDetail(kind: string, id: string | undefined): string {
  return `No ${kind} with id "${(id ?? '').slice(0, 80)}"`;
}

const withSecret = (result: { secret: string; endpoint: WebhookEndpointFields }) => ({
  ...webhookEndpointRecord(result.endpoint),
  secret: result.secret,
});

/** `POST /v1/webhook-endpoints`: 201 with the secret (shown once) and `Location`; 422 for a refused URL or event type. */
export const createWebhookEndpointHandler: RestHandler = async (handlerInput) => {
  const { res, routePath } = handlerInput;
  const result = await refusableBodyResultOf(handlerInput, WEBHOOK_OPERATIONS.createWebhookEndpoint, (input) => ({ input }));
  if (!result) return;
  return sendJson(res, 201, withSecret(result), { Location: `${routePath}/${result.endpoint.id}` });
};

/** `GET /v1/webhook-endpoints`: `{ data: [endpoint…] }`, oldest first. */
export const listWebhookEndpointsHandler: RestHandler = async ({ res, context, run }) => {
  const endpoints = await resultOf(run, WEBHOOK_OPERATIONS.webhookEndpoints, {}, context);
  return sendJson(res, 200, { data: endpoints.map(webhookEndpointRecord) });
};

/** `GET /v1/webhook-endpoints/{id}`: 404 for an unknown id or another tenant's. */
export const getWebhookEndpointHandler: RestHandler = async ({ res, params, context, run }) => {
  const endpoint = await resultOf(run, WEBHOOK_OPERATIONS.webhookEndpoint, { id: params.id ?? '' }, context);
  if (!endpoint) return sendProblem(res, 'notFound', { detail: notFoundDetail('webhook endpoint', params.id) });
  return sendJson(res, 200, webhookEndpointRecord(endpoint));
};

/** `PATCH /v1/webhook-endpoints/{id}`: any of `url`, `event_types`, `description`, `enabled`. */
export const updateWebhookEndpointHandler: RestHandler = async (handlerInput) => {
  const { res, params } = handlerInput;
  const operation = WEBHOOK_OPERATIONS.updateWebhookEndpoint;
  const result = await refusableBodyResultOf(handlerInput, operation, (input) => ({ id: params.id ?? '', input }));
  switch (result?.__typename) {
    case 'WebhookEndpoint':
      return sendJson(res, 200, webhookEndpointRecord(result));
    case 'NotFound':
      return sendProblem(res, 'notFound', { detail: result.message });
  }
};

/** `DELETE /v1/webhook-endpoints/{id}`: 204; the endpoint receives nothing more. */
export const deleteWebhookEndpointHandler: RestHandler = async ({ res, params, context, run }) => {
  const result = await resultOf(run, WEBHOOK_OPERATIONS.deleteWebhookEndpoint, { id: params.id ?? '' }, context);
  if (result.__typename === 'NotFound') return sendProblem(res, 'notFound', { detail: result.message });
  res.writeHead(204);
  res.end();
};

/** `POST /v1/webhook-endpoints/{id}/rotate-secret`: the endpoint with its new secret; the old one signs for 24 h more. */
export const rotateWebhookSecretHandler: RestHandler = async ({ res, params, context, run }) => {
  const result = await resultOf(run, WEBHOOK_OPERATIONS.rotateWebhookSecret, { id: params.id ?? '' }, context);
  if (result.__typename === 'NotFound') return sendProblem(res, 'notFound', { detail: result.message });
  return sendJson(res, 200, withSecret(result));
};
