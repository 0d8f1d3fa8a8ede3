/**
 * E-report events end to end through real HTTP and WebSocket (issue 30, "API"; docs/webhooks.md), on each engine:
 * closing a décade of a B2C invoice sends its report, and its moves to sent and then accepted (the mounted sandbox
 * PA answers 300 for a well-formed report) or rejected (a standalone sandbox PA whose check refuses every report:
 * 301) each reach a webhook endpoint subscribed to `e_report.*` once, signed, with the report as
 * `GET /v1/e-reports/{id}` returns it, reach an `eReportEvents` subscription once, and are rows of the events table.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import type { Client } from '../support/client.ts';
import { loadExample } from '../support/documents.ts';
import { type Json, runTag, SELLER, TEN_YEARS_MS, until } from '../support/e-reporting-http.ts';
import { engines, type Gateway, type startGateway } from '../support/gateway.ts';
import { flowSettings } from '../support/pa-client.ts';
import { Receiver } from '../support/receiver.ts';
import { wsConnect } from '../support/subscribers.ts';
import { registerEndpoint } from '../support/webhook-api.ts';
import { startWebhookGateway } from '../support/webhook-gateway.ts';

const E_REPORT_EVENTS = `subscription ($sellerSiren: String) {
  eReportEvents(sellerSiren: $sellerSiren) { id type report { id sellerSiren state period type statuses { code reason } } }
}`;

/** The B2C example, numbered `number`, issued on `day`, one line of 100.00 € at 20 %. */
function b2c(number: string, day: string): Json {
  const doc = loadExample('fr-b2c-invoice') as Json;
  Object.assign(doc, {
    id: `saas-${number}`,
    number,
    created_at: `${day}T10:00:00+02:00`,
    finalized_at: `${day}T10:01:00+02:00`,
    due_date: day,
  });
  delete doc.period_start;
  delete doc.period_end;
  doc.lines = [
    {
      id: 'li_0',
      description: 'Abonnement',
      type: 'subscription',
      quantity: 1,
      unit_amount: 10_000,
      amount: 10_000,
      taxes: [{ name: 'TVA 20 %', percentage: 20, inclusive: false, amount: 2_000 }],
    },
  ];
  Object.assign(doc, { subtotal: 10_000, total_excl_tax: 10_000, tax_total: 2_000, total: 12_000, amount_paid: 12_000, amount_due: 0 });
  return doc;
}

/** A standalone sandbox PA refusing every e-report (the portal's 301), as a real PA would an invalid one. */
async function refusingPa(): Promise<{ pa: SandboxPa; platform: NonNullable<Parameters<typeof startGateway>[1]>['platform'] }> {
  const pa = createSandboxPa({
    clientId: 'gw-events',
    clientSecret: 'standalone-events-secret',
    stepMs: 20,
    checkFile: async (syntax) =>
      syntax === 'FRR'
        ? { ok: false, details: [{ reasonCode: 'REJ_COH', reasonMessage: 'G1.05: refused by the test' }] }
        : { ok: true, details: [] },
  });
  const { url } = await pa.listen(0);
  return { pa, platform: { kind: 'afnor', settings: flowSettings(url, 'gw-events', 'standalone-events-secret'), pollIntervalMs: 100 } };
}

const OUTCOMES = [
  { outcome: 'accepted', code: 300 },
  { outcome: 'rejected', code: 301 },
] as const;

