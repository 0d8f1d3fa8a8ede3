/**
 * `/v1/webhook-endpoints` and `/v1/webhook-endpoints/{id}` (register, list,
 * read, change, delete) and `POST …/{id}/rotate-secret`. Each handler runs
 * one webhook operation of the GraphQL schema and maps its result type to a
 * status; the signing secret appears only in the 201 and the rotation reply.
 */
import type { Context } from '../../src/context.ts';
import { OperationFailed, type RunOperation } from '../../src/http/run-operation.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { webhookEndpointRecord, type GraphQLWebhookEndpoint } from '../records.ts';
import { WEBHOOK_OPERATIONS, type WebhookOperationName } from '../webhook-operations.ts';
import { inputType, readInput, sendValidationFailed } from './input.ts';
import type { RestHandler } from './types.ts';

type Issues = Array<{ path: string; rule: string; message: string }>;
type WithSecret = { secret: string; endpoint: GraphQLWebhookEndpoint };

type CreateResult = ({ __typename: 'WebhookEndpointCreated' } & WithSecret) | { __typename: 'ValidationFailed'; issues: Issues };
type UpdateResult =
  | ({ __typename: 'WebhookEndpoint' } & GraphQLWebhookEndpoint)
  | { __typename: 'ValidationFailed'; issues: Issues }
  | { __typename: 'NotFound'; message: string };
type DeleteResult = { __typename: 'WebhookEndpointDeleted' } | { __typename: 'NotFound'; message: string };
type RotateResult = ({ __typename: 'WebhookSecretRotated' } & WithSecret) | { __typename: 'NotFound'; message: string };

const COLLECTION = '/v1/webhook-endpoints';
const createType = inputType('WebhookEndpointInput');
const patchType = inputType('WebhookEndpointPatch');

/** Runs webhook operation `name`; its `result` field, or throws on GraphQL errors (403 FORBIDDEN among them). */
export async function runWebhookOperation<T>(
  run: RunOperation,
  name: WebhookOperationName,
  variables: Record<string, unknown>,
  context: Context,
): Promise<T> {
  const outcome = await run(WEBHOOK_OPERATIONS[name], variables, context);
  if (!outcome.ok) throw new OperationFailed(outcome.errors);
  return outcome.result as T;
}

/** The same wording as the GraphQL `NotFound` message. */
export function notFoundDetail(kind: string, id: string | undefined): string {
  return `No ${kind} with id "${(id ?? '').slice(0, 80)}"`;
}

const withSecret = (result: WithSecret) => ({ ...webhookEndpointRecord(result.endpoint), secret: result.secret });

/** `POST /v1/webhook-endpoints`: 201 with the secret (shown once) and `Location`; 422 for a refused URL or event type. */
export const createWebhookEndpointHandler: RestHandler = async ({ req, res, context, run }) => {
  const read = await readInput(req, res, createType);
  if (!read) return;
  const result = await runWebhookOperation<CreateResult>(run, 'createWebhookEndpoint', { input: read.input }, context);
  if (result.__typename === 'ValidationFailed') return sendValidationFailed(res, createType, result.issues);
  return sendJson(res, 201, withSecret(result), { Location: `${COLLECTION}/${result.endpoint.id}` });
};

/** `GET /v1/webhook-endpoints`: `{ data: [endpoint…] }`, oldest first. */
export const listWebhookEndpointsHandler: RestHandler = async ({ res, context, run }) => {
  const endpoints = await runWebhookOperation<GraphQLWebhookEndpoint[]>(run, 'webhookEndpoints', {}, context);
  return sendJson(res, 200, { data: endpoints.map(webhookEndpointRecord) });
};

/** `GET /v1/webhook-endpoints/{id}`: 404 for an unknown id or another tenant's. */
export const getWebhookEndpointHandler: RestHandler = async ({ res, params, context, run }) => {
  const endpoint = await runWebhookOperation<GraphQLWebhookEndpoint | null>(run, 'webhookEndpoint', { id: params.id }, context);
  if (!endpoint) return sendProblem(res, 'notFound', { detail: notFoundDetail('webhook endpoint', params.id) });
  return sendJson(res, 200, webhookEndpointRecord(endpoint));
};

/** `PATCH /v1/webhook-endpoints/{id}`: any of `url`, `event_types`, `description`, `enabled`. */
export const updateWebhookEndpointHandler: RestHandler = async ({ req, res, params, context, run }) => {
  const read = await readInput(req, res, patchType);
  if (!read) return;
  const result = await runWebhookOperation<UpdateResult>(run, 'updateWebhookEndpoint', { id: params.id, input: read.input }, context);
  switch (result.__typename) {
    case 'WebhookEndpoint':
      return sendJson(res, 200, webhookEndpointRecord(result));
    case 'ValidationFailed':
      return sendValidationFailed(res, patchType, result.issues);
    case 'NotFound':
      return sendProblem(res, 'notFound', { detail: result.message });
  }
};

/** `DELETE /v1/webhook-endpoints/{id}`: 204; the endpoint receives nothing more. */
export const deleteWebhookEndpointHandler: RestHandler = async ({ res, params, context, run }) => {
  const result = await runWebhookOperation<DeleteResult>(run, 'deleteWebhookEndpoint', { id: params.id }, context);
  if (result.__typename === 'NotFound') return sendProblem(res, 'notFound', { detail: result.message });
  res.writeHead(204);
  res.end();
};

/** `POST /v1/webhook-endpoints/{id}/rotate-secret`: the endpoint with its new secret; the old one signs for 24 h more. */
export const rotateWebhookSecretHandler: RestHandler = async ({ res, params, context, run }) => {
  const result = await runWebhookOperation<RotateResult>(run, 'rotateWebhookSecret', { id: params.id }, context);
  if (result.__typename === 'NotFound') return sendProblem(res, 'notFound', { detail: result.message });
  return sendJson(res, 200, withSecret(result));
};
