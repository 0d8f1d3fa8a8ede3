/**
 * `/v1/webhook-endpoints` through real HTTP, managing an endpoint: register
 * (201 with Location), read, list, PATCH, DELETE and rotate-secret, with the
 * secret shown only on creation and rotation. Refusals and deliveries are
 * checked in the other rest-webhook-endpoints-*.test.ts files.
 */
import { describe, expect, it } from 'vitest';
import { engines } from '../support/gateway.ts';
import { COLLECTION, expectProblem, ISO, patch, remove, webhookRestSuite } from '../support/webhook-rest.ts';

const ALL_TYPES = ['submission.received', 'submission.processing_state_changed', 'submission.lifecycle_status_added'];

describe.each(engines())('REST webhook endpoints on %s', (engine) => {
  const suite = webhookRestSuite(engine);
  const { register } = suite;

  it('registers an endpoint: 201 with Location and the secret, shown only there', async () => {
    const client = await suite.gateway.tenant();
    const created = await client.post(COLLECTION, {
      url: suite.receiver.url,
      event_types: ['submission.received', 'submission.lifecycle_status_added', 'submission.received'],
      description: 'Billing',
      unknown_field: { ignored: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: suite.receiver.url,
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

  it('PATCH changes only the given fields, disables and re-enables', async () => {
    const client = await suite.gateway.tenant();
    const { body: created } = await register(client, { description: 'first' });
    const moved = await patch(client, created.id, { url: `${suite.receiver.url}/v2`, event_types: ALL_TYPES, extra: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ url: `${suite.receiver.url}/v2`, event_types: ALL_TYPES, description: 'first', enabled: true });
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
    const client = await suite.gateway.tenant();
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
    const client = await suite.gateway.tenant();
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
});
