// The webhooks module's public face: what the app factory, the context, the resolvers and the REST facade import.
export { type PayloadBuilder, webhookJobs } from './deliver.ts';
export {
  changeEndpoint,
  createEndpoint,
  type DeliveryView,
  deleteEndpoint,
  type EndpointInput,
  getEndpoint,
  pageDeliveries,
  redeliver,
  rotateSecret,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookSettings,
} from './endpoints.ts';
export { type EndpointPresence, endpointPresence } from './presence.ts';
export { createWebhookQueue, type WebhookQueue } from './queue.ts';
export { loadSecretsKey } from './secrets.ts';
export type { LookupFn } from './url-policy.ts';
export { type AttemptRow, type EndpointRow, listEndpoints } from './webhook-store.ts';
