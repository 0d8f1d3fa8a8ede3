/**
 * The GraphQL operations behind `/v1/webhook-endpoints`. As in
 * `operations.ts`, each endpoint runs one of these typed documents (root
 * field aliased `result`) and adds no rule of its own.
 */
import { graphql } from '../src/graphql/tada.ts';

/** A webhook endpoint's fields (`webhookEndpointRecord` in records.ts reads them). */
export const ENDPOINT = graphql(`
  fragment WebhookEndpointRecord on WebhookEndpoint {
    id url description eventTypes enabled disabledAt disabledReason previousSecretExpiresAt createdAt updatedAt
  }
`);

/** A webhook delivery's fields (`webhookDeliveryRecord` in records.ts reads them). */
export const DELIVERY = graphql(`
  fragment WebhookDeliveryRecord on WebhookDelivery {
    id webhookId eventType status createdAt nextAttemptAt
    attempts { attemptedAt httpStatus durationMs error }
  }
`);

const INVALID = graphql(`fragment WebhookInputRefused on ValidationFailed { message }`);

export const WEBHOOK_OPERATIONS = {
  createWebhookEndpoint: graphql(
    `
    mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {
      result: createWebhookEndpoint(input: $input) {
        __typename
        ... on WebhookEndpointCreated { secret endpoint { ...WebhookEndpointRecord } }
        ...WebhookInputRefused
      }
    }
  `,
    [ENDPOINT, INVALID],
  ),
  webhookEndpoints: graphql(`query WebhookEndpoints { result: webhookEndpoints { ...WebhookEndpointRecord } }`, [ENDPOINT]),
  webhookEndpoint: graphql(`query WebhookEndpoint($id: ID!) { result: webhookEndpoint(id: $id) { ...WebhookEndpointRecord } }`, [ENDPOINT]),
  updateWebhookEndpoint: graphql(
    `
    mutation UpdateWebhookEndpoint($id: ID!, $input: WebhookEndpointPatch!) {
      result: updateWebhookEndpoint(id: $id, input: $input) {
        __typename
        ... on WebhookEndpoint { ...WebhookEndpointRecord }
        ...WebhookInputRefused
        ... on NotFound { message }
      }
    }
  `,
    [ENDPOINT, INVALID],
  ),
  deleteWebhookEndpoint: graphql(`
    mutation DeleteWebhookEndpoint($id: ID!) {
      result: deleteWebhookEndpoint(id: $id) {
        __typename
        ... on NotFound { message }
      }
    }
  `),
  rotateWebhookSecret: graphql(
    `
    mutation RotateWebhookSecret($id: ID!) {
      result: rotateWebhookSecret(id: $id) {
        __typename
        ... on WebhookSecretRotated { secret endpoint { ...WebhookEndpointRecord } }
        ... on NotFound { message }
      }
    }
  `,
    [ENDPOINT],
  ),
  webhookDeliveries: graphql(
    `
    query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {
      result: webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
        edges { node { ...WebhookDeliveryRecord } }
        pageInfo { hasNextPage endCursor }
      }
    }
  `,
    [DELIVERY],
  ),
  redeliverWebhookEvent: graphql(
    `
    mutation RedeliverWebhookEvent($deliveryId: ID!, $endpointId: ID!) {
      result: redeliverWebhookEvent(deliveryId: $deliveryId, endpointId: $endpointId) {
        __typename
        ... on WebhookDelivery { ...WebhookDeliveryRecord }
        ... on NotFound { message }
      }
    }
  `,
    [DELIVERY],
  ),
} as const;
