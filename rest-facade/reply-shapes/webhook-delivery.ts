/**
 * A webhook delivery with its attempts: `webhookDeliveryRecord` in `../records.ts` returns it, the OpenAPI document
 * serves its schema (`../openapi/webhooks.ts`).
 */
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/index.ts';
import { array, component, dateTime, integer, object, oneOf, ref, required, text } from './kinds.ts';

/** Where a delivery stands: an attempt due, a 2xx received, or given up. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One attempt: `{ attempted_at, http_status?, duration_ms, error? }`. */
export const WebhookAttempt = component(
  'WebhookAttempt',
  object(
    {
      attempted_at: required(dateTime('When the request was sent.')),
      http_status: integer({
        minimum: 100,
        maximum: 599,
        description: "The receiver's status; absent when no answer came (timeout, connection refused, address refused).",
      }),
      duration_ms: required(integer({ minimum: 0, description: 'Until the answer was complete, or until the attempt gave up.' })),
      error: text({
        description: 'Why the attempt failed (`HTTP 503`, `timeout: …`, `connect ECONNREFUSED …`, `refused: …`); absent on success.',
      }),
    },
    { description: 'One attempt to deliver.' },
  ),
);

/** One event for one endpoint: `{ id, webhook_id, event_type, status, created_at, next_attempt_at?, attempts }`. */
export const WebhookDelivery = component(
  'WebhookDelivery',
  object(
    {
      id: required(text({ format: 'uuid', description: 'Identifier of the delivery (a UUIDv7), for redelivery.' })),
      webhook_id: required(
        text({
          pattern: '^msg_[0-9a-f]{32}$',
          description: 'The `webhook-id` header of every attempt of this delivery: deduplicate on it.',
        }),
      ),
      event_type: required(oneOf(WEBHOOK_EVENT_TYPES)),
      status: required(
        oneOf(DELIVERY_STATUSES, {
          description:
            '`pending`: an attempt is due at `next_attempt_at`. `succeeded`: a 2xx came within 10 seconds. `failed`: given ' +
            'up (about three days of failures, a 410, or the endpoint disabled or deleted); it can be redelivered.',
        }),
      ),
      created_at: required(dateTime('When the event was queued for this endpoint.')),
      next_attempt_at: dateTime('Pending deliveries only: when the next attempt is due.'),
      attempts: required(array(ref(WebhookAttempt), { description: 'Oldest first; empty until the first attempt.' })),
    },
    { description: 'One event for one endpoint, with every attempt. The payload never changes, whatever the number of attempts.' },
  ),
);
