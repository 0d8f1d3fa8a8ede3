/**
 * The 212 Encaissée over real HTTP on each engine, with the mounted sandbox PA and the official artefacts: a
 * domestic B2B services invoice paid in two parts yields two CDAR flows at the PA (trackingId = each payment's
 * gateway id) whose per-rate amounts sum to each payment and which pass the CDAR D22B XSD and the BR-FR CDV
 * schematron; the payments go `acknowledged`; each 212 enters the invoice's history once with `source: "seller"`,
 * with its `lifecycle_status_added` event. And exactly once: a createFlow whose answer is lost (as after a kill -9
 * between sending and committing) is found again by trackingId, not sent twice.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleStatuses, payments, submissionEvents, submissions } from '../../src/db/schema.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { send212 } from '../../src/platform/outbound/status-212-send.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createValidator } from '../../src/validation/index.ts';
import { invoice, tax } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import type { Client } from '../support/client.ts';
import { until } from '../support/until.ts';

const STEP_MS = 20;
const POLL_MS = 100;

/** Generous: the official artefacts validate every invoice, and a loaded machine makes that slow. */
const slowly = <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => until(read, done, 150_000, 100);

async function sentInvoice(client: Client): Promise<string> {
  const doc = invoice()
    .unique('enc')
    .withLine((line) => line.withTaxes(tax({ name: 'TVA 5,5 %', percentage: 5.5 })))
    .build();
  const accepted = await client.post('/v1/invoices', doc);
  expect(accepted.status, accepted.text).toBe(202);
  const id = accepted.body.submission_id as string;
  // Sent, and its PA statuses through 205 in: the 212 comes after.
  const statuses = await slowly(
    async () => (await client.get(`/v1/invoices/${id}/statuses`)).body.data as Array<{ code: number }>,
    (s) => s.some((x) => x.code === 205),
  );
  expect(statuses.map((s) => s.code)).toContain(205);
  return id;
}

