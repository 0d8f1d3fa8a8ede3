/**
 * The status poller against the real sandbox PA over HTTP, on each engine: documents validated by the gateway
 * are sent to the sandbox as the sender would (createFlow with their UBL, a `platform_flows` row), and the
 * sandbox's scripted CDAR statuses (accepted, SIM-REFUSE, SIM-REJECT) come back into their history with the
 * sandbox's labels kept raw. A new poller on the same database replays nothing; two pollers never poll together.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { lifecycleStatuses, platformFlows, submissionDocuments, submissionEvents, submissions } from '../../src/db/schema.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { createStatusPoller, type StatusPoller } from '../../src/platform/inbound/status-poller.ts';
import { readCursor } from '../../src/platform/inbound/inbound-store.ts';
import type { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { flowSettings } from '../support/pa-client.ts';
import { processed } from '../support/pipeline.ts';

const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** A FlowClient that counts its calls. */
function counting(client: FlowClient) {
  const calls = { search: 0, get: 0 };
  const wrapped: FlowClient = {
    ...client,
    searchFlows: (where, limit) => {
      calls.search++;
      return client.searchFlows(where, limit);
    },
    getFlow: ((flowId: string, docType: 'Original') => {
      calls.get++;
      return client.getFlow(flowId, docType);
    }) as FlowClient['getFlow'],
  };
  return { client: wrapped, calls };
}

