/**
 * Recording payments over real HTTP on each engine (no platform: documents stay `received`): the default split over
 * the VAT rates, replay by id (200) and conflict (409), the GW-PAYMENT-* 422s with their JSON pointers, credit notes,
 * the reporting decision (212, e-reporting, not required for goods and a seller on VAT debits), GraphQL
 * `recordPayment` and `Submission.payments`, and tenant isolation. Every REST reply is checked against the OpenAPI
 * document by the client.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema.ts';
import { rejectOrphaned212 } from '../../src/platform/outbound/status-212-refusals.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { creditNote, invoice, loadExample, tax } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

type Client = Awaited<ReturnType<Gateway['tenant']>>;

/** A two-rate domestic B2B invoice of services (20 % and 5.5 %), submitted; its submission id. */
async function twoRateInvoice(client: Client, edit: (doc: Record<string, unknown>) => void = () => {}): Promise<string> {
  const doc = invoice()
    .unique('pay')
    .withLine((line) => line.withTaxes(tax({ name: 'TVA 5,5 %', percentage: 5.5 })))
    .build() as unknown as Record<string, unknown>;
  edit(doc);
  const reply = await client.post('/v1/invoices', doc);
  expect(reply.status, reply.text).toBe(202);
  return reply.body.submission_id as string;
}

