/**
 * The GraphQL operations behind `/v1/webhook-endpoints`. As in
 * `operations.ts`, each endpoint runs one of these (root field aliased
 * `result`) and adds no rule of its own.
 */
const ENDPOINT = /* GraphQL */ `
  fragment WebhookEndpointRecord on WebhookEndpoint {
    id url description eventTypes enabled disabledAt disabledReason previousSecretExpiresAt createdAt updatedAt
  }
`;

const DELIVERY = /* GraphQL */ `
  fragment WebhookDeliveryRecord on WebhookDelivery {
    id webhookId eventType status createdAt nextAttemptAt
    attempts { attemptedAt httpStatus durationMs error }
  }
`;

const INVALID = 'message issues { path rule message }';

export const WEBHOOK_OPERATIONS = {
  createWebhookEndpoint: /* GraphQL */ `
    mutation ($input: WebhookEndpointInput!) {
      result: createWebhookEndpoint(input: $input) {
        __typename
        ... on WebhookEndpointCreated { secret endpoint { ...WebhookEndpointRecord } }
        ... on ValidationFailed { ${INVALID} }
      }
    }
    ${ENDPOINT}
  `,
  webhookEndpoints: `query { result: webhookEndpoints { ...WebhookEndpointRecord } } ${ENDPOINT}`,
  webhookEndpoint: `query ($id: ID!) { result: webhookEndpoint(id: $id) { ...WebhookEndpointRecord } } ${ENDPOINT}`,
  updateWebhookEndpoint: /* GraphQL */ `
    mutation ($id: ID!, $input: WebhookEndpointPatch!) {
      result: updateWebhookEndpoint(id: $id, input: $input) {
        __typename
        ... on WebhookEndpoint { ...WebhookEndpointRecord }
        ... on ValidationFailed { ${INVALID} }
        ... on NotFound { message }
      }
    }
    ${ENDPOINT}
  `,
  deleteWebhookEndpoint: /* GraphQL */ `
    mutation ($id: ID!) {
      result: deleteWebhookEndpoint(id: $id) {
        __typename
        ... on NotFound { message }
      }
    }
  `,
  rotateWebhookSecret: /* GraphQL */ `
    mutation ($id: ID!) {
      result: rotateWebhookSecret(id: $id) {
        __typename
        ... on WebhookSecretRotated { secret endpoint { ...WebhookEndpointRecord } }
        ... on NotFound { message }
      }
    }
    ${ENDPOINT}
  `,
  webhookDeliveries: /* GraphQL */ `
    query ($endpointId: ID!, $first: Int, $after: String) {
      result: webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
        edges { node { ...WebhookDeliveryRecord } }
        pageInfo { hasNextPage endCursor }
      }
    }
    ${DELIVERY}
  `,
  redeliverWebhookEvent: /* GraphQL */ `
    mutation ($deliveryId: ID!, $endpointId: ID!) {
      result: redeliverWebhookEvent(deliveryId: $deliveryId, endpointId: $endpointId) {
        __typename
        ... on WebhookDelivery { ...WebhookDeliveryRecord }
        ... on NotFound { message }
      }
    }
    ${DELIVERY}
  `,
} as const;

export type WebhookOperationName = keyof typeof WEBHOOK_OPERATIONS;
