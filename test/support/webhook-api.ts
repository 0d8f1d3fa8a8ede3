/**
 * The gateway's webhook API, through GraphQL: the few calls that webhook
 * tests share to register, inspect and delete endpoints and read their
 * deliveries.
 */
import type { Client } from './client.ts';
import type { Receiver } from './receiver.ts';

/** Every webhook event type, as registered with an endpoint. */
export const ALL_EVENT_TYPES = ['submission.received', 'submission.lifecycle_status_added', 'submission.processing_state_changed'] as const;

const ENDPOINT_FIELDS = 'id url description eventTypes enabled disabledAt disabledReason previousSecretExpiresAt';

/** Registers `receiver` as an endpoint of `client`'s tenant and gives it the signing secret. */
export async function registerEndpoint(
  client: Client,
  receiver: Receiver,
  eventTypes: readonly string[] = ['submission.received'],
): Promise<{ id: string; secret: string }> {
  const reply = await client.graphql(
    `mutation ($input: WebhookEndpointInput!) {
      createWebhookEndpoint(input: $input) {
        __typename
        ... on WebhookEndpointCreated { secret endpoint { id } }
        ... on ValidationFailed { issues { path rule message } }
      }
    }`,
    { input: { url: receiver.url, eventTypes, description: 'test receiver' } },
  );
  const created = reply.body.data?.createWebhookEndpoint;
  if (created?.__typename !== 'WebhookEndpointCreated') throw new Error(`registration failed: ${reply.text}`);
  receiver.secret = created.secret;
  return { id: created.endpoint.id, secret: created.secret };
}

/** One delivery attempt as GraphQL `webhookDeliveries` returns it. */
export interface AttemptNode {
  attemptedAt: string;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** One delivery as GraphQL `webhookDeliveries` returns it, with its attempts (oldest first). */
export interface DeliveryNode {
  id: string;
  webhookId: string;
  eventType: string;
  status: string;
  payload: string;
  nextAttemptAt: string | null;
  attempts: AttemptNode[];
}

/** The endpoint's deliveries, newest first, with their attempts (oldest first); null when the tenant cannot see it. */
export async function deliveriesOf(client: Client, endpointId: string): Promise<DeliveryNode[] | null> {
  const connection = await gql(
    client,
    `query ($id: ID!) {
      webhookDeliveries(endpointId: $id, first: 100) {
        edges { node { id webhookId eventType status payload nextAttemptAt attempts { attemptedAt httpStatus durationMs error } } }
      }
    }`,
    { id: endpointId },
  );
  if (!connection) return connection;
  return connection.edges.map((edge: { node: DeliveryNode }) => edge.node);
}

/** The endpoint's record; null when the tenant cannot see it. */
export async function endpointOf(client: Client, id: string): Promise<any> {
  return gql(client, `query ($id: ID!) { webhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`, { id });
}

/** Runs a GraphQL operation with a single root field and returns that field's value (GraphQL errors throw). */
export async function gql(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const reply = await client.graphql(query, variables);
  if (reply.body.errors || !reply.body.data) throw new Error(`GraphQL failed: ${reply.text}`);
  return Object.values(reply.body.data)[0];
}

/** Deletes an endpoint (test clean-up: its pending deliveries then fail without being sent). */
export async function deleteEndpoint(client: Client, id: string): Promise<void> {
  await gql(client, 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { __typename } }', { id });
}
