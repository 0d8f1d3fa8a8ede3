/**
 * Examples of the webhook endpoint operations, recorded from a running
 * gateway (the URL made https). `examples.ts` adds them to
 * `components.examples`; the OpenAPI test validates each against its schema.
 */

import { detailExample, errorsExample, type Example } from './example-values.ts';

const ENDPOINT_ID = '01a2043a-3989-755b-a495-0ec159a8c59b';
const DELIVERY_ID = '01a2043b-5b5d-77b4-ae67-d1ddfd45cd18';
const UNKNOWN_ID = '01a203fb-0000-7000-8000-000000000000';
const EVENT_TYPES =
  'submission.received, submission.processing_state_changed, submission.lifecycle_status_added, e_report.sent, e_report.accepted, e_report.rejected';

const endpoint = {
  id: ENDPOINT_ID,
  url: 'https://hooks.example.com/passerelle',
  event_types: ['submission.received', 'submission.lifecycle_status_added'],
  description: 'Billing notifications',
  enabled: true,
  created_at: '2026-11-22T17:07:34.416Z',
  updated_at: '2026-11-22T17:07:34.416Z',
};

const failedAttempts = [
  { attempted_at: '2026-11-22T17:08:48.625Z', http_status: 503, duration_ms: 44, error: 'HTTP 503' },
  { attempted_at: '2026-11-22T17:08:53.610Z', http_status: 503, duration_ms: 8, error: 'HTTP 503' },
];

const retrying = {
  id: DELIVERY_ID,
  webhook_id: 'msg_01a2043b5b5d77b4ae67d1ddfd45cd18',
  event_type: 'submission.received',
  status: 'pending',
  created_at: '2026-11-22T17:08:48.596Z',
  next_attempt_at: '2026-11-22T17:13:58.833Z',
  attempts: failedAttempts,
};

const delivered = {
  id: '01a2043a-4a97-7771-89af-2383aaea3ca0',
  webhook_id: 'msg_01a2043a4a9777189af2383aaea3ca0f',
  event_type: 'submission.lifecycle_status_added',
  status: 'succeeded',
  created_at: '2026-11-22T17:07:38.799Z',
  attempts: [{ attempted_at: '2026-11-22T17:07:38.861Z', http_status: 204, duration_ms: 17 }],
};

export const webhookRequestExamples: Record<string, Example> = {
  RegisterWebhookEndpoint: {
    summary: 'Receive new submissions and their lifecycle statuses',
    value: {
      url: 'https://hooks.example.com/passerelle',
      event_types: ['submission.received', 'submission.lifecycle_status_added'],
      description: 'Billing notifications',
    },
  },
  DisableWebhookEndpoint: { summary: 'Stop deliveries for now (`"enabled": true` resumes them)', value: { enabled: false } },
  MoveWebhookEndpoint: {
    summary: 'A new URL and every event type',
    value: {
      url: 'https://hooks.example.com/passerelle/v2',
      event_types: ['submission.received', 'submission.processing_state_changed', 'submission.lifecycle_status_added'],
    },
  },
};

export const webhookReplyExamples: Record<string, Example> = {
  WebhookEndpointCreated: {
    summary: 'Registered; the secret is shown this once',
    value: { ...endpoint, secret: 'whsec_ZENaPBoyeiGxd1ir6ME97tElsxNCr583w2V7p0wNj1s=' },
  },
  WebhookEndpoint: { summary: 'An enabled endpoint', value: endpoint },
  WebhookEndpointDisabled: {
    summary: 'Disabled by hand (PATCH `"enabled": false`)',
    value: {
      ...endpoint,
      enabled: false,
      disabled_at: '2026-11-22T17:07:59.089Z',
      disabled_reason: 'manual',
      updated_at: '2026-11-22T17:07:59.090Z',
    },
  },
  WebhookEndpointGone: {
    summary: 'Disabled by the gateway: the receiver answered 410 Gone',
    value: {
      ...endpoint,
      enabled: false,
      disabled_at: '2026-11-23T08:12:40.513Z',
      disabled_reason: 'gone',
    },
  },
  WebhookEndpointList: { summary: 'One endpoint', value: { data: [endpoint] } },
  WebhookSecretRotated: {
    summary: 'A new secret; the previous one also signs until previous_secret_expires_at',
    value: {
      ...endpoint,
      previous_secret_expires_at: '2026-11-23T17:07:52.978Z',
      updated_at: '2026-11-22T17:07:52.978Z',
      secret: 'whsec_34V6c3uiT3p7DIGjmOUWjbCp97s9r7aQp/FwguyADQo=',
    },
  },
  WebhookDeliveries: {
    summary: 'A delivery being retried after two 503s, then a delivered one; more are older',
    value: { data: [retrying, delivered], next_cursor: delivered.id },
  },
  NoWebhookDeliveries: { summary: 'Nothing delivered yet (or no older delivery)', value: { data: [] } },
  WebhookRedelivered: {
    summary: 'Queued again, with the same webhook-id and payload',
    value: { ...retrying, next_attempt_at: '2026-11-22T17:09:02.151Z' },
  },
  WebhookEndpointNotFound: detailExample(
    "No such endpoint for this tenant (another tenant's included)",
    'notFound',
    `No webhook endpoint with id "${UNKNOWN_ID}"`,
  ),
  WebhookDeliveryNotFound: detailExample('No such delivery for this tenant', 'notFound', `No webhook delivery with id "${UNKNOWN_ID}"`),
  WebhookEndpointRefused: errorsExample('An http URL and an unknown event type', 'invalid', [
    { path: '/url', rule: 'GW-WEBHOOK-URL', message: 'The webhook URL must use https.' },
    { path: '/event_types/1', rule: 'GW-WEBHOOK-EVENT-TYPE', message: `Unknown event type "invoice.paid"; known: ${EVENT_TYPES}` },
  ]),
  WebhookAddressRefused: errorsExample('A host that resolves to a private address', 'invalid', [
    {
      path: '/url',
      rule: 'GW-WEBHOOK-URL',
      message: 'The webhook host intranet.example.com resolves to an address that is not public.',
    },
  ]),
  WebhookStructureErrors: errorsExample('event_types not an array, url missing', 'malformed', [
    { path: '/event_types', message: 'must be an array' },
    { path: '/url', message: 'is required' },
  ]),
  WebhookPatchStructureErrors: errorsExample('enabled not a boolean', 'malformed', [{ path: '/enabled', message: 'must be a boolean' }]),
  InvalidLimit: errorsExample('limit out of range', 'malformed', [{ parameter: 'limit', message: 'must be an integer from 1 to 100' }]),
};
