/**
 * Live replies of the tenant endpoints conform to the OpenAPI document: the
 * served document itself, invoice and credit note submissions and reads
 * (success and every refusal), and the 403 a platform token gets there.
 */
import { randomUUID } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import type { Client, Reply } from '../support/client.ts';
import { creditNote, loadExample } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { type SuiteGateway, suiteGateway } from '../support/suite-gateway.ts';
import {
  assertConformsToOpenApi,
  CREDIT_NOTE,
  CREDIT_NOTES,
  INVOICE,
  INVOICES,
  LIFECYCLE_EVENTS,
  STATUSES,
  type Obj,
} from '../support/openapi.ts';
import { freshInvoice, lifecycleEvent, unknownId } from '../support/openapi-requests.ts';

describe.each(engines())('live replies conform to the document (%s)', (engine) => {
  let gateway: Gateway, client: SuiteGateway['tenant'], platform: Client;
  suiteGateway(engine, (started) => ({ gateway, tenant: client, platform } = started), { clients: ['tenant', 'platform'] });

  it('GET /v1/openapi.json serves the same document, 200, without a token', async () => {
    const served = await gateway.anonymous().get('/v1/openapi.json');
    expect(served.status).toBe(200);
    // The same document, its server the absolute origin the request reached (PUBLIC_URL when set: issue 25).
    expect(served.body).toEqual({
      ...JSON.parse(JSON.stringify(openApiDocument)),
      servers: [{ url: gateway.url.replace('localhost', '127.0.0.1') }],
    });
    assertConformsToOpenApi(served, 'get', '/v1/openapi.json');
  });

  it.each(['POST', 'DELETE', 'TRACE', 'PUT'])('%s /v1/openapi.json is a 405 naming GET and HEAD', async (method) => {
    // node:http, since fetch refuses to send TRACE.
    const reply = await new Promise<IncomingMessage>((resolve, reject) =>
      request(`${gateway.url}/v1/openapi.json`, { method }, resolve).on('error', reject).end(),
    );
    reply.resume();
    expect(reply.statusCode).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
    expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('HEAD /v1/openapi.json answers like GET, without a body', async () => {
    const reply = await fetch(`${gateway.url}/v1/openapi.json`, { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe('');
  });

  it('invoice: 202, replayed 202, GET 200 with and without a status, statuses 200, 404, 401', async () => {
    const invoice = freshInvoice();
    const key = randomUUID();
    const accepted = await client.post(INVOICES, invoice, { idempotencyKey: key });
    expect(accepted.status).toBe(202);
    assertConformsToOpenApi(accepted, 'post', INVOICES);
    const replayed = await client.post(INVOICES, invoice, { idempotencyKey: key });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    assertConformsToOpenApi(replayed, 'post', INVOICES);

    const id = accepted.body.submission_id as string;
    const fresh = await client.get(`/v1/invoices/${id}`);
    expect(fresh.status).toBe(200);
    assertConformsToOpenApi(fresh, 'get', INVOICE);
    const empty = await client.get(`/v1/invoices/${id}/statuses`);
    expect(empty.body).toEqual({ data: [] });
    assertConformsToOpenApi(empty, 'get', STATUSES);

    // The PA reports: filed, rejected (with a reason code), then a late status after the final one.
    for (const overrides of [
      {},
      { code: 213, occurred_at: '2015-01-09T10:16:03Z', reason: 'Buyer unknown', reason_code: 'SIREN_UNKNOWN' },
      { code: 205, occurred_at: '2015-01-09T10:15:30Z' },
    ]) {
      const recorded = await platform.post(LIFECYCLE_EVENTS, lifecycleEvent(id, overrides));
      expect(recorded.status).toBe(201);
      assertConformsToOpenApi(recorded, 'post', LIFECYCLE_EVENTS);
    }
    const withStatus = await client.get(`/v1/invoices/${id}`);
    expect(withStatus.body).toMatchObject({
      processing_state: 'rejected',
      lifecycle_status: { code: 213, reason: 'Buyer unknown', reason_code: 'SIREN_UNKNOWN' },
    });
    assertConformsToOpenApi(withStatus, 'get', INVOICE);
    const history = await client.get(`/v1/invoices/${id}/statuses`);
    expect(history.body.data.map((entry: Obj) => [entry.code, entry.flags])).toEqual([
      [200, undefined],
      [205, ['AFTER_FINAL_STATUS']],
      [213, undefined],
    ]);
    assertConformsToOpenApi(history, 'get', STATUSES);

    for (const [path, template] of [
      [`/v1/invoices/${unknownId()}`, INVOICE],
      [`/v1/invoices/${unknownId()}/statuses`, STATUSES],
      [`/v1/invoices/not-a-uuid`, INVOICE],
      [`/v1/credit-notes/${id}`, CREDIT_NOTE],
    ] as const) {
      const missing = await client.get(path);
      expect(missing.status, path).toBe(404);
      assertConformsToOpenApi(missing, 'get', template);
    }
    for (const [path, template] of [
      [`/v1/invoices/${id}`, INVOICE],
      [`/v1/invoices/${id}/statuses`, STATUSES],
      [`/v1/credit-notes/${id}`, CREDIT_NOTE],
    ] as const) {
      const unknownToken = `Bearer pas_000000000000_${'A'.repeat(43)}`;
      for (const authorization of [undefined, 'Bearer not-a-token', 'Basic abc', unknownToken]) {
        const anonymous = gateway.anonymous(authorization);
        const refused = await anonymous.get(path);
        expect(refused.status, path).toBe(401);
        assertConformsToOpenApi(refused, 'get', template);
      }
    }
  });

  it('tenant endpoints answer a platform token with 403, which conforms', async () => {
    const id = (await client.post(INVOICES, freshInvoice())).body.submission_id as string;
    const note = creditNote().unique('cn').refunding(`unknown-${randomUUID()}`).build();
    const cases: Array<[string, Promise<Reply>, 'get' | 'post', string]> = [
      ['invoice', platform.get(`/v1/invoices/${id}`), 'get', INVOICE],
      ['unknown invoice', platform.get(`/v1/invoices/${unknownId()}`), 'get', INVOICE],
      ['statuses', platform.get(`/v1/invoices/${id}/statuses`), 'get', STATUSES],
      ['credit note', platform.get(`/v1/credit-notes/${id}`), 'get', CREDIT_NOTE],
      ['submit invoice', platform.post(INVOICES, freshInvoice()), 'post', INVOICES],
      ['submit credit note (would be a 422)', platform.post(CREDIT_NOTES, note), 'post', CREDIT_NOTES],
    ];
    for (const [label, pending, method, template] of cases) {
      const refused = await pending;
      expect(refused.status, label).toBe(403);
      expect(refused.body.type, label).toBe('urn:einvoicing:problem:forbidden');
      assertConformsToOpenApi(refused, method, template);
    }
    const served = await platform.get('/v1/openapi.json');
    expect(served.status).toBe(200);
  });

  it('submissions: 400, 401, 409 (both kinds), 413 and 422 conform', async () => {
    const invoice = freshInvoice();
    const key = randomUUID();
    const cases: Array<[string, Promise<Reply>, number]> = [
      ['401', gateway.anonymous().post(INVOICES, invoice), 401],
      ['400 content type', client.post(INVOICES, invoice, { headers: { 'content-type': 'text/plain' } }), 400],
      ['400 not JSON', client.post(INVOICES, undefined, { raw: '{"id":' }), 400],
      ['400 structure', client.post(INVOICES, { ...invoice, total: 1.5, lines: [null], customer_snapshot: undefined }), 400],
      ['400 blank number', client.post(INVOICES, { ...invoice, number: '  ' }), 400],
      ['400 key', client.post(INVOICES, invoice, { idempotencyKey: 'x'.repeat(256) }), 400],
      ['413', client.post(INVOICES, undefined, { raw: ' '.repeat(1024 * 1024 + 1) }), 413],
      ['422', client.post(INVOICES, loadExample('BIS3_Invoice_positive')), 422],
    ];
    for (const [label, pending, status] of cases) {
      const refused = await pending;
      expect(refused.status, label).toBe(status);
      assertConformsToOpenApi(refused, 'post', INVOICES);
    }

    expect((await client.post(INVOICES, invoice, { idempotencyKey: key })).status).toBe(202);
    const duplicate = await client.post(INVOICES, invoice);
    expect(duplicate.body.type).toBe('urn:einvoicing:problem:duplicate-submission');
    assertConformsToOpenApi(duplicate, 'post', INVOICES);
    const conflict = await client.post(INVOICES, freshInvoice(), { idempotencyKey: key });
    expect(conflict.body.type).toBe('urn:einvoicing:problem:idempotency-conflict');
    assertConformsToOpenApi(conflict, 'post', INVOICES);
  });

  it('credit notes: 202 with origin_submission_id, GET 200, 422 for an unknown invoice', async () => {
    const invoice = freshInvoice();
    const original = await client.post(INVOICES, invoice);
    const note = creditNote().unique('cn').refunding(invoice.id).build();
    const accepted = await client.post(CREDIT_NOTES, note);
    expect(accepted.status).toBe(202);
    expect(accepted.body.origin_submission_id).toBe(original.body.submission_id);
    assertConformsToOpenApi(accepted, 'post', CREDIT_NOTES);

    const fetched = await client.get(`/v1/credit-notes/${accepted.body.submission_id}`);
    expect(fetched.status).toBe(200);
    assertConformsToOpenApi(fetched, 'get', CREDIT_NOTE);

    const orphanNote = creditNote().unique('cn').refunding(`unknown-${randomUUID()}`).withoutCurrency().build();
    const orphan = await client.post(CREDIT_NOTES, orphanNote);
    expect(orphan.status).toBe(422);
    assertConformsToOpenApi(orphan, 'post', CREDIT_NOTES);

    // null is absent: a null credit note currency is BR-05 (not GW-SHAPE), null tax_ids are no tax ids.
    const note2 = creditNote().unique('cn').refunding(invoice.id).build();
    const nullCurrency = await client.post(CREDIT_NOTES, { ...note2, currency: null });
    expect(nullCurrency.status).toBe(422);
    expect(nullCurrency.body.errors).toEqual([{ path: '/currency', rule: 'BR-05', message: expect.any(String) }]);
    assertConformsToOpenApi(nullCurrency, 'post', CREDIT_NOTES);
    const other = freshInvoice();
    const nullTaxIds = await client.post(INVOICES, { ...other, customer_snapshot: { ...other.customer_snapshot, tax_ids: null } });
    expect(nullTaxIds.status).toBe(202);
    assertConformsToOpenApi(nullTaxIds, 'post', INVOICES);
  });
});