describe.each(engines())('payments on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  it('records a payment split over the VAT rates, replays it by id and refuses the id with another body', async () => {
    const client = await gateway.tenant();
    const id = await twoRateInvoice(client);
    const body = { id: 'pay-1', paid_at: '2026-11-21', amount: 10000, method: 'transfer' };
    const first = await client.post(`/v1/invoices/${id}/payments`, body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      id: 'pay-1',
      paid_at: '2026-11-21',
      amount: 10000,
      currency: 'EUR',
      method: 'transfer',
      reporting: { channel: 'status_212', state: 'pending', reason: 'domestic_b2b_services' },
    });
    const parts = first.body.parts as Array<{ percentage: number; amount: number }>;
    expect(parts.map((p) => p.percentage)).toEqual([20, 5.5]);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(10000);

    // Key order does not count; the same values replay.
    const replay = await client.post(`/v1/invoices/${id}/payments`, {
      method: 'transfer',
      amount: 10000,
      paid_at: '2026-11-21',
      id: 'pay-1',
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const conflict = await client.post(`/v1/invoices/${id}/payments`, { ...body, amount: 9000 });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ type: 'urn:einvoicing:problem:idempotency-conflict' });

    const given = await client.post(`/v1/invoices/${id}/payments`, {
      id: 'pay-2',
      paid_at: '2026-11-22',
      amount: 500,
      vat_breakdown: [
        { percentage: 5.5, amount: 200 },
        { percentage: 20, amount: 300 },
      ],
    });
    expect(given.status, given.text).toBe(201);
    expect(given.body.parts).toEqual([
      { percentage: 5.5, amount: 200 },
      { percentage: 20, amount: 300 },
    ]);
    const list = await client.get(`/v1/invoices/${id}/payments`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual(['pay-1', 'pay-2']);
  });

  it('answers 422 with the rule and the pointer of each broken payment rule', async () => {
    const client = await gateway.tenant();
    const id = await twoRateInvoice(client);
    const total = (await client.get(`/v1/invoices/${id}`)).body;
    expect(total.processing_state).toBe('received');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 0 }, '/amount', 'GW-PAYMENT-AMOUNT'],
      [{ amount: 10_000_000 }, '/amount', 'GW-PAYMENT-ABOVE-TOTAL'],
      [{ paid_at: '2026-11-19' }, '/paid_at', 'GW-PAYMENT-BEFORE-ISSUE'],
      [{ paid_at: '2099-01-01' }, '/paid_at', 'GW-PAYMENT-FUTURE'],
      [{ id: ' ' }, '/id', 'GW-PAYMENT-ID'],
      [{ method: '' }, '/method', 'GW-PAYMENT-METHOD'],
      [{ vat_breakdown: [{ percentage: 20, amount: 999 }] }, '/vat_breakdown', 'GW-PAYMENT-BREAKDOWN-SUM'],
      [{ vat_breakdown: [{ percentage: 10, amount: 1000 }] }, '/vat_breakdown/0/percentage', 'GW-PAYMENT-BREAKDOWN-RATE'],
      [
        {
          vat_breakdown: [
            { percentage: 20, amount: -1 },
            { percentage: 5.5, amount: 1001 },
          ],
        },
        '/vat_breakdown/0/amount',
        'GW-PAYMENT-AMOUNT',
      ],
    ];
    for (const [edit, path, rule] of cases) {
      const reply = await client.post(`/v1/invoices/${id}/payments`, { id: `bad-${rule}`, paid_at: '2026-11-21', amount: 1000, ...edit });
      expect(reply.status, `${rule}: ${reply.text}`).toBe(422);
      expect(reply.body.errors).toContainEqual(expect.objectContaining({ path, rule }));
    }
    // The sum already paid counts: two payments up to the total, not one more cent.
    const record = await client.get(`/v1/invoices/${id}/payments`);
    expect(record.body.data).toEqual([]);
    const malformed = await client.post(`/v1/invoices/${id}/payments`, { id: 'x', paid_at: '2026-11-21' });
    expect(malformed.status).toBe(400);
    const badDate = await client.post(`/v1/invoices/${id}/payments`, { id: 'x', paid_at: '2026-02-30', amount: 1 });
    expect(badDate.status).toBe(400);
  });

  it('refuses payments above the total across payments, and on a credit note', async () => {
    const client = await gateway.tenant();
    const doc = invoice().unique('tot').build();
    const id = (await client.post('/v1/invoices', doc)).body.submission_id as string;
    const total = doc.total as number;
    expect((await client.post(`/v1/invoices/${id}/payments`, { id: 'a', paid_at: '2026-11-21', amount: total - 1 })).status).toBe(201);
    const over = await client.post(`/v1/invoices/${id}/payments`, { id: 'b', paid_at: '2026-11-21', amount: 2 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([expect.objectContaining({ path: '/amount', rule: 'GW-PAYMENT-ABOVE-TOTAL' })]);
    expect((await client.post(`/v1/invoices/${id}/payments`, { id: 'b', paid_at: '2026-11-21', amount: 1 })).status).toBe(201);

    const note = creditNote()
      .unique('cn')
      .refunding(doc.id as string)
      .build();
    const noteId = (await client.post('/v1/credit-notes', note)).body.submission_id as string;
    const refused = await client.post(`/v1/invoices/${noteId}/payments`, { id: 'c', paid_at: '2026-11-21', amount: 100 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '', rule: 'GW-PAYMENT-CREDIT-NOTE' })]);
  });

  it('decides the reporting: goods and VAT on debits not required, B2C pending for e-reporting', async () => {
    const client = await gateway.tenant();
    const goods = await twoRateInvoice(client, (doc) => {
      doc['billing_framework'] = 'B1';
    });
    const paid = async (submissionId: string, paymentId: string) =>
      (await client.post(`/v1/invoices/${submissionId}/payments`, { id: paymentId, paid_at: '2026-11-26', amount: 100 })).body.reporting;
    expect(await paid(goods, 'g')).toMatchObject({ channel: 'none', state: 'not_required', reason: 'goods_only' });

    const debits = { ...DEMO_SELLER_PROFILE, siren: '812345676', siret: null, vat_number: 'FR19812345676', vat_on_debits: true };
    expect((await client.post('/v1/sellers', debits)).status).toBe(201);
    const onDebits = await twoRateInvoice(client, (doc) => {
      doc['seller_siren'] = '812345676';
    });
    expect(await paid(onDebits, 'd')).toMatchObject({ channel: 'none', state: 'not_required', reason: 'vat_on_debits' });

    const b2c = loadExample('fr-b2c-invoice');
    const b2cId = (await client.post('/v1/invoices', b2c)).body.submission_id as string;
    const reporting = await paid(b2cId, 'c');
    expect(reporting).toMatchObject({ channel: 'e_reporting', state: 'pending', reason: 'b2c_services' });
    expect(reporting.message).toMatch(/e-reporting/);

    // The open payments report of the cashing's month covers it (docs/e-reporting.md, "Payments").
    expect(reporting.e_report_id).toEqual(expect.any(String));
    const report = (await client.get(`/v1/e-reports/${reporting.e_report_id}`)).body;
    expect(report).toMatchObject({ kind: 'payments', period: '2026-11', state: 'open', seller_siren: DEMO_SELLER_PROFILE.siren });
    expect(report.payment_ids).toEqual(['c']);
    expect((await client.get(`/v1/invoices/${goods}/payments`)).body.data[0].reporting.e_report_id).toBeUndefined();
  });

  it('gives up the 212 of an invoice rejected before it was sent, with GW-PAYMENT-INVOICE-REJECTED', async () => {
    const client = await gateway.tenant();
    const id = await twoRateInvoice(client);
    expect((await client.post(`/v1/invoices/${id}/payments`, { id: 'orphan', paid_at: '2026-11-21', amount: 100 })).status).toBe(201);
    const db = gateway.database.db;
    await db.update(submissions).set({ processingState: 'rejected' }).where(eq(submissions.id, id));
    expect(await rejectOrphaned212(db)).toBeGreaterThanOrEqual(1);
    const [payment] = (await client.get(`/v1/invoices/${id}/payments`)).body.data;
    expect(payment.reporting).toMatchObject({
      channel: 'status_212',
      state: 'rejected',
      errors: [{ rule: 'GW-PAYMENT-INVOICE-REJECTED', message: expect.any(String) }],
    });
    const refused = await client.post(`/v1/invoices/${id}/payments`, { id: 'after', paid_at: '2026-11-21', amount: 100 });
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '', rule: 'GW-PAYMENT-INVOICE-REJECTED' })]);
  });

  it('records and lists over GraphQL; another tenant sees nothing and may use the same payment id', async () => {
    const client = await gateway.tenant();
    const id = await twoRateInvoice(client);
    const mutation = `mutation($id: ID!, $input: PaymentInput!) { recordPayment(submissionId: $id, input: $input) {
      __typename
      ... on PaymentRecorded { replayed payment { id amount parts { percentage amount } reporting { channel state reason } } }
      ... on ValidationFailed { issues { path rule } }
      ... on PaymentConflict { original { id } }
      ... on NotFound { message } } }`;
    const input = { id: 'gql-1', paidAt: '2026-11-21', amount: 2500 };
    const recorded = await client.graphql(mutation, { id, input });
    expect(recorded.body.data?.recordPayment).toMatchObject({ __typename: 'PaymentRecorded', replayed: false, payment: { id: 'gql-1' } });
    const invalid = await client.graphql(mutation, { id, input: { ...input, id: 'gql-2', amount: -5 } });
    expect(invalid.body.data?.recordPayment).toEqual({
      __typename: 'ValidationFailed',
      issues: [{ path: '/input/amount', rule: 'GW-PAYMENT-AMOUNT' }],
    });
    const lookup = await client.graphql('query($id: ID!) { invoice(id: $id) { payments { id amount reporting { channel } } } }', { id });
    expect(lookup.body.data?.invoice.payments).toEqual([{ id: 'gql-1', amount: 2500, reporting: { channel: 'status_212' } }]);

    const other = await gateway.tenant();
    expect((await other.get(`/v1/invoices/${id}/payments`)).status).toBe(404);
    expect((await other.post(`/v1/invoices/${id}/payments`, { id: 'gql-1', paid_at: '2026-11-21', amount: 1 })).status).toBe(404);
    expect((await other.graphql(mutation, { id, input })).body.data?.recordPayment.__typename).toBe('NotFound');
    const own = await twoRateInvoice(other);
    expect((await other.post(`/v1/invoices/${own}/payments`, { id: 'gql-1', paid_at: '2026-11-21', amount: 2500 })).status).toBe(201);
    expect((await client.get(`/v1/invoices/${id}/payments`)).body.data).toHaveLength(1);
  });
});
