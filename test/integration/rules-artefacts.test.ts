/**
 * The synchronous rules agree with the official artefacts (issue 25 item 10), over real HTTP on each engine with
 * the pipeline and the official validation: what the artefacts accept reaches `validated` (buyer VAT numbers of any
 * ISO 3166-1 prefix, a foreign business buyer without e-mail), and what they would refuse late is a 422 at
 * submission with its pointer (a Greek VAT number written GR, BR-29, a seller whose default framework is B2,
 * control characters in names).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { foreignBuyer, invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { processed } from '../support/pipeline.ts';

describe.each(engines())('rules that agree with the official artefacts, on %s', (engine) => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(engine, { pipeline: true, validation: 'official', validationWorkers: 1 });
  });
  afterAll(() => gateway?.stop());

  it.each([
    ['GB', 'GB123456789', 'ap@example.co.uk', 'EM'],
    ['CH', 'CHE123456789', undefined, '9927'],
    ['NO', 'NO987654321MVA', 'post@example.no', 'EM'],
    ['DE', 'DE123456789', undefined, '9930'],
  ])(
    'accepts a buyer in %s with VAT number %s (e-mail %s), which reaches validated with BT-49 under %s',
    async (country, vat, email, scheme) => {
      const client = await gateway.tenant();
      const reply = await client.post('/v1/invoices', foreignBuyer(country, vat, email));
      expect(reply.status).toBe(202);
      const path = `/v1/invoices/${reply.body.submission_id}`;
      expect(await processed(client, path)).toMatchObject({ processing_state: 'validated' });
      const ubl = await client.get(`${path}/document?syntax=ubl`);
      expect(ubl.text).toContain(`<cbc:CompanyID>${vat}</cbc:CompanyID>`);
      expect(ubl.text).toContain(`<cbc:EndpointID schemeID="${scheme}">${email ?? vat}</cbc:EndpointID>`);
    },
  );

  it('refuses a Greek VAT number written GR with 422 naming the EL prefix', async () => {
    const client = await gateway.tenant();
    const reply = await client.post('/v1/invoices', foreignBuyer('GR', 'GR094259216', 'a@example.gr'));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { path: '/customer_snapshot/tax_ids/0/value', rule: 'GW-VAT-FORMAT', message: expect.stringContaining('"EL094259216"') },
    ]);
  });

  it('refuses a buyer with a VAT number whose country has no EAS VAT scheme and no e-mail (BR-FR-12)', async () => {
    const client = await gateway.tenant();
    const reply = await client.post('/v1/invoices', foreignBuyer('DK', 'DK87654321', undefined));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ path: '/customer_snapshot', rule: 'BR-FR-12', message: expect.any(String) }]);
  });

  it('refuses a billing period that ends before it starts (BR-29) with 422 at /period_end', async () => {
    const client = await gateway.tenant();
    const body = invoice().unique('period').with('period_start', '2026-11-30').with('period_end', '2026-11-01').build();
    const reply = await client.post('/v1/invoices', body);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ path: '/period_end', rule: 'BR-29', message: expect.stringContaining('2026-11-01') }]);
  });

  it('under a seller whose default framework is S2 (already paid): an unpaid invoice is a 422 with profile_path, a paid one is validated', async () => {
    const client = await gateway.tenant();
    expect((await client.request('PUT', '/v1/seller-profile', { ...DEMO_SELLER_PROFILE, billing_framework: 'S2' })).status).toBe(200);
    const unpaid = await client.post('/v1/invoices', invoice().unique('s2').build());
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.errors).toEqual([
      {
        path: '/billing_framework',
        rule: 'BR-FR-CO-09',
        message: expect.stringContaining('billing_framework'),
        profile_path: '/billing_framework',
      },
    ]);
    // The document chooses its own framework: accepted, and written as S1.
    const chosen = await client.post('/v1/invoices', invoice().unique('s1').with('billing_framework', 'S1').build());
    expect(chosen.status).toBe(202);
    const paidBody = invoice().unique('paid').build();
    const paid = await client.post('/v1/invoices', { ...paidBody, amount_paid: paidBody.total, amount_due: 0 });
    expect(paid.status).toBe(202);
    for (const [reply, framework] of [
      [chosen, 'S1'],
      [paid, 'S2'],
    ] as const) {
      const path = `/v1/invoices/${reply.body.submission_id}`;
      expect(await processed(client, path)).toMatchObject({ processing_state: 'validated' });
      expect((await client.get(`${path}/document?syntax=ubl`)).text).toContain(`<cbc:ProfileID>${framework}</cbc:ProfileID>`);
    }
  });

  it('refuses a control character in the buyer name and a line description with 422 at their pointers, never replacing it', async () => {
    const client = await gateway.tenant();
    const body = invoice().unique('ctl').build();
    body.customer_snapshot.name = 'Dupont\u0007 SA';
    body.lines[0]!.description = 'Abonnement \u001b[1mPro';
    const reply = await client.post('/v1/invoices', body);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { path: '/customer_snapshot/name', rule: 'GW-CONTROL-CHARACTER', message: expect.stringContaining('U+0007') },
      { path: '/lines/0/description', rule: 'GW-CONTROL-CHARACTER', message: expect.stringContaining('U+001B') },
    ]);
    // Tab and line feed are XML characters: accepted, and written as sent.
    body.customer_snapshot.name = 'Dupont\tSA';
    body.lines[0]!.description = 'Abonnement\nPro';
    const accepted = await client.post('/v1/invoices', body);
    expect(accepted.status).toBe(202);
    const path = `/v1/invoices/${accepted.body.submission_id}`;
    expect(await processed(client, path)).toMatchObject({ processing_state: 'validated' });
    expect((await client.get(`${path}/document?syntax=ubl`)).text).not.toContain('\ufffd');
  });

  it('refuses a control character in the seller profile at PUT, at its pointer', async () => {
    const client = await gateway.tenant();
    const reply = await client.request('PUT', '/v1/seller-profile', { ...DEMO_SELLER_PROFILE, name: 'Passerelle\u0007 SAS' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ path: '/name', rule: 'GW-SELLER-TEXT', message: expect.stringContaining('control character') }]);
  });
});
