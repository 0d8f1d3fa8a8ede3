/**
 * One tenant's endpoint that hangs (every request runs into the 10 s delivery
 * timeout) during a burst must not hold up another tenant's deliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/clock.ts';
import { invoice } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { startWebhookGateway } from '../support/webhook-gateway.ts';
import { webhookFixtures } from '../support/webhook-fixtures.ts';

const STUCK = 60; // more than the delivery loops' two batches of 25

describe.each(engines())('webhook isolation on %s', (engine) => {
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
