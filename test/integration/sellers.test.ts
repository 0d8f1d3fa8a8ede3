/**
 * Sellers over real HTTP on each engine: many sellers per tenant, numbers unique per seller, the seller a document
 * names (or the default one), the seller checks at submission (seller-missing, BR-S-02 with profile_path), the VAT
 * regime and VAT on debits (BT-8 in UBL and CII, passed by the official artefacts), documents that waited for a
 * seller, and tenant isolation. Every REST reply is checked against the OpenAPI document by the client.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { creditNote, invoice, toGraphQLInput } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';
import { processed } from '../support/pipeline.ts';

/** A second seller, quarterly returns, VAT on debits. */
const OTHER = {
  ...DEMO_SELLER_PROFILE,
  name: 'Atelier Numérique SAS',
  siren: '812345676',
  siret: null,
  vat_number: 'FR19812345676',
  vat_regime: 'normal_quarterly',
  vat_on_debits: true,
};

describe.each(engines())('sellers on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started), { pipeline: true, validation: 'official', validationWorkers: 1 });

  it('creates, lists, reads and replaces sellers; the first one is the default', async () => {
    const client = await gateway.sellerlessTenant();
    const first = await client.post('/v1/sellers', DEMO_SELLER_PROFILE);
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe('/v1/sellers/900123456');
    expect(first.body).toMatchObject({ siren: '900123456', is_default: true, vat_regime: 'normal_monthly', vat_on_debits: false });
    const second = await client.post('/v1/sellers', OTHER);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ siren: '812345676', is_default: false, vat_on_debits: true });
    expect((await client.post('/v1/sellers', OTHER)).body).toMatchObject({ type: 'urn:einvoicing:problem:seller-exists', status: 409 });

    const page = await client.get('/v1/sellers?limit=1');
    expect(page.body.data.map((s: { siren: string }) => s.siren)).toEqual(['812345676']);
    const next = await client.get(`/v1/sellers?limit=1&after=${page.body.next_cursor}`);
    expect(next.body).toEqual({ data: [expect.objectContaining({ siren: '900123456' })] });
    expect((await client.get('/v1/seller-profile')).body).toMatchObject({ siren: '900123456' });

    const replaced = await client.request('PUT', '/v1/sellers/812345676', { ...OTHER, vat_on_debits: false });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ vat_on_debits: false, is_default: false });
    const mismatch = await client.request('PUT', '/v1/sellers/812345676', { ...OTHER, siren: '900123456' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toContainEqual(expect.objectContaining({ path: '/siren', rule: 'GW-SELLER-SIREN-PATH' }));
    expect((await client.request('PUT', '/v1/sellers/552100554', { ...OTHER, siren: '552100554' })).status).toBe(404);
    const noRegime = await client.post('/v1/sellers', { ...OTHER, siren: '552100554', vat_number: 'FR96552100554', vat_regime: undefined });
    expect(noRegime.status).toBe(422);
    expect(noRegime.body.errors).toEqual([expect.objectContaining({ path: '/vat_regime', rule: 'GW-SELLER-VAT-REGIME' })]);
  });

  it('lets two sellers of one tenant issue the same number, each UBL naming its own seller, passing the official artefacts', async () => {
    const client = await gateway.tenant();
    expect((await client.post('/v1/sellers', OTHER)).status).toBe(201);
    const number = `FA-${randomUUID().slice(0, 8)}`;
    const mine = await client.post('/v1/invoices', invoice().unique().with('number', number).build());
    const theirs = await client.post('/v1/invoices', invoice().unique().with('number', number).with('seller_siren', '812345676').build());
    expect([mine.status, theirs.status]).toEqual([202, 202]);
    expect(mine.body.seller_siren).toBe('900123456');
    expect(theirs.body.seller_siren).toBe('812345676');
    const again = await client.post('/v1/invoices', invoice().unique().with('number', number).with('seller_siren', '812345676').build());
    expect(again.body).toMatchObject({ type: 'urn:einvoicing:problem:duplicate-submission', submission_id: theirs.body.submission_id });

    for (const [reply, siren] of [
      [mine, '900123456'],
      [theirs, '812345676'],
    ] as const) {
      const record = await processed(client, `/v1/invoices/${reply.body.submission_id}`);
      expect(record).toMatchObject({ processing_state: 'validated', seller_siren: siren, processing_rule: 'B2B' });
      const ubl = (await client.get(`/v1/invoices/${reply.body.submission_id}/document?syntax=ubl`)).text;
      expect(ubl).toContain(`<cbc:CompanyID schemeID="0002">${siren}</cbc:CompanyID>`);
      const cii = (await client.get(`/v1/invoices/${reply.body.submission_id}/document?syntax=cii`)).text;
      // BT-8, VAT on debits (the second seller, created with the option): 3 in UBL, 5 in CII, with its mention.
      const onDebits = siren === '812345676';
      expect(ubl.includes('<cbc:DescriptionCode>3</cbc:DescriptionCode>')).toBe(onDebits);
      expect(cii.includes('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>')).toBe(onDebits);
      expect(ubl.includes("Option pour le paiement de la taxe d'après les débits")).toBe(onDebits);
    }
  });

  it('refuses an unknown seller, a credit note of another seller, and a tenant without sellers (422)', async () => {
    const client = await gateway.tenant();
    const unknown = await client.post('/v1/invoices', invoice().unique().with('seller_siren', '812345676').build());
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toContainEqual(expect.objectContaining({ path: '/seller_siren', rule: 'GW-SELLER-UNKNOWN' }));

    expect((await client.post('/v1/sellers', OTHER)).status).toBe(201);
    const original = invoice().unique().build();
    expect((await client.post('/v1/invoices', original)).status).toBe(202);
    const note = creditNote().unique('cn').refunding(original.id).with('seller_siren', '812345676').build();
    const mismatch = await client.post('/v1/credit-notes', note);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toContainEqual(expect.objectContaining({ path: '/seller_siren', rule: 'GW-SELLER-MISMATCH' }));

    const lonely = await gateway.sellerlessTenant();
    const missing = await lonely.post('/v1/invoices', invoice().unique().build());
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      type: 'urn:einvoicing:problem:seller-missing',
      errors: [{ path: '/seller_siren', rule: 'GW-SELLER-MISSING', message: expect.any(String) }],
    });
    const graphql = await lonely.graphql('mutation($input: InvoiceInput!) { submitInvoice(input: $input) { __typename } }', {
      input: toGraphQLInput(invoice().unique().build()),
    });
    expect(graphql.body.data.submitInvoice.__typename).toBe('SellerMissing');
  });

  it('refuses at submission what the seller decides: BR-S-02 with profile_path, and a profile without VAT number at PUT', async () => {
    const client = await gateway.sellerlessTenant();
    const refused = await client.request('PUT', '/v1/seller-profile', { ...DEMO_SELLER_PROFILE, vat_number: null });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/vat_number', rule: 'BR-S-02' })]);

    const franchise = { ...DEMO_SELLER_PROFILE, vat_number: null, vat_regime: 'franchise' };
    expect((await client.request('PUT', '/v1/seller-profile', franchise)).status).toBe(200);
    const reply = await client.post('/v1/invoices', invoice().unique().build());
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toContainEqual({
      path: '/lines/0/taxes/0',
      rule: 'BR-S-02',
      message: expect.stringContaining('BT-31'),
      profile_path: '/vat_number',
    });
  });

  it('processes a document that waited for its tenant to have a seller, showing waiting_for meanwhile', async () => {
    // A document written before sellers were required: its row names no seller.
    const lonely = await gateway.sellerlessTenant();
    const tenant = await gateway.database.db.query.tenants.findFirst({ where: (t, { eq }) => eq(t.name, lonely.tenantName) });
    const body = invoice().unique().build();
    const id = '01a20400-0000-7000-8000-' + randomUUID().slice(-12);
    await gateway.database.db.insert(submissions).values({
      id,
      tenantId: tenant!.id,
      documentType: 'invoice',
      saasId: body.id,
      number: body.number,
      issueDate: '2026-11-20',
      body: JSON.stringify(body),
      bodySha256: 'legacy',
      createdAt: new Date(),
    });
    expect((await lonely.get(`/v1/invoices/${id}`)).body).toMatchObject({ processing_state: 'received', waiting_for: 'seller' });
    // A payment cannot be decided without the seller (VAT on debits, regime): a 422, not a 500.
    const payment = await lonely.post(`/v1/invoices/${id}/payments`, { id: 'early', paid_at: '2026-11-21', amount: 100 });
    expect(payment.status).toBe(422);
    expect(payment.body.errors).toEqual([expect.objectContaining({ path: '', rule: 'GW-PAYMENT-SELLER-MISSING' })]);
    expect((await lonely.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
    const record = await processed(lonely, `/v1/invoices/${id}`);
    expect(record).toMatchObject({ processing_state: 'validated', seller_siren: '900123456' });
    expect(record.waiting_for).toBeUndefined();
  });

  it("never shows or uses another tenant's sellers", async () => {
    const owner = await gateway.sellerlessTenant();
    expect((await owner.post('/v1/sellers', OTHER)).status).toBe(201);
    const stranger = await gateway.tenant();
    expect((await stranger.get('/v1/sellers/812345676')).status).toBe(404);
    expect((await stranger.get('/v1/sellers')).body.data.map((s: { siren: string }) => s.siren)).toEqual(['900123456']);
    const used = await stranger.post('/v1/invoices', invoice().unique().with('seller_siren', '812345676').build());
    expect(used.status).toBe(422);
    expect(used.body.errors).toContainEqual(expect.objectContaining({ rule: 'GW-SELLER-UNKNOWN' }));
    const replaced = await stranger.request('PUT', '/v1/sellers/812345676', OTHER);
    expect(replaced.status).toBe(404);
    const graphql = await stranger.graphql('{ seller(siren: "812345676") { siren } sellers { edges { node { siren } } } }');
    expect(graphql.body.data).toEqual({ seller: null, sellers: { edges: [{ node: { siren: '900123456' } }] } });
  });
});