describe.each(engines())('status poller against the sandbox PA (%s)', (engine) => {
  let gateway: Gateway;
  let tenant: Client;
  let pa: SandboxPa;
  let flowClient: FlowClient;
  const connection = `sandbox-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const pollers: StatusPoller[] = [];

  beforeAll(async () => {
    gateway = await startGateway(engine, { pipeline: true });
    tenant = await gateway.tenant();
    pa = createSandboxPa({ clientId: 'gateway', clientSecret: 'sandbox-secret', stepMs: 20 });
    const { url } = await pa.listen(0, '127.0.0.1');
    flowClient = createFlowClient(flowSettings(url, 'gateway', 'sandbox-secret'));
  });
  afterEach(async () => {
    // Each test's pollers give their lease up, so the next test's poller may take it.
    for (const poller of pollers.splice(0)) await poller.stop();
  });
  afterAll(async () => {
    await pa?.close();
    await gateway?.stop();
  });

  function poller(client: FlowClient = flowClient): StatusPoller {
    const created = createStatusPoller({ db: gateway.database.db, events: NO_EVENTS, client, connection, log, intervalMs: 60_000 });
    pollers.push(created);
    return created;
  }

  /** Submits an invoice numbered `number`, waits for `validated`, sends its UBL to the sandbox and keeps the flow row. */
  async function sent(tag: string): Promise<{ id: string; number: string }> {
    const body = invoice().unique(tag).build();
    const reply = await tenant.post('/v1/invoices', body);
    expect(reply.status).toBe(202);
    const id = reply.body.submission_id as string;
    expect((await processed(tenant, `/v1/invoices/${id}`)).processing_state).toBe('validated');
    const db = gateway.database.db;
    const [document] = await db
      .select({ ubl: submissionDocuments.ubl, sellerSiren: submissionDocuments.sellerSiren, tenantId: submissionDocuments.tenantId })
      .from(submissionDocuments)
      .where(eq(submissionDocuments.submissionId, id));
    expect(document?.sellerSiren).toMatch(/^\d{9}$/);
    const flow = await flowClient.submitFlow({
      flowInfo: { flowSyntax: 'UBL', flowProfile: 'CIUS', processingRule: 'B2B', trackingId: id, name: `${body.number}.xml` },
      file: Buffer.from(document!.ubl, 'utf8'),
      fileName: `${body.number}.xml`,
    });
    if (!flow.ok) throw new Error(`createFlow failed: ${JSON.stringify(flow)}`);
    await db.insert(platformFlows).values({
      submissionId: id,
      tenantId: document!.tenantId,
      invoiceNumber: body.number,
      sellerSiren: document!.sellerSiren!,
      flowId: flow.flow.flowId,
      submittedAt: flow.flow.submittedAt,
      ackStatus: 'Pending',
      attempts: 1,
    });
    return { id, number: body.number };
  }

  const counts = async (ids: string[]) => {
    const db = gateway.database.db;
    const [statuses] = await db.select({ n: count() }).from(lifecycleStatuses).where(inArray(lifecycleStatuses.submissionId, ids));
    const [events] = await db.select({ n: count() }).from(submissionEvents).where(inArray(submissionEvents.submissionId, ids));
    return { statuses: statuses!.n, events: events!.n };
  };

  const graphqlHistory = async (id: string) =>
    (
      await tenant.graphql(
        `query ($id: ID!) { invoice(id: $id) { processingState
          lifecycleStatus { code platformLabel } statuses { code label platformLabel final reason reasonCode } } }`,
        { id },
      )
    ).body.data.invoice;

  it('brings the accepted, refused and rejected scripts back with the raw labels; a new poller replays nothing', async () => {
    const accepted = await sent('doc');
    const refused = await sent('sim-refuse');
    const rejected = await sent('sim-reject');
    const ids = [accepted.id, refused.id, rejected.id];
    const first = poller();
    // 6 + 6 + 2 statuses, one every 20 ms per invoice: poll until they are all in (or 20 s).
    const deadline = Date.now() + 20_000;
    while ((await counts(ids)).statuses < 14 && Date.now() < deadline) await first.pollNow();
    expect((await counts(ids)).statuses).toBe(14);

    const history = async (id: string) => (await tenant.get(`/v1/invoices/${id}/statuses`)).body.data;
    expect((await history(accepted.id)).map((entry: { code: number; label: string }) => [entry.code, entry.label])).toEqual([
      [200, 'Déposée'],
      [201, 'Émise'],
      [202, 'Reçue'],
      [203, 'Mise à disposition'],
      [204, 'Prise en charge'],
      [205, 'Approuvée'],
    ]);
    expect((await history(refused.id)).at(-1)).toMatchObject({
      code: 210,
      label: 'Refusée',
      final: true,
      reason: 'Refus simulé : montant contesté par le destinataire',
      reason_code: 'MONTANTTOTAL_ERR',
    });
    expect(await graphqlHistory(rejected.id)).toEqual({
      processingState: 'REJECTED',
      lifecycleStatus: { code: 213, platformLabel: 'Rejetée' },
      statuses: [
        { code: 200, label: 'Déposée', platformLabel: 'Déposée', final: false, reason: null, reasonCode: null },
        {
          code: 213,
          label: 'Rejetée',
          platformLabel: 'Rejetée',
          final: true,
          reason: 'Rejet simulé : facture en doublon',
          reasonCode: 'DOUBLON',
        },
      ],
    });
    const refusedStatuses = (await graphqlHistory(refused.id)).statuses;
    expect(refusedStatuses.every((status: { label: string; platformLabel: string }) => status.platformLabel === status.label)).toBe(true);

    // A restart: a new poller on the same database starts from the persisted cursor.
    const before = await counts(ids);
    const cursor = await readCursor(gateway.database.db, connection);
    await first.stop();
    const restarted = counting(flowClient);
    await poller(restarted.client).pollNow();
    expect(restarted.calls).toEqual({ search: 1, get: 0 });
    expect(await counts(ids)).toEqual(before);
    expect(await readCursor(gateway.database.db, connection)).toBe(cursor);
  });

  it('records a status fetched again (a crash before the cursor moved) once, without a new event', async () => {
    const doc = await sent('replay');
    const live = poller();
    const deadline = Date.now() + 20_000;
    while ((await counts([doc.id])).statuses < 6 && Date.now() < deadline) await live.pollNow();
    const before = await counts([doc.id]);
    expect(before.statuses).toBe(6);
    await live.stop();
    // As if the cursor had not been written after these flows: move it back before them.
    const db = gateway.database.db;
    const [row] = await db
      .select({ submittedAt: platformFlows.submittedAt })
      .from(platformFlows)
      .where(eq(platformFlows.submissionId, doc.id));
    await db.execute(sql`UPDATE platform_cursors SET updated_after = ${row?.submittedAt ?? ''} WHERE connection = ${connection}`);
    const replaying = counting(flowClient);
    await poller(replaying.client).pollNow();
    expect(replaying.calls.get).toBeGreaterThanOrEqual(6);
    expect(await counts([doc.id])).toEqual(before);
    const [state] = await db.select({ state: submissions.processingState }).from(submissions).where(eq(submissions.id, doc.id));
    expect(state?.state).toBe('validated');
  });

  it('lets one poller poll a connection at a time, and another take over once it stops', async () => {
    const [a, b] = [counting(flowClient), counting(flowClient)];
    const [pollerA, pollerB] = [poller(a.client), poller(b.client)];
    await Promise.all([pollerA.pollNow(), pollerB.pollNow()]);
    expect(a.calls.search + b.calls.search).toBe(1);
    const [holder, other, otherCalls] = a.calls.search === 1 ? [pollerA, pollerB, b.calls] : [pollerB, pollerA, a.calls];
    await other.pollNow();
    expect(otherCalls.search).toBe(0);
    await holder.stop();
    await other.pollNow();
    expect(otherCalls.search).toBe(1);
  });
});
