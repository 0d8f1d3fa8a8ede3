/**
 * `/v1/webhook-endpoints` through real HTTP: every endpoint and status,
 * secrets shown only on creation and rotation, 422 pointers, tenant
 * isolation, and a delivery to a local receiver listed and redelivered.
 * Delivery semantics (retries, timeouts, signatures) are tested elsewhere.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlatformToken } from '../../src/domain/tenancy/service.ts';
import { Client, type Reply } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { assertConformsToOpenApi } from '../support/openapi.ts';
import { startWebhookGateway } from '../support/receiver.ts';

const COLLECTION = '/v1/webhook-endpoints';
const UNKNOWN_ID = '01a20000-0000-7000-8000-000000000000';
const ALL_TYPES = ['submission.received', 'submission.processing_state_changed', 'submission.lifecycle_status_added'];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A receiver on 127.0.0.1 answering 204 and keeping what it received. */
async function startReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines())('REST webhook endpoints on %s', (engine) => {
  let gateway: Gateway;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let platform: Client;
  beforeAll(async () => {
    // On PostgreSQL, a database of its own: the shared one's webhook queue holds the other test gateways' jobs.
    gateway = await startWebhookGateway(engine);
    receiver = await startReceiver();
    platform = new Client(gateway.url, `Bearer ${(await createPlatformToken(gateway.database.db, 'test-pa')).token}`);
  });
  afterAll(async () => {
    await gateway?.stop();
    await receiver?.close();
  });

  /** PATCH and DELETE: the client checks GET and POST replies against the OpenAPI document itself; these are checked here. */
  async function send(client: Client, method: 'PATCH' | 'DELETE', path: string, body?: unknown, template = `${COLLECTION}/{endpointId}`) {
    const reply = await client.request(method, path, body);
    assertConformsToOpenApi(reply, method.toLowerCase() as 'get', template);
    return reply;
  }
  const patch = (client: Client, id: string, body: unknown) => send(client, 'PATCH', `${COLLECTION}/${id}`, body);
  const remove = (client: Client, id: string) => send(client, 'DELETE', `${COLLECTION}/${id}`);

  async function register(client: Client, overrides: Record<string, unknown> = {}) {
    const reply = await client.post(COLLECTION, { url: receiver.url, event_types: ['submission.received'], ...overrides });
    expect(reply.status, reply.text).toBe(201);
    return reply;
  }

  const expectProblem = (reply: Reply, status: number, type: string) => {
    expect(reply.status, reply.text).toBe(status);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ type: `urn:einvoicing:problem:${type}`, status });
  };

  it('registers an endpoint: 201 with Location and the secret, shown only there', async () => {
    const client = await gateway.tenant();
    const created = await client.post(COLLECTION, {
      url: receiver.url,
      event_types: ['submission.received', 'submission.lifecycle_status_added', 'submission.received'],
      description: 'Billing',
      unknown_field: { ignored: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: receiver.url,
      event_types: ['submission.received', 'submission.lifecycle_status_added'],
      description: 'Billing',
      enabled: true,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(created.headers.get('location')).toBe(`${COLLECTION}/${created.body.id}`);
    const { secret, ...endpoint } = created.body;

    const fetched = await client.get(created.headers.get('location')!);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(endpoint);
    // Without a description, the field is left out.
    const bare = await register(client, { event_types: ALL_TYPES });
    expect(bare.body).not.toHaveProperty('description');

    const list = await client.get(COLLECTION);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([created.body.id, bare.body.id]);
    expect(list.body.data[0]).toEqual(endpoint);
    for (const reply of [fetched, list]) {
      expect(reply.text).not.toContain(secret);
      expect(reply.text).not.toContain(bare.body.secret);
      expect(reply.text).not.toContain('whsec_');
    }
  });

  it('refuses a bad URL or event type with 422 at JSON pointers, and stores nothing', async () => {
    const client = await gateway.tenant();
    const refused = await client.post(COLLECTION, { url: 'ftp://example.com/x', event_types: ['submission.received', 'invoice.paid'] });
    expectProblem(refused, 422, 'validation-failed');
    expect(refused.body.errors).toEqual([
      { path: '/url', rule: 'GW-WEBHOOK-URL', message: 'The webhook URL must use https.' },
      { path: '/event_types/1', rule: 'GW-WEBHOOK-EVENT-TYPE', message: expect.stringContaining('"invoice.paid"') },
    ]);
    const empty = await client.post(COLLECTION, { url: 'not a url', event_types: [] });
    expect(empty.body.errors).toEqual([
      { path: '/url', rule: 'GW-WEBHOOK-URL', message: 'The webhook URL is not an absolute URL.' },
      { path: '/event_types', rule: 'GW-WEBHOOK-EVENT-TYPE', message: expect.any(String) },
    ]);
    expect((await client.get(COLLECTION)).body).toEqual({ data: [] });

    const { body: endpoint } = await register(client);
    const changed = await patch(client, endpoint.id, { url: 'https://user:pw@example.com/', event_types: ['nope'] });
    expectProblem(changed, 422, 'validation-failed');
    expect(changed.body.errors.map((e: { path: string; rule: string }) => [e.path, e.rule])).toEqual([
      ['/url', 'GW-WEBHOOK-URL'],
      ['/event_types/0', 'GW-WEBHOOK-EVENT-TYPE'],
    ]);
    const { secret: _secret, ...unchanged } = endpoint;
    expect((await client.get(`${COLLECTION}/${endpoint.id}`)).body).toEqual(unchanged);
  });

  it('answers 400 for a malformed body and 413 for a body over 1 MiB', async () => {
    const client = await gateway.tenant();
    const { body: endpoint } = await register(client);
    const cases: Array<[string, Promise<Reply>, Array<{ path: string; message: string }>?]> = [
      ['wrong types', client.post(COLLECTION, { url: 5, event_types: 'submission.received' }), [
        { path: '/event_types', message: 'must be an array' },
        { path: '/url', message: 'must be a string' },
      ]],
      ['missing fields, null item', client.post(COLLECTION, { event_types: [null], description: 3 }), [
        { path: '/description', message: 'must be a string' },
        { path: '/event_types/0', message: 'must not be null' },
        { path: '/url', message: 'is required' },
      ]],
      ['null body', client.post(COLLECTION, null), [{ path: '', message: 'must not be null' }]],
      ['content type', client.post(COLLECTION, { url: receiver.url }, { headers: { 'content-type': 'text/plain' } })],
      ['not JSON', client.post(COLLECTION, undefined, { raw: '{"url":' })],
      ['patch types', client.request('PATCH', `${COLLECTION}/${endpoint.id}`, { enabled: 'no', event_types: [1] }), [
        { path: '/enabled', message: 'must be a boolean' },
        { path: '/event_types/0', message: 'must be a string' },
      ]],
      ['patch without body', client.request('PATCH', `${COLLECTION}/${endpoint.id}`)],
    ];
    for (const [label, pending, errors] of cases) {
      const reply = await pending;
      expectProblem(reply, 400, 'malformed-request');
      if (errors) expect(reply.body.errors, label).toEqual(errors);
      else expect(reply.body, label).not.toHaveProperty('errors');
    }
    const huge = ' '.repeat(1024 * 1024 + 1);
    expectProblem(await client.post(COLLECTION, undefined, { raw: huge }), 413, 'payload-too-large');
    const tooLarge = await client.request('PATCH', `${COLLECTION}/${endpoint.id}`, undefined, { raw: huge });
    assertConformsToOpenApi(tooLarge, 'patch' as 'get', `${COLLECTION}/{endpointId}`);
    expectProblem(tooLarge, 413, 'payload-too-large');
    expect((await client.get(COLLECTION)).body.data).toHaveLength(1);
  });

  it('PATCH changes only the given fields, disables and re-enables', async () => {
    const client = await gateway.tenant();
    const { body: created } = await register(client, { description: 'first' });
    const moved = await patch(client, created.id, { url: `${receiver.url}/v2`, event_types: ALL_TYPES, extra: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ url: `${receiver.url}/v2`, event_types: ALL_TYPES, description: 'first', enabled: true });
    expect(moved.body).not.toHaveProperty('secret');
    expect(Date.parse(moved.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));

    const disabled = await patch(client, created.id, { enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ enabled: false, disabled_at: expect.stringMatching(ISO), disabled_reason: 'manual' });
    expect((await client.get(`${COLLECTION}/${created.id}`)).body).toEqual(disabled.body);

    // null is absent; an empty object changes nothing.
    const same = await patch(client, created.id, { url: null, description: null, event_types: null });
    expect(same.status).toBe(200);
    expect({ ...same.body, updated_at: undefined }).toEqual({ ...disabled.body, updated_at: undefined });
    expect((await patch(client, created.id, {})).body).toMatchObject({ enabled: false, description: 'first' });

    const enabled = await patch(client, created.id, { enabled: true, description: '' });
    expect(enabled.body).toMatchObject({ enabled: true, description: '' });
    expect(enabled.body).not.toHaveProperty('disabled_at');
    expect(enabled.body).not.toHaveProperty('disabled_reason');
  });

  it('DELETE answers 204, then the endpoint is 404 everywhere and no longer listed', async () => {
    const client = await gateway.tenant();
    const { body: kept } = await register(client);
    const { body: endpoint } = await register(client);
    const deleted = await remove(client, endpoint.id);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(deleted.headers.get('x-request-id')).toBeTruthy();
    expectProblem(await remove(client, endpoint.id), 404, 'not-found');
    expectProblem(await client.get(`${COLLECTION}/${endpoint.id}`), 404, 'not-found');
    expectProblem(await patch(client, endpoint.id, { enabled: false }), 404, 'not-found');
    expectProblem(await client.post(`${COLLECTION}/${endpoint.id}/rotate-secret`, undefined), 404, 'not-found');
    expectProblem(await client.get(`${COLLECTION}/${endpoint.id}/deliveries`), 404, 'not-found');
    expect((await client.get(COLLECTION)).body.data.map((e: { id: string }) => e.id)).toEqual([kept.id]);
  });

  it('rotate-secret answers 200 with a new secret; the old one signs for 24 hours more', async () => {
    const client = await gateway.tenant();
    const { body: created } = await register(client);
    const before = Date.now();
    const rotated = await client.post(`${COLLECTION}/${created.id}/rotate-secret`, undefined);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.body.secret).not.toBe(created.secret);
    const expires = Date.parse(rotated.body.previous_secret_expires_at);
    expect(expires - before).toBeGreaterThan(24 * 3600 * 1000 - 60_000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
    const fetched = await client.get(`${COLLECTION}/${created.id}`);
    const { secret, ...endpoint } = rotated.body;
    expect(fetched.body).toEqual(endpoint);
    expect(fetched.text).not.toContain(secret);
  });

  it("isolates tenants: another tenant's endpoint or delivery is 404, as an unknown one, and stays unchanged", async () => {
    const owner = await gateway.tenant();
    const intruder = await gateway.tenant();
    const { body: created } = await register(owner);
    const { secret: _secret, ...endpoint } = created;
    await register(intruder);
    for (const id of [created.id, UNKNOWN_ID, 'not-a-uuid']) {
      const path = `${COLLECTION}/${id}`;
      const replies = [
        await intruder.get(path),
        await patch(intruder, id, { enabled: false, url: 'ftp://nope' }),
        await remove(intruder, id),
        await intruder.post(`${path}/rotate-secret`, undefined),
        await intruder.get(`${path}/deliveries`),
      ];
      for (const reply of replies) {
        expectProblem(reply, 404, 'not-found');
        expect(reply.body.detail).toBe(`No webhook endpoint with id "${id}"`);
      }
    }
    expect((await intruder.get(COLLECTION)).body.data.map((e: { id: string }) => e.id)).not.toContain(created.id);
    expect((await owner.get(`${COLLECTION}/${created.id}`)).body).toEqual(endpoint);
  });

  it('answers 401 without a valid token and 403 for a platform credential, on every route', async () => {
    const client = await gateway.tenant();
    const { body: endpoint } = await register(client);
    const path = `${COLLECTION}/${endpoint.id}`;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', COLLECTION, { url: receiver.url, event_types: ['submission.received'] }],
      ['GET', COLLECTION],
      ['GET', path],
      ['PATCH', path, { enabled: false }],
      ['DELETE', path],
      ['POST', `${path}/rotate-secret`],
      ['GET', `${path}/deliveries`],
      ['POST', `${path}/deliveries/${UNKNOWN_ID}/redeliver`],
    ];
    for (const [method, target, body] of routes) {
      for (const [caller, status, type] of [
        [gateway.anonymous(), 401, 'unauthorized'],
        [gateway.anonymous(`Bearer pas_000000000000_${'A'.repeat(43)}`), 401, 'unauthorized'],
        [platform, 403, 'forbidden'],
      ] as const) {
        const reply = await caller.request(method, target, body);
        if (method === 'PATCH' || method === 'DELETE') assertConformsToOpenApi(reply, method.toLowerCase() as 'get', `${COLLECTION}/{endpointId}`);
        expectProblem(reply, status, type);
      }
    }
    // Nothing changed.
    const { secret: _secret, ...unchanged } = endpoint;
    expect((await client.get(path)).body).toEqual(unchanged);
    expect((await client.get(COLLECTION)).body.data).toHaveLength(1);
  });

  it('answers 405 with Allow for another method', async () => {
    const client = await gateway.tenant();
    const cases: Array<[string, string, string]> = [
      ['PUT', `${COLLECTION}/${UNKNOWN_ID}`, 'GET, PATCH, DELETE'],
      ['DELETE', COLLECTION, 'POST, GET'],
      ['GET', `${COLLECTION}/${UNKNOWN_ID}/rotate-secret`, 'POST'],
      ['POST', `${COLLECTION}/${UNKNOWN_ID}/deliveries`, 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await client.request(method, path);
      expectProblem(reply, 405, 'method-not-allowed');
      expect(reply.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
  });

  it('lists the delivery of a submission with its attempt, pages, and redelivers it (202, a second attempt)', async () => {
    const client = await gateway.tenant();
    const { body: endpoint } = await register(client, { url: `${receiver.url}/${client.tenantName}` });
    const deliveries = `${COLLECTION}/${endpoint.id}/deliveries`;
    expect((await client.get(deliveries)).body).toEqual({ data: [] });

    const submitted = await client.post('/v1/invoices', invoice().unique().build());
    expect(submitted.status).toBe(202);
    const first = await vi.waitFor(
      async () => {
        const page = await client.get(deliveries);
        expect(page.body.data).toHaveLength(1);
        expect(page.body.data[0].status).toBe('succeeded');
        return page.body.data[0];
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      webhook_id: `msg_${first.id.replace(/-/g, '')}`,
      event_type: 'submission.received',
      status: 'succeeded',
      created_at: expect.stringMatching(ISO),
      attempts: [{ attempted_at: expect.stringMatching(ISO), http_status: 204, duration_ms: expect.any(Number) }],
    });
    const mine = () => receiver.received.filter((r) => r.headers['webhook-id'] === first.webhook_id);
    expect(mine()).toHaveLength(1);
    expect(JSON.parse(mine()[0]!.body)).toMatchObject({
      type: 'submission.received',
      data: { submission_id: submitted.body.submission_id },
    });

    const redelivered = await client.post(`${deliveries}/${first.id}/redeliver`, undefined);
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ id: first.id, webhook_id: first.webhook_id, status: 'pending' });
    expect(redelivered.body.attempts.length).toBeGreaterThanOrEqual(1);
    const again = await vi.waitFor(
      async () => {
        const page = await client.get(deliveries);
        expect(page.body.data[0].attempts).toHaveLength(2);
        expect(page.body.data[0].status).toBe('succeeded');
        return page.body.data[0];
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(again.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([204, 204]);
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.body).toBe(mine()[0]!.body);

    // A second submission: two deliveries, newest first, one per page.
    await client.post('/v1/invoices', invoice().unique().build());
    await vi.waitFor(async () => expect((await client.get(deliveries)).body.data).toHaveLength(2), { timeout: 15_000, interval: 100 });
    const page1 = await client.get(`${deliveries}?limit=1`);
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.data[0].id).not.toBe(first.id);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await client.get(`${deliveries}?limit=1&after=${encodeURIComponent(page1.body.next_cursor)}`);
    expect(page2.body.data.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect(page2.body).not.toHaveProperty('next_cursor');
    expect((await client.get(`${deliveries}?limit=&after=`)).body.data).toHaveLength(2);
    expect((await client.get(`${deliveries}?limit=100`)).body).not.toHaveProperty('next_cursor');

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'limit=-1', 'limit=1&limit=2']) {
      const refused = await client.get(`${deliveries}?${query}`);
      expectProblem(refused, 400, 'malformed-request');
      expect(refused.body.errors, query).toEqual([{ parameter: 'limit', message: expect.any(String) }]);
    }
    // Unknown, malformed or another tenant's delivery: 404.
    const stranger = await gateway.tenant();
    const { body: strangerEndpoint } = await register(stranger);
    for (const [caller, path] of [
      [client, `${deliveries}/${UNKNOWN_ID}/redeliver`],
      [client, `${deliveries}/not-a-uuid/redeliver`],
      [stranger, `${COLLECTION}/${strangerEndpoint.id}/deliveries/${first.id}/redeliver`],
    ] as const) {
      const missing = await caller.post(path, undefined);
      expectProblem(missing, 404, 'not-found');
      expect(missing.body.detail).toMatch(/^No webhook delivery with id /);
    }
  });
});
