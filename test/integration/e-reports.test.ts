/**
 * E-reporting end to end through real HTTP (docs/e-reporting.md), on each engine, with the official artefacts and
 * the mounted sandbox PA: B2C invoices of a `normal_monthly` seller across two décades and an international B2B
 * invoice are validated but not sent as invoice flows; each lands in its décade's open report; `POST
 * /v1/e-reports/close` closes a décade (refused for one not ended), the report passes the flux 10 XSD and F10
 * schematron, its totals per rate equal the invoices' sums, it reaches the PA as an FRR flow and the sandbox's 300
 * is recorded; an invoice for a décade already sent makes an `RE` report covering the whole décade.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { loadExample } from '../support/documents.ts';
import { b2c, eReportingSuite, type Json, runTag, SELLER, TEN_YEARS_MS, until } from '../support/e-reporting-http.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';
import { processed } from '../support/pipeline.ts';

describe.each(engines())('e-reports (%s)', (engine) => {
  let tenant: Client;
  eReportingSuite(engine, (started) => ({ tenant } = started));
  const tag = runTag();

  async function submit(doc: Json): Promise<Json> {
    const reply = await tenant.post('/v1/invoices', doc);
    expect(reply.status).toBe(202);
    const id = (reply.body as Json).submission_id as string;
    // A cold validation worker loads the official artefacts first: more than `processed`'s wait on a busy machine.
    return until(
      async () => (await tenant.get(`/v1/invoices/${id}`)).body as Json,
      (r) => r.processing_state !== 'received',
      180_000,
    );
  }

  const reports = async (query: string) => ((await tenant.get(`/v1/e-reports?${query}`)).body as Json).data as Json[];
  const close = (period: string) => tenant.post('/v1/e-reports/close', { seller_siren: SELLER, period, kind: 'transactions' });

  it('assigns B2C and B2BInt documents to their décade, closes one, sends it and records the 300', async () => {
    const a = await submit(
      b2c(`A${tag}`, '2026-09-03', [
        [10_000, 20],
        [5_000, 5.5],
      ]),
    );
    const b = await submit(b2c(`B${tag}`, '2026-09-15', [[2_000, 20]]));
    const int = loadExample('fr-b2bint-invoice') as Json;
    Object.assign(int, {
      id: `saas-I${tag}`,
      number: `I${tag}`,
      created_at: '2026-09-05T10:00:00+02:00',
      finalized_at: '2026-09-05T10:01:00+02:00',
    });
    const i = await submit(int);
    for (const record of [a, b, i]) expect(record, JSON.stringify(record)).toMatchObject({ processing_state: 'validated' });

    const open = await reports(`seller_siren=${SELLER}&state=open`);
    expect(open.map((r) => r.period).sort()).toEqual(['2026-09-D1', '2026-09-D2']);
    const d1 = open.find((r) => r.period === '2026-09-D1')!;
    expect(d1).toMatchObject({ kind: 'transactions', type: 'IN', deadline: '2026-09-20', seller_siren: SELLER });

    // Not ended: refused with a pointer.
    const early = await close('2026-11-D3');
    expect(early.status).toBe(422);
    expect((early.body as Json).errors[0].path).toBe('/period');

    const closed = await close('2026-09-D1');
    expect(closed.status).toBe(200);
    const report = closed.body as Json;
    expect(report.check_errors).toEqual([]);
    expect(report.state === 'closed' || report.state === 'sent' || report.state === 'accepted').toBe(true);
    expect(report.submission_ids.sort()).toEqual([a.submission_id, i.submission_id].sort());
    expect(report.totals.invoice_count).toBe(1);
    const services = report.totals.categories.find((c: Json) => c.category === 'TPS1');
    expect(services).toMatchObject({ currency: 'EUR', count: 1, tax_exclusive_amount: 15_000 });
    expect(services.rates).toEqual([
      { percent: 5.5, taxable_amount: 5_000, tax_amount: 275 },
      { percent: 20, taxable_amount: 10_000, tax_amount: 2_000 },
    ]);

    const document = await tenant.get(`/v1/e-reports/${report.id}/document`);
    expect(document.status).toBe(200);
    expect(String(document.text ?? document.body)).toContain('<TransactionsReport>');

    const accepted = await until(
      async () => (await tenant.get(`/v1/e-reports/${report.id}`)).body as Json,
      (r) => r.state === 'accepted' || r.state === 'rejected',
    );
    expect(accepted.state).toBe('accepted');
    expect(accepted.flow_id).toEqual(expect.any(String));
    expect(accepted.statuses).toEqual([expect.objectContaining({ code: 300, label: 'Déposée' })]);
    // Reported, not sent as invoice flows.
    expect((await tenant.get(`/v1/invoices/${a.submission_id}`)).body).toMatchObject({ processing_state: 'validated' });

    // A document for the décade already sent: a rectificative replacing the whole décade.
    const c = await submit(b2c(`C${tag}`, '2026-09-04', [[1_000, 20]]));
    expect(c.processing_state).toBe('validated');
    const re = (await close('2026-09-D1')).body as Json;
    expect(re).toMatchObject({ type: 'RE', sequence: 2, period: '2026-09-D1' });
    expect(re.submission_ids.sort()).toEqual([a.submission_id, i.submission_id, c.submission_id].sort());
    expect(re.check_errors).toEqual([]);
    const reAccepted = await until(
      async () => (await tenant.get(`/v1/e-reports/${re.id}`)).body as Json,
      (r) => r.state === 'accepted' || r.state === 'rejected',
    );
    expect(reAccepted.state).toBe('accepted');
    // Each submission says which report covers it: the rectificative now (GraphQL, same resolvers).
    const covered = await tenant.post('/graphql', { query: `{ invoice(id: "${a.submission_id}") { eReport { id type state } } }` });
    expect((covered.body as Json).data.invoice.eReport).toEqual({ id: re.id, type: 'RE', state: 'accepted' });
    expect(((await tenant.get(`/v1/invoices/${a.submission_id}`)).body as Json).e_report_id).toBe(re.id);

    // Listing: filters and cursor paging.
    const all = await reports(`seller_siren=${SELLER}&period=2026-09-D1`);
    expect(all.map((r) => r.sequence)).toEqual([2, 1]);
    const first = (await tenant.get(`/v1/e-reports?period=2026-09-D1&limit=1`)).body as Json;
    expect(first.data).toHaveLength(1);
    const second = (await tenant.get(`/v1/e-reports?period=2026-09-D1&limit=1&after=${first.next_cursor}`)).body as Json;
    expect(second.data[0].id).toBe(report.id);
  }, 400_000);
});

describe.each(engines())('e-reports closing by themselves (%s)', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started), {
    platform: { kind: 'sandbox', stepMs: 20, pollIntervalMs: 100 },
    // A period closes as soon as it has ended (the default is an hour later).
    eReporting: { closeDelayMs: 0, pollMs: 100 },
    timeoutMs: 120_000,
  });

  it("closes a franchise seller's bimester once ended, sends it and records the 300", async () => {
    const tenant = await gateway.tenant();
    const profile = (await tenant.get('/v1/seller-profile')).body as Json;
    const saved = await tenant.request('PUT', '/v1/seller-profile', { ...profile, vat_regime: 'franchise' });
    expect(saved.status).toBe(200);
    const doc = b2c(`F${Math.random().toString(36).slice(2, 8).toUpperCase()}`, '2026-09-03', [[4_000, 0, 'E']]);
    const reply = await tenant.post('/v1/invoices', doc);
    expect(reply.status, reply.text).toBe(202);
    const record = await processed(tenant, `/v1/invoices/${(reply.body as Json).submission_id}`);
    expect(record.processing_state).toBe('validated');
    const list = async () => ((await tenant.get('/v1/e-reports')).body as Json).data as Json[];
    const [report] = (await until(list, (data) => data[0]?.state === 'accepted' || data[0]?.state === 'rejected')) as [Json];
    expect(report).toMatchObject({ period: '2026-B5', period_start: '2026-09-01', period_end: '2026-10-31', deadline: '2026-11-30' });
    expect(report.state).toBe('accepted');
    expect(report.statuses[0]).toMatchObject({ code: 300 });
  }, 120_000);
});

describe.each(engines())('e-reports with B2C_INVOICE_FLOWS (%s)', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started), {
    platform: { kind: 'sandbox', stepMs: 20, pollIntervalMs: 100 },
    eReporting: { invoiceFlows: true, closeDelayMs: TEN_YEARS_MS },
    timeoutMs: 120_000,
  });

  it('sends a B2C invoice to the PA as an invoice flow and reports it too', async () => {
    const tenant = await gateway.tenant();
    const reply = await tenant.post(
      '/v1/invoices',
      b2c(`G${Math.random().toString(36).slice(2, 8).toUpperCase()}`, '2026-09-03', [[1_000, 20]]),
    );
    expect(reply.status).toBe(202);
    const id = (reply.body as Json).submission_id as string;
    const sent = await until(
      async () => (await tenant.get(`/v1/invoices/${id}`)).body as Json,
      (r) => r.processing_state === 'sent' || r.processing_state === 'rejected',
    );
    expect(sent.processing_state).toBe('sent');
    const [report] = ((await tenant.get('/v1/e-reports')).body as Json).data as Json[];
    expect(report).toMatchObject({ period: '2026-09-D1', state: 'open' });
    expect(((await tenant.get(`/v1/e-reports/${report!.id}`)).body as Json).submission_ids).toEqual([id]);
  }, 120_000);
});
