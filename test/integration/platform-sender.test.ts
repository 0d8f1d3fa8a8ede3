/**
 * The PA sender (`validated → sent`, AFNOR XP Z12-013 createFlow) against the
 * real sandbox PA over HTTP, on each engine: documents validated before the
 * sender started (a restart) are found by polling, a document validated
 * while it runs is sent when it is woken; each reaches `sent` with one
 * `processing_state_changed` event, the sandbox holds exactly one flow per
 * document, and the acknowledgement search brings `Ok` into the GraphQL view.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { platformCursors, submissionEvents } from '../../src/db/schema.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { createSender, type Sender } from '../../src/platform/outbound/flow-sender.ts';
import type { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { flowSettings } from '../support/pa-client.ts';
import { privateDatabase, until } from '../support/sender-harness.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { processed } from '../support/pipeline.ts';

const DELIVERY = `query ($id: ID!) { invoice(id: $id) { processingState
  platformDelivery { flowId submittedAt attempts lastError nextAttemptAt acknowledgement { status details { reasonCode } } } } }`;

async function submitValidated(client: Client): Promise<string> {
  const accepted = await client.post('/v1/invoices', invoice().unique('snd').build());
  expect(accepted.status).toBe(202);
  const id = (accepted.body as { submission_id: string }).submission_id;
  expect(await processed(client, `/v1/invoices/${id}`)).toMatchObject({ processing_state: 'validated' });
  return id;
}

describe.each(engines())('PA sender against the sandbox PA on %s', (engine) => {
  let gateway: Gateway;
  let pa: SandboxPa;
  let flowClient: FlowClient;
  let database: Awaited<ReturnType<typeof privateDatabase>>;
  let sender: Sender | undefined;
  const connection = `sandbox-${engine}`;

  beforeAll(async () => {
    database = await privateDatabase(engine);
    gateway = await startGateway(engine, { pipeline: true, databaseUrl: database?.url });
    // Status flows are not this stage's business: one a minute at most, and none before the suite ends.
    pa = createSandboxPa({ clientId: 'gateway', clientSecret: 'sandbox-secret', stepMs: 60_000 });
    const { url } = await pa.listen(0);
    flowClient = createFlowClient({ ...flowSettings(url, 'gateway', 'sandbox-secret'), timeoutMs: 2_000 });
  });
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
  });
  afterAll(async () => {
    await gateway?.stop();
    await pa?.close();
    await database?.drop();
  });

  function startSender(): Sender {
    const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
    sender = createSender({ db: gateway.database.db, events: NO_EVENTS, client: flowClient, connection, log, pollMs: 100 });
    sender.start();
    return sender;
  }

  it('sends documents validated before it started, once each, and records their acknowledgement Ok', async () => {
    const client = await gateway.tenant();
    const ids = [await submitValidated(client), await submitValidated(client), await submitValidated(client)];
    startSender();

    for (const id of ids) {
      const record = await until(
        async () => (await client.get(`/v1/invoices/${id}`)).body,
        (r) => r.processing_state !== 'validated',
      );
      expect(record).toMatchObject({ submission_id: id, processing_state: 'sent' });
      const flows = await flowClient.searchFlows({ trackingId: id });
      expect(flows.ok && flows.results.length).toBe(1);
      const flow = flows.ok ? flows.results[0]! : undefined;
      expect(flow).toMatchObject({ trackingId: id, flowSyntax: 'UBL', flowProfile: 'CIUS', processingRule: 'B2B', flowDirection: 'Out' });

      const view = await until(
        async () => (await client.graphql(DELIVERY, { id })).body,
        (b) => b.data?.invoice?.platformDelivery?.acknowledgement?.status === 'Ok',
      );
      expect(view).toEqual({
        data: {
          invoice: {
            processingState: 'SENT',
            platformDelivery: {
              flowId: flow!.flowId,
              submittedAt: flow!.submittedAt,
              attempts: 1,
              lastError: null,
              nextAttemptAt: null,
              acknowledgement: { status: 'Ok', details: [] },
            },
          },
        },
      });
      const events = await gateway.database.db
        .select({ state: submissionEvents.processingState })
        .from(submissionEvents)
        .where(and(eq(submissionEvents.submissionId, id), eq(submissionEvents.type, 'processing_state_changed')))
        .orderBy(submissionEvents.id);
      expect(events.map((e) => e.state)).toEqual(['validated', 'sent']);
    }
    const [cursor] = await gateway.database.db
      .select()
      .from(platformCursors)
      .where(eq(platformCursors.connection, `${connection}#out`));
    expect(cursor?.updatedAfter).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('sends a document validated while it runs when woken, and shows no delivery to another tenant', async () => {
    startSender();
    const client = await gateway.tenant();
    const id = await submitValidated(client);
    const started = Date.now();
    sender!.wake();
    const record = await until(
      async () => (await client.get(`/v1/invoices/${id}`)).body,
      (r) => r.processing_state === 'sent',
    );
    expect(record.processing_state).toBe('sent');
    expect(Date.now() - started).toBeLessThan(5_000);
    const flows = await flowClient.searchFlows({ trackingId: id });
    expect(flows.ok && flows.results.map((f) => f.trackingId)).toEqual([id]);

    const other = await gateway.tenant();
    expect((await other.graphql(DELIVERY, { id })).body).toEqual({ data: { invoice: null } });
  });
});
