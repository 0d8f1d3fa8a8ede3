/**
 * `/v1/webhook-endpoints/{id}/deliveries` through real HTTP: a submission's
 * delivery to a local receiver, listed with its attempt, paged and
 * redelivered; bad limits and unknown or another tenant's deliveries refused.
 * Delivery semantics (retries, timeouts, signatures) are tested in the
 * webhooks-*.test.ts files.
 */
import { describe, expect, it, vi } from 'vitest';
import { invoice } from '../support/documents.ts';
import { engines } from '../support/gateway.ts';
import { COLLECTION, expectProblem, ISO, UNKNOWN_ID, webhookRestSuite } from '../support/webhook-rest.ts';

describe.each(engines())('REST webhook endpoints on %s', (engine) => {
  const suite = webhookRestSuite(engine);
  const { register } = suite;

  it('lists the delivery of a submission with its attempt, pages, and redelivers it (202, a second attempt)', async () => {
    const client = await suite.gateway.tenant();
    const { body: endpoint } = await register(client, { url: `${suite.receiver.url}/${client.tenantName}` });
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
    const mine = () => suite.receiver.received.filter((r) => r.headers['webhook-id'] === first.webhook_id);
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
    const stranger = await suite.gateway.tenant();
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
