/**
 * The pipeline over real HTTP with the official artefacts on (issue 17), on
 * each engine: a document waits in `received` until its tenant has a seller
 * profile, then reaches `validated` with its UBL and CII downloadable (same
 * bytes every time); a profile the official rules refuse makes it `rejected`
 * with the rule, the profile pointer and the XPath; tenants never see each
 * other's documents. Every REST reply is checked against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sellers, submissions } from '../../src/db/schema.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { FRENCH_EXAMPLES, loadExample } from '../support/documents.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';
import { processed } from '../support/pipeline.ts';

const invoice = JSON.parse(readFileSync(new URL('../../examples/fr-b2b-invoice.json', import.meta.url), 'utf8'));
const creditNote = JSON.parse(readFileSync(new URL('../../examples/fr-credit-note.json', import.meta.url), 'utf8'));

describe.each(engines())('pipeline with the official artefacts on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started), { pipeline: true, validation: 'official', validationWorkers: 1 });

  it('refuses a document while its tenant has no seller (nothing is kept to be rejected later), then validates it', async () => {
    const client = await gateway.sellerlessTenant();
    const refused = await client.post('/v1/invoices', invoice);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ type: 'urn:einvoicing:problem:seller-missing' });

    expect((await client.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
    const accepted = await client.post('/v1/invoices', invoice);
    expect(accepted.status).toBe(202);
    const id = (accepted.body as { submission_id: string }).submission_id;
    const record = await processed(client, `/v1/invoices/${id}`);
    expect(record).toMatchObject({ submission_id: id, processing_state: 'validated' });
    expect(record).not.toHaveProperty('rejection');

    const ubl = await client.get(`/v1/invoices/${id}/document?syntax=ubl`);
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(ubl.headers.get('content-disposition')).toBe(`inline; filename="${invoice.number}.ubl.xml"`);
    expect(ubl.text).toMatch(/<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(ubl.text).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(ubl.text).toContain(`<cbc:EndpointID schemeID="0225">${DEMO_SELLER_PROFILE.siren}</cbc:EndpointID>`);
    expect((await client.get(`/v1/invoices/${id}/document`)).text).toBe(ubl.text);

    const cii = await client.get(`/v1/invoices/${id}/document?syntax=CII`);
    expect(cii.status).toBe(200);
    expect(cii.text).toContain('<rsm:CrossIndustryInvoice');
    expect(cii.text).toContain(`<ram:ID>${invoice.number}</ram:ID>`);

    const graphql = await client.graphql(
      `query ($id: ID!) { invoice(id: $id) { processingState processingRule validationWarnings { rule } rejection { source }
        ubl: document(syntax: UBL) cii: document(syntax: CII) } }`,
      { id },
    );
    expect(graphql.body).toEqual({
      data: {
        invoice: {
          processingState: 'VALIDATED',
          processingRule: 'B2B',
          validationWarnings: [],
          rejection: null,
          ubl: ubl.text,
          cii: cii.text,
        },
      },
    });
  });

  it.each(FRENCH_EXAMPLES)('validates the French example %s, with its processing rule in #BAR#', async (name) => {
    const client = await gateway.tenant();
    expect((await client.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
    const accepted = await client.post('/v1/invoices', loadExample(name));
    expect(accepted.status).toBe(202);
    const id = (accepted.body as { submission_id: string }).submission_id;
    expect(await processed(client, `/v1/invoices/${id}`)).toMatchObject({ processing_state: 'validated' });
    const ubl = (await client.get(`/v1/invoices/${id}/document`)).text;
    expect(ubl).toMatch(/<cbc:Note>#BAR#(B2B|B2BINT|B2C)<\/cbc:Note>/);
  });

  it('validates a credit note as a UBL CreditNote that refers to its invoice (BT-25, BT-26)', async () => {
    const client = await gateway.tenant();
    expect((await client.request('PUT', '/v1/seller-profile', DEMO_SELLER_PROFILE)).status).toBe(200);
    expect((await client.post('/v1/invoices', invoice)).status).toBe(202);
    const accepted = await client.post('/v1/credit-notes', creditNote);
    expect(accepted.status).toBe(202);
    const id = (accepted.body as { submission_id: string }).submission_id;
    expect(await processed(client, `/v1/credit-notes/${id}`)).toMatchObject({ processing_state: 'validated' });
    const ubl = await client.get(`/v1/credit-notes/${id}/document`);
    expect(ubl.text).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(ubl.text).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(ubl.text).toMatch(new RegExp(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID>`));
  });

  it('checks the seller again when it processes: a document whose seller lost its VAT number since is rejected, with the profile field', async () => {
    const client = await gateway.tenant();
    const tenant = await gateway.database.db.query.tenants.findFirst({ where: (t, { eq }) => eq(t.name, client.tenantName) });
    // Submitted while the seller had its VAT number, processed after it lost it (a franchise seller now): the row is
    // written as the submission service writes it, the seller changed in the database behind the API's checks.
    await gateway.database.db
      .update(sellers)
      .set({ profile: sql`${sellers.profile} || '{"vat_number": null, "vat_regime": "franchise"}'::jsonb` })
      .where(eq(sellers.tenantId, tenant!.id));
    const id = `01a20400-0000-7000-8000-${randomUUID().slice(-12)}`;
    await gateway.database.db.insert(submissions).values({
      id,
      tenantId: tenant!.id,
      documentType: 'invoice',
      saasId: invoice.id,
      number: invoice.number,
      sellerSiren: DEMO_SELLER_PROFILE.siren,
      issueDate: '2026-11-20',
      body: JSON.stringify(invoice),
      bodySha256: 'test',
      createdAt: new Date(),
    });
    const record = await processed(client, `/v1/invoices/${id}`);
    expect(record).toMatchObject({ processing_state: 'rejected', rejection: { source: 'validation' } });
    const errors = (record.rejection as { errors: Array<Record<string, string>> }).errors;
    expect(errors).toContainEqual(expect.objectContaining({ rule: 'BR-S-02', path: '/lines/0/taxes/0', profile_path: '/vat_number' }));
    const graphql = await client.graphql(`query ($id: ID!) { invoice(id: $id) { rejection { source errors { rule profilePath } } } }`, {
      id,
    });
    expect(graphql.body).toMatchObject({
      data: {
        invoice: { rejection: { source: 'validation', errors: expect.arrayContaining([{ rule: 'BR-S-02', profilePath: '/vat_number' }]) } },
      },
    });
  });

  it('answers 404 for another tenant, and 400 for an unknown syntax', async () => {
    const owner = await gateway.tenant();
    const other = await gateway.tenant();
    const accepted = await owner.post('/v1/invoices', invoice);
    const id = (accepted.body as { submission_id: string }).submission_id;
    const foreign = await other.get(`/v1/invoices/${id}/document`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ type: 'urn:einvoicing:problem:not-found' });
    expect((await owner.get(`/v1/credit-notes/${id}/document`)).status).toBe(404);
    const wrong = await owner.get(`/v1/invoices/${id}/document?syntax=pdf`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: [{ parameter: 'syntax' }] });
  });
});
