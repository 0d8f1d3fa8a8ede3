/**
 * Bursts. For one endpoint: every submission's event is delivered once, and
 * the attempts beyond the endpoint's concurrency wait for a slot in the
 * process instead of going back to the queue (which capped one endpoint at a
 * couple of deliveries per queue poll). Across tenants: an endpoint that
 * starts hanging during a burst does not hold up another tenant's deliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/clock.ts';
import { invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { startWebhookGateway } from '../support/webhook-gateway.ts';
import { webhookFixtures } from '../support/webhook-fixtures.ts';

const BURST = 60; // more than two full queue batches (25)
const STUCK = 60; // more than the attempts two workers run at once (2 x 25)

describe.each(engines())('a burst of webhook deliveries on %s', (engine) => {
  const clock = new FakeClock();
  let gateway: Gateway;
  const fixtures = webhookFixtures(clock);

  beforeAll(async () => {
    gateway = await startWebhookGateway(engine, { webhooks: { clock, workers: 2 } });
  });
  afterAll(async () => {
    await fixtures.cleanup();
    await gateway?.stop();
  });

  it('delivers each event once, every attempt from its first queue job', async () => {
    const client = await gateway.tenant();
    const target = await fixtures.receiver();
    const { id: endpointId } = await fixtures.endpoint(client, target);
    const documents = Array.from({ length: BURST }, () => invoice().unique().build());
    for (let i = 0; i < BURST; i += 10) {
      const replies = await Promise.all(documents.slice(i, i + 10).map((document) => client.post('/v1/invoices', document)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(replies.length).fill(202));
    }

    const received = await target.waitFor(BURST, 30_000);
    expect(new Set(received.map((request) => request.id)).size).toBe(BURST);
    expect(received.every((request) => request.verified)).toBe(true);

    const { rows } = await gateway.database.executeSql(
      `select count(*)::int as jobs from pgboss.job j
         join webhook_deliveries d on d.id::text = j.data->>'deliveryId'
        where j.name = 'webhook-attempt' and d.endpoint_id = $1`,
      [endpointId],
    );
    expect(rows[0].jobs).toBe(BURST);
  });

  it("delivers a healthy endpoint's events while another tenant's endpoint hangs", async () => {
    const stuckTenant = await gateway.tenant();
    const hanging = await fixtures.receiver();
    hanging.fallback = 'hang';
    await fixtures.endpoint(stuckTenant, hanging);
    for (let i = 0; i < STUCK; i += 10) {
      await Promise.all(Array.from({ length: 10 }, () => stuckTenant.post('/v1/invoices', invoice().unique().build())));
    }
    await hanging.waitFor(1, 10_000);

    const healthyTenant = await gateway.tenant();
    const healthy = await fixtures.receiver();
    await fixtures.endpoint(healthyTenant, healthy);
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await healthyTenant.post('/v1/invoices', invoice().unique().build())).status).toBe(202);
    await healthy.waitFor(3, 20_000);
    // Well under the hanging endpoint's 10 s timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 40_000);
});
