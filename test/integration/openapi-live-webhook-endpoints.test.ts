/**
 * Live replies of the webhook endpoint operations (register, list, read,
 * PATCH, rotate the secret, deliveries, redeliver, DELETE) conform to the
 * OpenAPI document, success and every refusal.
 */
import { describe, expect, it } from 'vitest';
import type { Client, Reply } from '../support/client.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';
import { conforms, DELIVERIES, REDELIVER, ROTATE_SECRET, WEBHOOK_ENDPOINT, WEBHOOK_ENDPOINTS } from '../support/openapi.ts';
import { unknownId } from '../support/openapi-requests.ts';

describe.each(engines())('live replies conform to the document (%s)', (engine) => {
  let gateway: Gateway, platform: Client;
  suiteGateway(engine, (started) => ({ gateway, platform } = started), { clients: ['platform'] });

  // The 202 of a redelivery needs a delivery, which waits on the webhook queue: rest-webhook-endpoints-deliveries.test.ts
  // checks it (its client checks every GET and POST reply against this document).
  it('webhook endpoints: 200, 201, 204, 400, 401, 403, 404, 413 and 422 conform', async () => {
    const tenant = await gateway.tenant();
    const other = await gateway.tenant();
    const registration = { url: 'http://127.0.0.1:9/hooks', event_types: ['submission.received'], description: 'smoke' };
    const created = await tenant.post(WEBHOOK_ENDPOINTS, registration);
    expect(created.status).toBe(201);
    conforms(created, 'post', WEBHOOK_ENDPOINTS);
    const path = `${WEBHOOK_ENDPOINTS}/${created.body.id}`;
    const strangers = `${WEBHOOK_ENDPOINTS}/${(await other.post(WEBHOOK_ENDPOINTS, registration)).body.id}`;
    const redeliver = (endpoint: string) => `${endpoint}/deliveries/${unknownId()}/redeliver`;
    const huge = ' '.repeat(1024 * 1024 + 1);
    const cases: Array<[string, () => Promise<Reply>, number, 'get' | 'post' | 'patch' | 'delete', string]> = [
      ['list', () => tenant.get(WEBHOOK_ENDPOINTS), 200, 'get', WEBHOOK_ENDPOINTS],
      ['list 401', () => gateway.anonymous().get(WEBHOOK_ENDPOINTS), 401, 'get', WEBHOOK_ENDPOINTS],
      ['list 403', () => platform.get(WEBHOOK_ENDPOINTS), 403, 'get', WEBHOOK_ENDPOINTS],
      ['create 400 types', () => tenant.post(WEBHOOK_ENDPOINTS, { url: 1, event_types: 'x' }), 400, 'post', WEBHOOK_ENDPOINTS],
      ['create 400 JSON', () => tenant.post(WEBHOOK_ENDPOINTS, undefined, { raw: '{' }), 400, 'post', WEBHOOK_ENDPOINTS],
      ['create 413', () => tenant.post(WEBHOOK_ENDPOINTS, undefined, { raw: huge }), 413, 'post', WEBHOOK_ENDPOINTS],
      ['create 422', () => tenant.post(WEBHOOK_ENDPOINTS, { url: 'ftp://x', event_types: ['x'] }), 422, 'post', WEBHOOK_ENDPOINTS],
      ['create 401', () => gateway.anonymous().post(WEBHOOK_ENDPOINTS, {}), 401, 'post', WEBHOOK_ENDPOINTS],
      ['create 403', () => platform.post(WEBHOOK_ENDPOINTS, { ...registration, event_types: [] }), 403, 'post', WEBHOOK_ENDPOINTS],
      ['get', () => tenant.get(path), 200, 'get', WEBHOOK_ENDPOINT],
      ['get 404', () => tenant.get(strangers), 404, 'get', WEBHOOK_ENDPOINT],
      ['get 403', () => platform.get(path), 403, 'get', WEBHOOK_ENDPOINT],
      ['patch', () => tenant.request('PATCH', path, { enabled: false }), 200, 'patch', WEBHOOK_ENDPOINT],
      ['patch back', () => tenant.request('PATCH', path, { enabled: true }), 200, 'patch', WEBHOOK_ENDPOINT],
      ['patch 400', () => tenant.request('PATCH', path, { enabled: 1 }), 400, 'patch', WEBHOOK_ENDPOINT],
      ['patch 404', () => tenant.request('PATCH', strangers, {}), 404, 'patch', WEBHOOK_ENDPOINT],
      ['patch 413', () => tenant.request('PATCH', path, undefined, { raw: huge }), 413, 'patch', WEBHOOK_ENDPOINT],
      ['patch 422', () => tenant.request('PATCH', path, { event_types: [] }), 422, 'patch', WEBHOOK_ENDPOINT],
      ['patch 401', () => gateway.anonymous().request('PATCH', path, {}), 401, 'patch', WEBHOOK_ENDPOINT],
      ['patch 403', () => platform.request('PATCH', path, {}), 403, 'patch', WEBHOOK_ENDPOINT],
      ['rotate', () => tenant.post(`${path}/rotate-secret`, undefined), 200, 'post', ROTATE_SECRET],
      ['rotate 404', () => tenant.post(`${strangers}/rotate-secret`, undefined), 404, 'post', ROTATE_SECRET],
      ['rotate 401', () => gateway.anonymous().post(`${path}/rotate-secret`, undefined), 401, 'post', ROTATE_SECRET],
      ['rotate 403', () => platform.post(`${path}/rotate-secret`, undefined), 403, 'post', ROTATE_SECRET],
      ['deliveries', () => tenant.get(`${path}/deliveries?limit=1`), 200, 'get', DELIVERIES],
      ['deliveries 400', () => tenant.get(`${path}/deliveries?limit=0`), 400, 'get', DELIVERIES],
      ['deliveries 404', () => tenant.get(`${strangers}/deliveries`), 404, 'get', DELIVERIES],
      ['deliveries 401', () => gateway.anonymous().get(`${path}/deliveries`), 401, 'get', DELIVERIES],
      ['deliveries 403', () => platform.get(`${path}/deliveries`), 403, 'get', DELIVERIES],
      ['redeliver 404', () => tenant.post(redeliver(path), undefined), 404, 'post', REDELIVER],
      ['redeliver 401', () => gateway.anonymous().post(redeliver(path), undefined), 401, 'post', REDELIVER],
      ['redeliver 403', () => platform.post(redeliver(path), undefined), 403, 'post', REDELIVER],
      ['delete 403', () => platform.request('DELETE', path), 403, 'delete', WEBHOOK_ENDPOINT],
      ['delete 404', () => tenant.request('DELETE', strangers), 404, 'delete', WEBHOOK_ENDPOINT],
      ['delete 401', () => gateway.anonymous().request('DELETE', path), 401, 'delete', WEBHOOK_ENDPOINT],
      ['delete', () => tenant.request('DELETE', path), 204, 'delete', WEBHOOK_ENDPOINT],
    ];
    for (const [label, send, status, method, template] of cases) {
      const reply = await send();
      expect(reply.status, `${label}: ${reply.text}`).toBe(status);
      conforms(reply, method, template);
    }
  });
});
