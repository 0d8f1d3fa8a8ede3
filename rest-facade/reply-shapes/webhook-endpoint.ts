/**
 * A webhook endpoint as the REST replies show it, with and without its new signing secret: `webhookEndpointRecord`
 * in `../records.ts` and `../handlers/webhook-endpoints.ts` return them, the OpenAPI document serves their schemas
 * (`../openapi/webhooks.ts`).
 */
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/index.ts';
import { array, boolean, component, dateTime, object, oneOf, required, text } from './kinds.ts';

/** Why an endpoint is disabled: a 410 Gone, three days of failures, or by hand. */
export const DISABLED_REASONS = ['gone', 'failing', 'manual'] as const;

const endpoint = {
  id: required(text({ format: 'uuid', description: 'Identifier of the endpoint (a UUIDv7).' })),
  url: required(text({ description: 'The URL, as registered.' })),
  event_types: required(
    array(oneOf(WEBHOOK_EVENT_TYPES), { minItems: 1, uniqueItems: true, description: 'The event types the endpoint receives.' }),
  ),
  description: text({ description: 'Absent when none was given.' }),
  enabled: required(boolean({ description: 'False once disabled (see `disabled_at`, `disabled_reason`).' })),
  disabled_at: dateTime('When the endpoint was disabled; absent while it is enabled.'),
  disabled_reason: oneOf(DISABLED_REASONS, {
    description:
      'Why it is disabled: `gone` (the receiver answered 410 Gone), `failing` (every attempt failed for three days), ' +
      '`manual` (PATCH `"enabled": false`). Absent while enabled.',
  }),
  previous_secret_expires_at: dateTime(
    'After a secret rotation: until then, deliveries carry a signature with the previous secret too. Absent otherwise.',
  ),
  created_at: required(dateTime('Registration time, in UTC.')),
  updated_at: required(dateTime('Last change through the API, in UTC.')),
};

/** `{ id, url, event_types, description?, enabled, disabled_at?, disabled_reason?, previous_secret_expires_at?, created_at, updated_at }`. */
export const WebhookEndpoint = component(
  'WebhookEndpoint',
  object(endpoint, {
    description: 'A webhook endpoint. Never carries the signing secret. Absent optional fields are left out, never null.',
  }),
);

/** The endpoint and its new signing secret: the replies of registration and rotation only. */
export const WebhookEndpointWithSecret = component(
  'WebhookEndpointWithSecret',
  object(
    {
      ...endpoint,
      secret: required(
        text({
          pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
          description:
            'The signing secret (Standard Webhooks format: `whsec_` and the base64 of 32 random bytes). Shown in this reply ' +
            'only: store it now. Give it as is to a Standard Webhooks verifier.',
        }),
      ),
    },
    { description: 'A webhook endpoint and its new signing secret (registration and rotation only).' },
  ),
);
