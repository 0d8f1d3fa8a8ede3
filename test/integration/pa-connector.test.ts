/**
 * The AFNOR XP Z12-013 connector end to end, on each engine (issue 18): the
 * gateway with `PLATFORM=sandbox` (the sandbox PA mounted on its own port,
 * reached over HTTP) and with `PLATFORM=afnor` pointed at a standalone
 * sandbox. A validated invoice goes `validated → sent`, exactly one flow
 * reaches the PA, and its lifecycle statuses come back as CDAR flows, in the
 * scripted order with the PA's labels kept raw; SIM-REJECT ends `rejected`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { createFlowClient } from '../../src/platform/afnor/client.ts';
import type { FlowSettings } from '../../src/platform/settings.ts';
import type { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import type { Engine } from '../../src/db/client.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { flowSettings } from '../support/pa-client.ts';
import { privateDatabase } from '../support/private-database.ts';

type Status = { code: number; label: string; platform_label?: string };

/** Polls the record and its statuses until `done` holds, or 20 s have passed. */
async function until(client: Client, id: string, done: (record: any, statuses: Status[]) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Statuses first: the record read after them is at least as recent (its latest status, its state).
    const statuses = ((await client.get(`/v1/invoices/${id}/statuses`)).body as { data: Status[] }).data;
    const record = (await client.get(`/v1/invoices/${id}`)).body as Record<string, any>;
    if (done(record, statuses) || Date.now() > deadline) return { record, statuses };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function submit(client: Client, number?: string): Promise<string> {
  const builder = invoice().unique('pa');
  if (number) builder.with('number', number);
  const accepted = await client.post('/v1/invoices', builder.build());
  expect(accepted.status).toBe(202);
  return (accepted.body as { submission_id: string }).submission_id;
}

const DELIVERY = `query ($id: ID!) { invoice(id: $id) { processingState platformDelivery { flowId attempts acknowledgement { status } } } }`;
const STEP_MS = 20;
const POLL_MS = 100;

type Setup = (
  engine: Engine,
  databaseUrl: string | undefined,
) => Promise<{ gateway: Gateway; settings: () => FlowSettings; close?: () => Promise<void> }>;

function suite(name: string, setup: Setup) {
  describe.each(engines())(`${name} on %s`, (engine) => {
    let gateway: Gateway;
    let settings: () => FlowSettings;
    let close: (() => Promise<void>) | undefined;
    let database: Awaited<ReturnType<typeof privateDatabase>>;
    beforeAll(async () => {
      database = await privateDatabase(engine);
      ({ gateway, settings, close } = await setup(engine, database?.url));
    });
    afterAll(async () => {
      await gateway?.stop();
      await close?.();
      await database?.drop();
    });

    it('sends a validated invoice once and brings its lifecycle back from CDAR status flows', async () => {
      const client = await gateway.tenant();
      const id = await submit(client);
      const { record, statuses } = await until(client, id, (r, s) => r.processing_state === 'sent' && s.some((x) => x.code === 205));
      expect(record.processing_state).toBe('sent');
      expect(statuses.map((status) => status.code)).toEqual([200, 201, 202, 203, 204, 205]);
      expect(statuses[0]).toMatchObject({ code: 200, label: 'Déposée' });
      expect(record.lifecycle_status).toMatchObject({ code: 205, label: 'Approuvée' });

      const flows = await createFlowClient(settings()).searchFlows({ trackingId: id });
      expect(flows.ok && flows.results.map((flow) => flow.trackingId)).toEqual([id]);

      // The acknowledgement (Pending → Ok) comes from the sender's own search, on its own schedule.
      const deadline = Date.now() + 10_000;
      let view = await client.graphql(DELIVERY, { id });
      while ((view.body as any).data?.invoice?.platformDelivery?.acknowledgement?.status !== 'Ok' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        view = await client.graphql(DELIVERY, { id });
      }
      expect(view.body).toMatchObject({
        data: { invoice: { processingState: 'SENT', platformDelivery: { attempts: 1, acknowledgement: { status: 'Ok' } } } },
      });
      expect(flows.ok && flows.results[0]!.flowId).toBe((view.body as any).data.invoice.platformDelivery.flowId);
    });

    it('plays the SIM-REJECT script: 200 then 213 Rejetée, the document rejected', async () => {
      const client = await gateway.tenant();
      const id = await submit(client, `SIM-REJECT-${Date.now().toString(36)}-${engine}`);
      const { record, statuses } = await until(client, id, (_r, s) => s.some((x) => x.code === 213));
      expect(statuses.map((status) => status.code)).toEqual([200, 213]);
      expect(record.lifecycle_status).toMatchObject({ code: 213, reason: 'Rejet simulé : facture en doublon' });
      expect(record.processing_state).toBe('rejected');
    });
  });
}

suite('PLATFORM=sandbox (mounted under /sandbox-pa)', async (engine, databaseUrl) => {
  const gateway = await startGateway(engine, {
    databaseUrl,
    platform: { kind: 'sandbox', stepMs: STEP_MS, pollIntervalMs: POLL_MS },
    pipeline: true,
  });
  // The mounted sandbox's credentials are generated at start: the test's own client uses the connector's settings.
  return { gateway, settings: () => paSettingsOf(gateway) };
});

suite('PLATFORM=afnor against a standalone sandbox PA', async (engine, databaseUrl) => {
  const standalone: SandboxPa = createSandboxPa({ clientId: 'gw-test', clientSecret: 'standalone-secret', stepMs: STEP_MS });
  const { url } = await standalone.listen(0);
  const settings = flowSettings(url, 'gw-test', 'standalone-secret');
  const gateway = await startGateway(engine, {
    databaseUrl,
    platform: { kind: 'afnor', settings, pollIntervalMs: POLL_MS },
    pipeline: true,
  });
  return { gateway, settings: () => settings, close: () => standalone.close() };
});

function paSettingsOf(gateway: Gateway): FlowSettings {
  const settings = gateway.paSettings();
  if (!settings) throw new Error('the gateway runs no PA connector');
  return settings;
}
