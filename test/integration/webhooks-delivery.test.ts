/**
 * Webhook delivery against real receivers on 127.0.0.1 that verify every
 * request with `standardwebhooks`: each event type, signed, with the REST
 * record as data; retries on the gateway's (test) clock with one webhook-id;
 * secret rotation; tenant isolation; redelivery. Each gateway runs on a
 * test clock that starts 30 days ago (test/support/clock.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../support/client.ts';
import { DAY, FakeClock, MINUTE, SECOND } from '../support/clock.ts';
import { invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { ALL_EVENT_TYPES, deliveriesOf, endpointOf, gql, type DeliveryNode } from '../support/webhook-api.ts';
import { startWebhookGateway } from '../support/webhook-gateway.ts';
import { ManualScheduler } from '../support/scheduler.ts';
import { simulatedPlatform } from '../support/simulated-platform.ts';
import { webhookFixtures } from '../support/webhook-fixtures.ts';

const ROTATE = `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { __typename ... on WebhookSecretRotated { secret endpoint { id previousSecretExpiresAt } } } }`;
const REDELIVER = `mutation ($id: ID!) { redeliverWebhookEvent(deliveryId: $id) { __typename ... on WebhookDelivery { id webhookId status } } }`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe.each(engines())('webhook delivery on %s', (engine) => {
  const clock = new FakeClock();
  const scheduler = new ManualScheduler();
  let gateway: Gateway;
  const fixtures = webhookFixtures(clock);
  const { receiver, endpoint } = fixtures;

  beforeAll(async () => {
    gateway = await startWebhookGateway(engine, {
      platform: simulatedPlatform({ scheduler, stepDelayMs: 0 }),
      pipeline: true,
      webhooks: { clock, workers: 2 },
    });
  });
  // Endpoints are deleted before their receivers close, so no retry outlives its test.
  afterEach(() => fixtures.cleanup());
  afterAll(() => gateway?.stop());

  async function submit(client: Client, tag?: string): Promise<string> {
    const reply = await client.post('/v1/invoices', invoice().unique(tag).build());
    expect(reply.status).toBe(202);
    return reply.body.submission_id;
  }

  /** The endpoint's only delivery once `done` holds for it. */
  async function settled(client: Client, endpointId: string, done: (d: DeliveryNode) => boolean): Promise<DeliveryNode> {
    return vi.waitFor(
      async () => {
        const [delivery, ...others] = (await deliveriesOf(client, endpointId)) ?? [];
        expect(others).toEqual([]);
        expect(delivery && done(delivery)).toBe(true);
        return delivery!;
      },
      { timeout: 10_000, interval: 100 },
    );
  }

  it('delivers every event type, signed, with the submission record as GET /v1/invoices/{id} returns it', async () => {
    await scheduler.runAll(); // nothing should be waiting; runNext below then plays this test's script
    const client = await gateway.tenant();
    const target = await receiver();
    const { id: endpointId } = await endpoint(client, target, ALL_EVENT_TYPES);
    const since = Date.now();
    const id = await submit(client, 'sim-reject');
    const record = async () => (await client.get(`/v1/invoices/${id}`)).body;
    const history = async () => (await client.get(`/v1/invoices/${id}/statuses`)).body.data;

    // Received, then validated by the pipeline (two workers: in either order); each payload is the record when sent.
    const first = await target.waitFor(2);
    const validated = await record();
    expect(validated).toMatchObject({ submission_id: id, processing_state: 'validated', number: expect.stringMatching(/^SIM-REJECT-/) });
    const received = first.find((r) => r.type === 'submission.received')!;
    // Sent before validation, the record has no processing rule yet (the pipeline classifies the document).
    const { processing_rule: _rule, processing_rule_reason: _reason, ...beforeValidation } = validated;
    expect(received.payload).toEqual({ type: 'submission.received', timestamp: expect.any(String), data: expect.anything() });
    expect([validated, { ...beforeValidation, processing_state: 'received' }]).toContainEqual(received.payload.data);
    expect(first.find((r) => r.type === 'submission.processing_state_changed')!.payload).toEqual({
      type: 'submission.processing_state_changed',
      timestamp: expect.any(String),
      data: validated,
    });

    await vi.waitFor(() => expect(scheduler.pending).toBe(1));
    await scheduler.runNext(); // 200 Déposée
    const statusAdded = (await target.waitFor(3))[2]!;
    expect(statusAdded.payload).toEqual({
      type: 'submission.lifecycle_status_added',
      timestamp: expect.any(String),
      data: { ...(await record()), new_lifecycle_status: (await history())[0] },
    });
    expect(statusAdded.payload.data.new_lifecycle_status.code).toBe(200);

    await scheduler.runNext(); // 213 Rejetée: a status and a processing state change
    const last = (await target.waitFor(5)).slice(3);
    const final = await record();
    expect(final).toMatchObject({ processing_state: 'rejected', lifecycle_status: { code: 213 } });
    expect(last.map((r) => r.type).sort()).toEqual(['submission.lifecycle_status_added', 'submission.processing_state_changed']);
    expect(last.find((r) => r.type === 'submission.lifecycle_status_added')!.payload).toEqual({
      type: 'submission.lifecycle_status_added',
      timestamp: expect.any(String),
      data: { ...final, new_lifecycle_status: (await history())[1] },
    });
    expect(last.find((r) => r.type === 'submission.processing_state_changed')!.payload).toEqual({
      type: 'submission.processing_state_changed',
      timestamp: expect.any(String),
      data: final,
    });

    const requests = target.requests;
    expect(requests).toHaveLength(5);
    for (const request of requests) {
      expect(request.verified, request.verifyError).toBe(true);
      expect(request.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(request.timestamp).toBe(seconds(clock.now())); // the gateway's clock, which did not move
      expect(request.headers['content-type']).toBe('application/json');
      const at = Date.parse(request.payload.timestamp);
      expect(new Date(at).toISOString()).toBe(request.payload.timestamp);
      expect(at).toBeGreaterThanOrEqual(since - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(requests.map((r) => r.id)).size).toBe(5);
    // The deliveries the API lists are what was sent.
    const deliveries = await vi.waitFor(async () => {
      const all = (await deliveriesOf(client, endpointId))!;
      expect(all.map((d) => d.status)).toEqual(Array(5).fill('succeeded'));
      return all;
    });
    expect(new Map(deliveries.map((d) => [d.webhookId, [d.eventType, d.payload]]))).toEqual(
      new Map(requests.map((r) => [r.id, [r.type, r.body]])),
    );
  });

  it('retries a receiver that fails twice, on the gateway clock, with one webhook-id', async () => {
    const client = await gateway.tenant();
    const target = await receiver(500, 503); // then 200
    const { id: endpointId } = await endpoint(client, target);
    const start = clock.now();
    await submit(client);
    await target.waitFor(1);

    await target.expectQuiet(2000); // the retry is 5 s away on the gateway clock
    clock.advance(6 * SECOND); // past 5 s + 10 % jitter
    await target.waitFor(2);
    await target.expectQuiet(2000); // then 5 min
    const failingSince = async () =>
      (await gateway.database.executeSql('select failing_since from webhook_endpoints where id = $1', [endpointId])).rows[0]?.failing_since;
    expect(await failingSince()).not.toBeNull();
    clock.advance(6 * MINUTE);
    const requests = await target.waitFor(3);

    expect(requests.map((r) => r.answered)).toEqual([500, 503, 200]);
    expect(new Set(requests.map((r) => r.id)).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const request of requests) expect(request.verified, request.verifyError).toBe(true);
    const times = [start, new Date(start.getTime() + 6 * SECOND), new Date(start.getTime() + 6 * SECOND + 6 * MINUTE)];
    expect(requests.map((r) => r.timestamp)).toEqual(times.map(seconds));

    const delivery = await settled(client, endpointId, (d) => d.status === 'succeeded');
    expect(delivery).toMatchObject({ webhookId: requests[0]!.id, payload: requests[0]!.body, nextAttemptAt: null });
    // The success ended the endpoint's failure streak (its three days to being disabled start again).
    expect(await failingSince()).toBeNull();
    expect(delivery.attempts).toEqual(
      [500, 503, 200].map((status, i) => ({
        attemptedAt: times[i]!.toISOString(),
        httpStatus: status,
        durationMs: expect.any(Number),
        error: status === 200 ? null : `HTTP ${status}`,
      })),
    );

    clock.advance(DAY); // delivered: nothing more, however long we wait
    await target.expectQuiet(1500);
  });

  it('signs with the new secret after a rotation, and with the old one too for 24 hours', async () => {
    const client = await gateway.tenant();
    const target = await receiver();
    const { id: endpointId, secret: old } = await endpoint(client, target);
    const stranger = `whsec_${randomBytes(32).toString('base64')}`;
    await submit(client);
    const [before] = await target.waitFor(1);
    expect(before!.verified, before!.verifyError).toBe(true);

    const rotated = await gql(client, ROTATE, { id: endpointId });
    expect(rotated.__typename).toBe('WebhookSecretRotated');
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.secret).not.toBe(old);
    target.secret = rotated.secret;
    const signatures = (r: { headers: Record<string, string> }) => r.headers['webhook-signature']!.split(' ').length;

    const rotatedAt = clock.now();
    await submit(client);
    await target.waitFor(2); // signed right after the rotation
    clock.advance(DAY - SECOND);
    await submit(client);
    const during = (await target.waitFor(3)).slice(1); // …and 1 s before the old secret expires
    expect(during.map((r) => r.timestamp)).toEqual([seconds(rotatedAt), seconds(rotatedAt) + 24 * 3600 - 1]);
    for (const request of during) {
      expect(request.verified, request.verifyError).toBe(true); // new secret
      expect(target.verifies(request, old)).toBe(true);
      expect(target.verifies(request, stranger)).toBe(false);
      expect(signatures(request)).toBe(2);
    }

    clock.advance(2 * SECOND); // 24 h + 1 s after the rotation
    await submit(client);
    const after = (await target.waitFor(4))[3]!;
    expect(after.verified, after.verifyError).toBe(true);
    expect(target.verifies(after, old)).toBe(false);
    expect(signatures(after)).toBe(1);
    expect(target.verifies(before!, rotated.secret)).toBe(false);
    expect(signatures(before!)).toBe(1);
  });

  it('shows until when the old secret signs, on the gateway clock', async () => {
    const client = await gateway.tenant();
    const { id: endpointId } = await endpoint(client, await receiver());
    const rotated = await gql(client, ROTATE, { id: endpointId });
    const expected = new Date(clock.now().getTime() + DAY).toISOString();
    expect((await endpointOf(client, endpointId)).previousSecretExpiresAt).toBe(expected);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe(expected);
  });

  it("keeps tenants apart: one tenant's endpoint gets only its events, and the other cannot see or touch it", async () => {
    const [a, b] = [await gateway.tenant(), await gateway.tenant()];
    const [targetA, targetB] = [await receiver(), await receiver()];
    const endpointA = await endpoint(a, targetA);
    const endpointB = await endpoint(b, targetB);
    const fromA = await submit(a);
    const fromB = await submit(b);
    const [[gotA], [gotB]] = await Promise.all([targetA.waitFor(1), targetB.waitFor(1)]);
    expect(gotA!.payload.data.submission_id).toBe(fromA);
    expect(gotB!.payload.data.submission_id).toBe(fromB);
    await Promise.all([targetA.expectQuiet(1000), targetB.expectQuiet(1000)]);
    expect([gotA!.verified, gotB!.verified]).toEqual([true, true]);

    expect(await endpointOf(a, endpointB.id)).toBeNull();
    expect(await deliveriesOf(a, endpointB.id)).toBeNull();
    expect(await gql(a, 'query { webhookEndpoints { id } }')).toEqual([{ id: endpointA.id }]);
    const [deliveryB] = (await deliveriesOf(b, endpointB.id))!;
    const attempts = [
      ['mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { __typename } }', endpointB.id],
      ['mutation ($id: ID!) { rotateWebhookSecret(id: $id) { __typename } }', endpointB.id],
      ['mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { __typename } }', endpointB.id],
      [REDELIVER, deliveryB!.id],
    ] as const;
    for (const [mutation, id] of attempts) expect(await gql(a, mutation, { id })).toMatchObject({ __typename: 'NotFound' });

    // B's endpoint is as it was: enabled, signing with its one secret, nothing redelivered.
    expect(await endpointOf(b, endpointB.id)).toMatchObject({ enabled: true, url: targetB.url });
    const laterB = await submit(b);
    const second = (await targetB.waitFor(2))[1]!;
    expect(second.payload.data.submission_id).toBe(laterB);
    expect(second.verified, second.verifyError).toBe(true);
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    await targetB.expectQuiet(500);
    expect(targetB.requests).toHaveLength(2);
    expect(targetA.requests).toHaveLength(1);
  });

  it('redelivers a delivery with the same webhook-id and body, freshly signed', async () => {
    const client = await gateway.tenant();
    const target = await receiver();
    const { id: endpointId } = await endpoint(client, target);
    await submit(client);
    const [first] = await target.waitFor(1);
    const delivery = await settled(client, endpointId, (d) => d.status === 'succeeded');

    clock.advance(MINUTE);
    expect(await gql(client, REDELIVER, { id: delivery.id })).toEqual({
      __typename: 'WebhookDelivery',
      id: delivery.id,
      webhookId: first!.id,
      status: 'pending',
    });
    const again = (await target.waitFor(2))[1]!;
    expect(again).toMatchObject({ id: first!.id, body: first!.body, timestamp: first!.timestamp + 60, verified: true });
    const redelivered = await settled(client, endpointId, (d) => d.attempts.length === 2 && d.status === 'succeeded');
    expect(redelivered.attempts.map((a) => a.httpStatus)).toEqual([200, 200]);

    for (const id of ['not-a-uuid', randomUUID()]) {
      expect(await gql(client, REDELIVER, { id })).toMatchObject({ __typename: 'NotFound' });
    }
    const elsewhere = await gql(
      client,
      'mutation ($id: ID!, $endpointId: ID!) { redeliverWebhookEvent(deliveryId: $id, endpointId: $endpointId) { __typename } }',
      { id: delivery.id, endpointId: randomUUID() },
    );
    expect(elsewhere).toEqual({ __typename: 'NotFound' });
    await target.expectQuiet(500);
    expect(target.requests).toHaveLength(2);
  });
});