describe.each(engines())('e-report events (%s)', (engine) => {
  describe.each(OUTCOMES)('a report $outcome', ({ outcome, code }) => {
    let gateway: Gateway;
    let tenant: Client & { token: string };
    let receiver: Receiver;
    let pa: SandboxPa | undefined;

    beforeAll(async () => {
      const refusing = outcome === 'rejected' ? await refusingPa() : undefined;
      pa = refusing?.pa;
      gateway = await startWebhookGateway(engine, {
        platform: refusing?.platform ?? { kind: 'sandbox', stepMs: 20, pollIntervalMs: 100 },
        pipeline: true,
        eReporting: { closeDelayMs: TEN_YEARS_MS, pollMs: 200, platform: { id: 'PA01', name: 'Plateforme de test' } },
      });
      tenant = await gateway.tenant();
      receiver = await Receiver.start();
    }, 120_000);
    afterAll(async () => {
      await gateway?.stop();
      await receiver?.close();
      await pa?.close();
    });

    it(`raises e_report.sent and e_report.${outcome} once each: webhook, subscription and event rows`, async () => {
      await registerEndpoint(tenant, receiver, ['e_report.sent', 'e_report.accepted', 'e_report.rejected', 'submission.received']);
      const ws = wsConnect(gateway.url, { token: tenant.token });
      const subscription = ws.subscribe(E_REPORT_EVENTS, { sellerSiren: SELLER });
      const other = ws.subscribe(E_REPORT_EVENTS, { sellerSiren: '111111118' });
      try {
        const tag = runTag();
        const posted = await tenant.post('/v1/invoices', b2c(`EV${tag}`, '2026-09-03'));
        expect(posted.status).toBe(202);
        const id = posted.body.submission_id as string;
        const record = await until(
          async () => (await tenant.get(`/v1/invoices/${id}`)).body as Json,
          (r) => r.processing_state !== 'received',
        );
        expect(record.processing_state).toBe('validated');

        const closed = await tenant.post('/v1/e-reports/close', { seller_siren: SELLER, period: '2026-09-D1', kind: 'transactions' });
        expect(closed.status).toBe(200);
        const reportId = closed.body.id as string;
        const final = await until(
          async () => (await tenant.get(`/v1/e-reports/${reportId}`)).body as Json,
          (r) => r.state === 'accepted' || r.state === 'rejected',
        );
        expect(final.state).toBe(outcome);
        expect(final.statuses.at(-1)).toMatchObject({ code });

        // Webhooks: the submission's received, then the report's two moves, each once.
        const requests = await receiver.waitFor(3, 30_000);
        await receiver.expectQuiet(1500);
        const reports = receiver.requests.filter((r) => r.type.startsWith('e_report.'));
        expect(reports.map((r) => r.type).sort()).toEqual([`e_report.${outcome}`, 'e_report.sent']);
        for (const request of requests) expect(request.verified, request.verifyError).toBe(true);
        const last = reports.find((r) => r.type === `e_report.${outcome}`)!;
        // The report as GET /v1/e-reports/{id} returns it when the webhook was made: here, already its final state.
        expect(last.payload).toEqual({ type: `e_report.${outcome}`, timestamp: expect.any(String), data: final });
        expect(last.payload.data).toMatchObject({
          id: reportId,
          seller_siren: SELLER,
          kind: 'transactions',
          period: '2026-09-D1',
          type: 'IN',
        });
        if (outcome === 'rejected') expect(last.payload.data.statuses.at(-1).reason).toContain('refused by the test');
        const sent = reports.find((r) => r.type === 'e_report.sent')!;
        expect(sent.payload.data).toMatchObject({ id: reportId, flow_id: final.flow_id });
        expect(['sent', outcome]).toContain(sent.payload.data.state);

        // The subscription: the same two moves, once each, in order; none for another seller.
        const payloads = await subscription.waitFor(2, 10_000);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(subscription.payloads).toHaveLength(2);
        expect(payloads.map((p) => p.errors)).toEqual([undefined, undefined]);
        const events = payloads.map((p) => p.data.eReportEvents);
        expect(events.map((e: Json) => e.type)).toEqual(['SENT', outcome.toUpperCase()]);
        for (const event of events)
          expect(event.report).toMatchObject({ id: reportId, sellerSiren: SELLER, period: '2026-09-D1', type: 'IN' });
        expect(events[1].report.statuses.at(-1)).toMatchObject({ code });
        expect(other.payloads).toEqual([]);

        // The event log: one row per move, with the ids the subscription gave.
        const rows = (await gateway.database.db.execute(
          sql`select id, type from submission_events where e_report_id = ${reportId} order by id`,
        )) as unknown as { rows?: Json[] } & Json[];
        const list = (rows.rows ?? rows) as Json[];
        expect(list.map((r) => [String(r.id), r.type])).toEqual(events.map((e: Json) => [e.id, `e_report_${e.type.toLowerCase()}`]));
      } finally {
        await ws.close();
      }
    }, 240_000);
  });
});