describe.each(engines())('212 Encaissée on %s', (engine) => {
  let gateway: Gateway;
  let pa: FlowClient;
  const validator = createValidator({ workers: 1 });
  beforeAll(async () => {
    gateway = await startGateway(engine, {
      platform: { kind: 'sandbox', stepMs: STEP_MS, pollIntervalMs: POLL_MS },
      pipeline: true,
      validation: 'official',
      validationWorkers: 1,
    });
    pa = createFlowClient(gateway.paSettings()!);
  });
  afterAll(async () => {
    await gateway?.stop();
    await validator.close();
  });

  it('sends one CDAR 212 per payment, split per rate, that the official artefacts accept; history and events once', async () => {
    const client = await gateway.tenant();
    const id = await sentInvoice(client);
    for (const [paymentId, amount] of [
      ['enc-1', 10000],
      ['enc-2', 4321],
    ] as const) {
      const reply = await client.post(`/v1/invoices/${id}/payments`, { id: paymentId, paid_at: '2026-11-25', amount });
      expect(reply.status, reply.text).toBe(201);
    }
    const list = await slowly(
      async () => (await client.get(`/v1/invoices/${id}/payments`)).body.data as Array<Record<string, any>>,
      (data) => data.every((p) => p.reporting.state === 'acknowledged'),
    );
    expect(list.map((p) => p.reporting.state)).toEqual(['acknowledged', 'acknowledged']);

    const rows = await gateway.database.db.select().from(payments).where(eq(payments.submissionId, id));
    for (const row of rows) {
      const found = await pa.searchFlows({ trackingId: row.id });
      expect(found.ok && found.results.map((f) => [f.flowSyntax, f.acknowledgement?.status])).toEqual([['CDAR', 'Ok']]);
      const flowId = found.ok ? found.results[0]!.flowId : '';
      expect(row.flowId).toBe(flowId);
      const original = await pa.getFlow(flowId, 'Original');
      if (!original.ok) throw new Error('the PA does not give the 212 back');
      const xml = original.bytes.toString('utf8');
      expect((await validator.validateCdar(xml)).fatal).toEqual([]);
      expect(xml).toContain('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
      expect(xml).toContain(`<ram:ID>${row.id}</ram:ID>`);
      const amounts = [...xml.matchAll(/<ram:ValueAmount currencyID="EUR">([\d.]+)<\/ram:ValueAmount>/g)].map((m) =>
        Math.round(Number(m[1]) * 100),
      );
      const rates = [...xml.matchAll(/<ram:ValuePercent>([\d.]+)<\/ram:ValuePercent>/g)].map((m) => m[1]);
      expect(rates).toEqual(['20.00', '5.50']);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(row.amount);
    }

    // In the history beside the PA's statuses, once per payment, with an event each.
    const statuses = (await client.get(`/v1/invoices/${id}/statuses`)).body.data as Array<Record<string, unknown>>;
    const own = statuses.filter((s) => s.source === 'seller');
    expect(own).toEqual([expect.objectContaining({ code: 212, label: 'Encaissée' }), expect.objectContaining({ code: 212 })]);
    expect(statuses.filter((s) => s.code !== 212).every((s) => s.source === undefined)).toBe(true);
    const graphql = await client.graphql('query($id: ID!) { invoice(id: $id) { statuses { code source } } }', { id });
    expect(graphql.body.data?.invoice.statuses.filter((s: { source: string }) => s.source === 'seller')).toHaveLength(2);
    const db = gateway.database.db;
    const stored = await db
      .select()
      .from(lifecycleStatuses)
      .where(and(eq(lifecycleStatuses.submissionId, id), eq(lifecycleStatuses.code, 212)));
    expect(stored).toHaveLength(2);
    for (const status of stored) {
      const events = await db.select().from(submissionEvents).where(eq(submissionEvents.lifecycleStatusId, status.id));
      expect(events.map((e) => e.type)).toEqual(['lifecycle_status_added']);
    }
  });

  it('sends a 212 once when the answer to its createFlow was lost (kill -9 between sending and committing)', async () => {
    const client = await gateway.tenant();
    const id = await sentInvoice(client);
    // Held back from the running sender: its invoice looks not yet sent while the test drives send212 itself.
    const db = gateway.database.db;
    await db
      .update(submissions)
      .set({ processingState: 'validated', pipelineNextAt: new Date(Date.now() + 3_600_000) })
      .where(eq(submissions.id, id));
    const reply = await client.post(`/v1/invoices/${id}/payments`, { id: 'lost-1', paid_at: '2026-11-25', amount: 777 });
    expect(reply.status).toBe(201);
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.submissionId, id)));
    const log = createLogger('silent');
    // The PA takes the flow, the answer never arrives.
    const lossy: FlowClient = {
      ...pa,
      submitFlow: async (input) => {
        await pa.submitFlow(input);
        return { ok: false, kind: 'unknown-outcome', error: 'socket hang up' };
      },
    };
    expect(await send212({ db, events: NO_EVENTS, client: lossy, log }, row!.id)).toBe('retry');
    const [after] = await db.select().from(payments).where(eq(payments.id, row!.id));
    expect(after).toMatchObject({ state: 'pending', outcomeUnknown: true, attempts: 1 });
    // The next attempt (after a restart) searches by trackingId first and takes the flow it finds.
    expect(await send212({ db, events: NO_EVENTS, client: pa, log }, row!.id)).toBe('sent');
    const found = await pa.searchFlows({ trackingId: row!.id });
    expect(found.ok && found.results).toHaveLength(1);
    const [done] = await db.select().from(payments).where(eq(payments.id, row!.id));
    expect(done).toMatchObject({ state: 'sent', attempts: 1, outcomeUnknown: false, flowId: found.ok ? found.results[0]!.flowId : '' });
    expect(await send212({ db, events: NO_EVENTS, client: pa, log }, row!.id)).toBe('gone');
    await db.update(submissions).set({ processingState: 'sent', pipelineNextAt: null }).where(eq(submissions.id, id));
  });
});
