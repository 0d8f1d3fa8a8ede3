/**
 * Webhook receivers that fail, on the gateway's test clock: the 10-second cut
 * of a receiver that never answers, 410 Gone, and three days of failures
 * (the delivery given up, the endpoint disabled, both visible and recoverable).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../support/client.ts';
import { DAY, FakeClock, HOUR, MINUTE, SECOND } from '../support/clock.ts';
import { invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { Receiver } from '../support/receiver.ts';
import { deliveriesOf, endpointOf, gql, registerEndpoint, type DeliveryNode } from '../support/webhook-api.ts';
import { startWebhookGateway } from '../support/webhook-gateway.ts';
import { webhookFixtures } from '../support/webhook-fixtures.ts';

/** The schedule's base delays after the 1st, 2nd… failure; every later one waits 10 h. Jitter: ±10 %. */
const BASE_DELAYS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
const baseDelay = (failures: number) => BASE_DELAYS[Math.min(failures, BASE_DELAYS.length) - 1]!;

describe.each(engines())('failing webhook receivers on %s', (engine) => {
  const clock = new FakeClock();
  let gateway: Gateway;
  const fixtures = webhookFixtures(clock);
  const { receiver, endpoint } = fixtures;

  beforeAll(async () => {
    gateway = await startWebhookGateway(engine, { webhooks: { clock, workers: 2 } });
  });
  afterEach(() => fixtures.cleanup());
  afterAll(() => gateway?.stop());

  async function submit(client: Client): Promise<string> {
    const reply = await client.post('/v1/invoices', invoice().unique().build());
    expect(reply.status).toBe(202);
    return reply.body.submission_id;
  }

  /** The endpoint's deliveries (newest first) once `done` holds for them. */
  function waitForDeliveries(client: Client, endpointId: string, done: (deliveries: DeliveryNode[]) => boolean): Promise<DeliveryNode[]> {
    return vi.waitFor(
      async () => {
        const deliveries = (await deliveriesOf(client, endpointId))!;
        expect(done(deliveries), JSON.stringify(deliveries)).toBe(true);
        return deliveries;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('cuts a receiver that never answers at 10 seconds on the gateway clock, records it, and retries with the same id', async () => {
    const client = await gateway.tenant();
    const target = await receiver('hang'); // then 200
    const { id: endpointId } = await endpoint(client, target);
    const start = clock.now();
    await submit(client);
    const [hung] = await target.waitFor(1);
    expect(hung!.verified, hung!.verifyError).toBe(true);

    clock.advance(10 * SECOND - 1);
    expect(clock.pendingTimers).toBe(1); // the cut is armed and has not fired
    const [pending] = (await deliveriesOf(client, endpointId))!;
    expect(pending).toMatchObject({ status: 'pending', attempts: [] });
    clock.advance(1);
    expect(clock.pendingTimers).toBe(0);
    const [cut] = await waitForDeliveries(client, endpointId, ([d]) => d!.attempts.length >= 1);
    expect(cut!.attempts[0]).toEqual({
      attemptedAt: start.toISOString(),
      httpStatus: null,
      durationMs: 10_000,
      error: expect.stringMatching(/timeout/),
    });

    clock.advance(6 * SECOND); // past the first retry delay, wherever it is counted from
    const [, retried] = await target.waitFor(2);
    expect(retried).toMatchObject({ id: hung!.id, body: hung!.body, answered: 200, verified: true });
    const [done] = await waitForDeliveries(client, endpointId, ([d]) => d!.status === 'succeeded');
    expect(done!.attempts.map((a) => a.httpStatus)).toEqual([null, 200]);
  });

  // Retry delays count from the failure: after a 10-second cut, the "5 s" retry waits 5 s more.
  it('waits the first retry delay (5 s) after a cut, not from when the cut attempt began', async () => {
    const client = await gateway.tenant();
    const target = await receiver('hang');
    const { id: endpointId } = await endpoint(client, target);
    await submit(client);
    await target.waitFor(1);
    clock.advance(10 * SECOND);
    await waitForDeliveries(client, endpointId, ([d]) => d!.attempts.length >= 1);
    await target.expectQuiet(2000);
  });

  it('disables an endpoint that answers 410 Gone, fails the delivery, and sends it nothing more', async () => {
    const client = await gateway.tenant();
    const gone = await receiver(410);
    const witness = await receiver();
    const { id: goneId } = await endpoint(client, gone);
    await endpoint(client, witness);
    const start = clock.now();
    await submit(client);
    await Promise.all([gone.waitFor(1), witness.waitFor(1)]);

    const [delivery] = await waitForDeliveries(client, goneId, ([d]) => d!.status !== 'pending');
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null, attempts: [{ httpStatus: 410, error: 'HTTP 410' }] });
    expect(await endpointOf(client, goneId)).toMatchObject({ enabled: false, disabledReason: 'gone', disabledAt: start.toISOString() });

    clock.advance(DAY);
    await submit(client);
    await witness.waitFor(2); // the second event has been fanned out
    await gone.expectQuiet(1500);
    expect(await deliveriesOf(client, goneId)).toHaveLength(1);
  });

  describe('three days of failures', () => {
    let client: Client;
    let target: Receiver;
    let endpointId: string;
    let start: Date;
    let given: DeliveryNode;

    beforeAll(async () => {
      client = await gateway.tenant();
      target = await Receiver.start({ now: () => clock.now(), fallback: 500 });
      ({ id: endpointId } = await registerEndpoint(client, target));
    });
    afterAll(() => target?.close());

    it('retries a failing delivery on the schedule for about three days, then marks it failed', async () => {
      start = clock.now();
      await submit(client);
      let delivery: DeliveryNode;
      for (let attempts = 1; ; attempts++) {
        await target.waitFor(attempts);
        [delivery] = (await waitForDeliveries(client, endpointId, ([d]) => d!.attempts.length === attempts)) as [DeliveryNode];
        if (delivery.status !== 'pending') break;
        expect(attempts).toBeLessThan(13);
        if (attempts === 6) expect(await endpointOf(client, endpointId)).toMatchObject({ enabled: true, disabledReason: null });
        // A delivery is read on one snapshot: its next attempt is always after the one it lists last.
        expect(Date.parse(delivery.nextAttemptAt!)).toBeGreaterThan(Date.parse(delivery.attempts.at(-1)!.attemptedAt));
        clock.advanceTo(new Date(delivery.nextAttemptAt!)); // exactly when it falls due
      }
      given = delivery;

      expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
      const times = delivery.attempts.map((a) => Date.parse(a.attemptedAt));
      expect(times.length).toBeGreaterThanOrEqual(11);
      expect(times.length).toBeLessThanOrEqual(13);
      expect(times[0]).toBe(start.getTime());
      times.slice(1).forEach((time, i) => {
        expect(time - times[i]!).toBeGreaterThanOrEqual(baseDelay(i + 1) * 0.9);
        expect(time - times[i]!).toBeLessThanOrEqual(baseDelay(i + 1) * 1.1);
      });
      expect(times.at(-1)! - start.getTime()).toBeLessThanOrEqual(3 * DAY); // the next one would fall after three days
      expect(times.at(-1)! - start.getTime() + 1.1 * 10 * HOUR).toBeGreaterThan(3 * DAY);
      expect(delivery.attempts.every((a) => a.httpStatus === 500 && a.error === 'HTTP 500')).toBe(true);
      expect(new Set(target.requests.map((r) => r.id))).toEqual(new Set([delivery.webhookId]));
      expect(target.requests.every((r) => r.verified)).toBe(true);
    });

    // Giving up a delivery whose every attempt failed (the schedule spans about three days) disables the endpoint.
    it('has disabled the endpoint (failing) once its delivery failed every attempt for three days', async () => {
      expect(given).toBeDefined();
      expect(await endpointOf(client, endpointId)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    });

    it('stays disabled (failing) three days after its failures began, and the failed deliveries stay failed', async () => {
      clock.advanceTo(new Date(start.getTime() + 3 * DAY));
      await submit(client);
      const endpoint = await vi.waitFor(
        async () => {
          const found = await endpointOf(client, endpointId);
          expect(found.enabled).toBe(false);
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(endpoint.disabledReason).toBe('failing');
      expect(Date.parse(endpoint.disabledAt)).toBeLessThanOrEqual(start.getTime() + 3 * DAY);
      const deliveries = await waitForDeliveries(client, endpointId, (all) => all.every((d) => d.status === 'failed'));
      expect(deliveries.map((d) => d.id)).toContain(given.id);
      expect(deliveries.every((d) => d.nextAttemptAt === null)).toBe(true);
      await target.expectQuiet(1000);
    });

    it('once re-enabled, redelivers a failed delivery with its webhook-id', async () => {
      target.fallback = 200;
      const enabled = await gql(
        client,
        'mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: true }) { __typename ... on WebhookEndpoint { enabled disabledAt disabledReason } } }',
        { id: endpointId },
      );
      expect(enabled).toEqual({ __typename: 'WebhookEndpoint', enabled: true, disabledAt: null, disabledReason: null });
      const seen = target.requests.length;
      const redelivered = await gql(
        client,
        'mutation ($id: ID!) { redeliverWebhookEvent(deliveryId: $id) { __typename ... on WebhookDelivery { status } } }',
        { id: given.id },
      );
      expect(redelivered).toEqual({ __typename: 'WebhookDelivery', status: 'pending' });
      const again = (await target.waitFor(seen + 1))[seen]!;
      expect(again).toMatchObject({ id: given.webhookId, answered: 200, verified: true });
      const deliveries = await waitForDeliveries(client, endpointId, (all) =>
        all.some((d) => d.id === given.id && d.status === 'succeeded'),
      );
      expect(deliveries.find((d) => d.id === given.id)!.attempts.at(-1)).toMatchObject({ httpStatus: 200, error: null });
    });
  });
});
