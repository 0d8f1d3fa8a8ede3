/**
 * `/v1/webhook-endpoints` through real HTTP, what it refuses, and that a
 * refusal changes nothing: 422 at JSON pointers, 400 for a malformed body,
 * 413, 401 and 403 on every route, 405 with Allow, and tenant isolation
 * (another tenant's endpoint or delivery is 404, as an unknown one).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client, Reply } from '../support/client.ts';
import { engines } from '../support/gateway.ts';
import { assertConformsToOpenApi } from '../support/openapi.ts';
import { COLLECTION, expectProblem, patch, remove, UNKNOWN_ID, webhookRestSuite } from '../support/webhook-rest.ts';

describe.each(engines())('REST webhook endpoints on %s', (engine) => {
  const suite = webhookRestSuite(engine);
  const { register } = suite;
  let platform: Client;
  beforeAll(async () => {
    platform = await suite.gateway.platform();
  });

  it('refuses a bad URL or event type with 422 at JSON pointers, and stores nothing', async () => {
    const client = await suite.gateway.tenant();
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

  it('refuses a description PostgreSQL cannot store unchanged (U+0000, an unpaired surrogate) with 422', async () => {
    const client = await suite.gateway.tenant();
    const { body: endpoint } = await register(client);
    const refusals = [
      await client.post(COLLECTION, { url: endpoint.url, event_types: ['submission.received'], description: 'a\u0000b' }),
      await patch(client, endpoint.id, { description: 'a\ud800b' }),
    ];
    for (const refused of refusals) {
      expectProblem(refused, 422, 'validation-failed');
      expect(refused.body.errors).toEqual([
        { path: '/description', rule: 'GW-WEBHOOK-DESCRIPTION', message: 'description must not contain U+0000 or an unpaired surrogate' },
      ]);
    }
    expect((await client.get(COLLECTION)).body.data).toHaveLength(1);
  });

  it('answers 400 for a malformed body and 413 for a body over 1 MiB', async () => {
    const client = await suite.gateway.tenant();
    const { body: endpoint } = await register(client);
    const cases: Array<[string, Promise<Reply>, Array<{ path: string; message: string }>?]> = [
      [
        'wrong types',
        client.post(COLLECTION, { url: 5, event_types: 'submission.received' }),
        [
          { path: '/event_types', message: 'must be an array' },
          { path: '/url', message: 'must be a string' },
        ],
      ],
      [
        'missing fields, null item',
        client.post(COLLECTION, { event_types: [null], description: 3 }),
        [
          { path: '/description', message: 'must be a string' },
          { path: '/event_types/0', message: 'must not be null' },
          { path: '/url', message: 'is required' },
        ],
      ],
      ['null body', client.post(COLLECTION, null), [{ path: '', message: 'must not be null' }]],
      ['content type', client.post(COLLECTION, { url: suite.receiver.url }, { headers: { 'content-type': 'text/plain' } })],
      ['not JSON', client.post(COLLECTION, undefined, { raw: '{"url":' })],
      [
        'patch types',
        client.request('PATCH', `${COLLECTION}/${endpoint.id}`, { enabled: 'no', event_types: [1] }),
        [
          { path: '/enabled', message: 'must be a boolean' },
          { path: '/event_types/0', message: 'must be a string' },
        ],
      ],
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

  it("isolates tenants: another tenant's endpoint or delivery is 404, as an unknown one, and stays unchanged", async () => {
    const owner = await suite.gateway.tenant();
    const intruder = await suite.gateway.tenant();
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
    const client = await suite.gateway.tenant();
    const { body: endpoint } = await register(client);
    const path = `${COLLECTION}/${endpoint.id}`;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', COLLECTION, { url: suite.receiver.url, event_types: ['submission.received'] }],
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
        [suite.gateway.anonymous(), 401, 'unauthorized'],
        [suite.gateway.anonymous(`Bearer pas_000000000000_${'A'.repeat(43)}`), 401, 'unauthorized'],
        [platform, 403, 'forbidden'],
      ] as const) {
        const reply = await caller.request(method, target, body);
        if (method === 'PATCH' || method === 'DELETE')
          assertConformsToOpenApi(reply, method.toLowerCase() as 'get', `${COLLECTION}/{endpointId}`);
        expectProblem(reply, status, type);
      }
    }
    // Nothing changed.
    const { secret: _secret, ...unchanged } = endpoint;
    expect((await client.get(path)).body).toEqual(unchanged);
    expect((await client.get(COLLECTION)).body.data).toHaveLength(1);
  });

  it('answers 405 with Allow for another method', async () => {
    const client = await suite.gateway.tenant();
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
});
