/**
 * The e-report sender against a fake Flow Service (test/support/flow-fakes.ts), on each engine, with a database of
 * its own (the sender takes every closed report of its database): a PA that stores the FRR flow after our timeout
 * gets it once, because an unknown outcome is searched by trackingId over the grace period before any new attempt
 * (docs/pa-connection.md, "Unknown outcomes"); the report ends `sent` with the flow the PA stored.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eReports, tenants } from '../../src/db/schema.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createEReportSender } from '../../src/platform/outbound/e-report-sender.ts';
import { type FakeFlowService, startFakeFlowService } from '../support/flow-fakes.ts';
import { engines, type Gateway, startGateway } from '../support/gateway.ts';
import { privateDatabase } from '../support/private-database.ts';
import { until } from '../support/sender-harness.ts';

describe.each(engines())('e-report sender (%s)', (engine) => {
  let database: Awaited<ReturnType<typeof privateDatabase>>;
  let gateway: Gateway;
  let fake: FakeFlowService;

  beforeAll(async () => {
    database = await privateDatabase(engine);
    gateway = await startGateway(engine, { databaseUrl: database?.url });
    fake = await startFakeFlowService();
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
    await fake?.close();
    await database?.drop();
  });

  /** A closed report of a new tenant, due for sending; its transmission id is the flow's name at the fake. */
  async function closedReport(): Promise<{ id: string; transmissionId: string }> {
    const client = await gateway.tenant();
    const db = gateway.database.db;
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, client.tenantName));
    const transmissionId = `900123456-2026-10-P-${randomUUID().slice(0, 8)}`;
    const [row] = await db
      .insert(eReports)
      .values({
        tenantId: tenant!.id,
        sellerSiren: '900123456',
        kind: 'payments',
        periodId: '2026-10',
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
        deadline: '2026-11-30',
        portalDeadline: new Date('2026-12-01T07:00:00Z'),
        sequence: 1,
        state: 'closed',
        closeAt: new Date('2026-11-01T00:00:00Z'),
        transmissionId,
        jobNextAt: new Date(),
        xml: '<Report/>',
      })
      .returning({ id: eReports.id });
    return { id: row!.id, transmissionId };
  }

  it('sends once to a PA that stores the flow after our timeout, finding it by trackingId within the grace period', async () => {
    const { id, transmissionId } = await closedReport();
    // The request is never answered; the PA stores the flow 4 s later. The client gives up after 500 ms.
    fake.script(transmissionId, { replies: [{ kind: 'accept-late', commitAfterMs: 4_000 }] });
    const sender = createEReportSender({
      db: gateway.database.db,
      client: fake.client(500),
      log: createLogger('silent'),
      pollMs: 100,
      unknownOutcome: { graceMs: 10_000, searchEveryMs: 200 },
    });
    sender.start();
    try {
      const read = async () => (await gateway.database.db.select().from(eReports).where(eq(eReports.id, id)))[0]!;
      const sent = await until(read, (row) => row.state !== 'closed', 30_000);
      expect(sent.state).toBe('sent');
      expect(fake.requests(transmissionId)).toHaveLength(1);
      const flows = fake.flows(id);
      expect(flows).toHaveLength(1);
      expect(sent.flowId).toBe(flows[0]!.flowId);
    } finally {
      await sender.stop();
    }
  }, 60_000);
});
