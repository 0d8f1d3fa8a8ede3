/**
 * The directory over real HTTP on each engine, against the sandbox PA's Directory Service mounted in the gateway:
 * `GET /v1/directory/{siren}` and GraphQL `directoryEntry` (cached, 400 naming `siren`, 501 without a directory, 503
 * when the PA's cannot be asked), and the pipeline's classification: a buyer SIREN beginning with 999 is B2C with its
 * reason, a registered one B2B with the directory's addressing identifier in BT-49 (scheme 0225), the UBL passing the
 * official artefacts. Every REST reply is checked against the OpenAPI document by the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { invoice, toGraphQLInput } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { processed } from '../support/pipeline.ts';

/** A seller whose SIREN the sandbox directory does not know (it begins with 999). */
const UNREGISTERED = { ...DEMO_SELLER_PROFILE, siren: '999000003', siret: null, vat_number: 'FR42999000003' };

/** A seeded SIREN whose only line is a suffix line: BT-49 must be that line's identifier, not the SIREN. */
const SEED = { '552100554': [{ addressingIdentifier: '552100554_FACTURES', addressingSuffix: 'FACTURES' }] };

const DIRECTORY_ENTRY = `query ($siren: String!) {
  directoryEntry(siren: $siren) {
    __typename
    ... on DirectoryEntry { siren registered checkedAt lines { addressingIdentifier suffix platform status } }
    ... on DirectoryUnavailable { message configured }
    ... on InvalidArguments { issues { path message } }
  }
}`;

describe.each(engines())('the directory on %s', (engine) => {
  let gateway: Gateway;
  let bare: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(engine, {
      platform: { kind: 'sandbox', stepMs: 60_000, directory: SEED },
      validation: 'official',
      validationWorkers: 1,
    });
    bare = await startGateway(engine, { directoryCacheTtlS: 0 });
  });
  afterAll(async () => {
    await gateway?.stop();
    await bare?.stop();
  });

  it('answers the sandbox entry of a SIREN, the same (cached) entry again, and the same over GraphQL', async () => {
    const client = await gateway.tenant();
    const first = await client.get('/v1/directory/732829320');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      siren: '732829320',
      registered: true,
      lines: [{ addressing_identifier: '732829320', platform: 'WK', status: 'Enabled' }],
      checked_at: expect.any(String),
    });
    const again = await client.get('/v1/directory/732829320');
    expect((again.body as { checked_at: string }).checked_at).toBe((first.body as { checked_at: string }).checked_at);
    const graphql = await client.graphql(DIRECTORY_ENTRY, { siren: '732829320' });
    expect(graphql.body.data.directoryEntry).toEqual({
      __typename: 'DirectoryEntry',
      siren: '732829320',
      registered: true,
      checkedAt: (first.body as { checked_at: string }).checked_at,
      lines: [{ addressingIdentifier: '732829320', suffix: null, platform: 'WK', status: 'Enabled' }],
    });
  });

  it('answers registered: false for a SIREN beginning with 999, and seeded lines as seeded', async () => {
    const client = await gateway.tenant();
    expect((await client.get('/v1/directory/999000003')).body).toMatchObject({ siren: '999000003', registered: false, lines: [] });
    expect((await client.get('/v1/directory/552100554')).body).toMatchObject({
      registered: true,
      lines: [{ addressing_identifier: '552100554_FACTURES', suffix: 'FACTURES', platform: 'WK', status: 'Enabled' }],
    });
  });

  it('refuses a malformed SIREN with a 400 naming the parameter (REST) and InvalidArguments (GraphQL)', async () => {
    const client = await gateway.tenant();
    for (const siren of ['12345', '732829321', 'abcdefghi']) {
      const reply = await client.get(`/v1/directory/${siren}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        type: 'urn:einvoicing:problem:malformed-request',
        errors: [{ parameter: 'siren', message: expect.stringContaining('SIREN') }],
      });
    }
    const graphql = await client.graphql(DIRECTORY_ENTRY, { siren: '12345' });
    expect(graphql.body.data.directoryEntry).toMatchObject({ __typename: 'InvalidArguments', issues: [{ path: '/siren' }] });
  });

  it('needs a tenant token', async () => {
    expect((await gateway.anonymous().get('/v1/directory/732829320')).status).toBe(401);
  });

  it('answers 501 without a directory, and GraphQL DirectoryUnavailable with configured: false', async () => {
    const client = await bare.tenant();
    const reply = await client.get('/v1/directory/732829320');
    expect(reply.status).toBe(501);
    expect(reply.body).toMatchObject({ type: 'urn:einvoicing:problem:directory-not-configured' });
    const graphql = await client.graphql(DIRECTORY_ENTRY, { siren: '732829320' });
    expect(graphql.body.data.directoryEntry).toMatchObject({ __typename: 'DirectoryUnavailable', configured: false });
  });

  it("warns (201, warnings) when a new seller's SIREN has no directory line, over REST and GraphQL; not otherwise", async () => {
    const client = await gateway.sellerlessTenant();
    const created = await client.post('/v1/sellers', UNREGISTERED);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      siren: '999000003',
      warnings: [{ code: 'directory-unregistered', message: expect.stringContaining('999000003') }],
    });
    const registered = await client.post('/v1/sellers', DEMO_SELLER_PROFILE);
    expect(registered.status).toBe(201);
    expect(registered.body).not.toHaveProperty('warnings');
    const other = await gateway.sellerlessTenant();
    const { siren: _siren, ...rest } = UNREGISTERED;
    const graphql = await other.graphql(
      `mutation ($input: SellerProfileInput!) {
        createSeller(input: $input) { __typename ... on SellerSaved { seller { siren } warnings { code message } } }
      }`,
      { input: { ...(toGraphQLInput(rest) as object), siren: '999000003' } },
    );
    expect(graphql.body.data.createSeller).toMatchObject({
      __typename: 'SellerSaved',
      seller: { siren: '999000003' },
      warnings: [{ code: 'directory-unregistered' }],
    });
    // Without a directory nothing can be said: no warning.
    const bareClient = await bare.sellerlessTenant();
    const quiet = await bareClient.post('/v1/sellers', UNREGISTERED);
    expect(quiet.status).toBe(201);
    expect(quiet.body).not.toHaveProperty('warnings');
  });

  it("asks again every time with DIRECTORY_CACHE_TTL_S=0 (a real PA's directory at PA_DIRECTORY_URL), 503 when it cannot be asked", async () => {
    const settings = gateway.paSettings()!;
    const remote = await startGateway(engine, {
      platform: { kind: 'afnor', settings, directoryUrl: `${gateway.url}/sandbox-pa/directory-service` },
      pipeline: false,
      directoryCacheTtlS: 0,
    });
    const down = await startGateway(engine, {
      platform: { kind: 'afnor', settings, directoryUrl: 'http://127.0.0.1:9/directory-service' },
      pipeline: false,
      // On PostgreSQL the cache is the shared database's, which the other gateways filled: ask every time.
      directoryCacheTtlS: 0,
    });
    try {
      const client = await remote.tenant();
      const first = (await client.get('/v1/directory/732829320')).body as { checked_at: string; registered: boolean };
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = (await client.get('/v1/directory/732829320')).body as { checked_at: string };
      expect(first.registered).toBe(true);
      expect(second.checked_at > first.checked_at).toBe(true);
      const unavailable = await (await down.tenant()).get('/v1/directory/732829320');
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers.get('retry-after')).toBe('30');
      expect(unavailable.body).toMatchObject({ type: 'urn:einvoicing:problem:service-unavailable' });
    } finally {
      await remote.stop();
      await down.stop();
    }
  });

  it('classifies a buyer SIREN beginning with 999 as B2C with its reason', async () => {
    const client = await gateway.tenant();
    const body = invoice().withTaxIds({ type: 'siren', value: '999000003' }).build();
    const accepted = await client.post('/v1/invoices', body);
    expect(accepted.status).toBe(202);
    const record = await processed(client, `/v1/invoices/${(accepted.body as { submission_id: string }).submission_id}`);
    expect(record).toMatchObject({ processing_state: expect.stringMatching(/validated|sent/), processing_rule: 'B2C' });
    expect(record.processing_rule_reason).toContain('999000003 is not in the directory');
  });

  it("puts the directory's addressing identifier in BT-49 of a registered buyer (scheme 0225), B2B, valid UBL", async () => {
    const client = await gateway.tenant();
    for (const [siren, endpoint] of [
      ['552100554', '552100554_FACTURES'],
      ['732829320', '732829320'],
    ] as const) {
      const body = invoice()
        .with('number', `FA-DIR-${siren}`)
        .with('id', `inv_dir_${siren}`)
        .withTaxIds({ type: 'siren', value: siren })
        .build();
      const accepted = await client.post('/v1/invoices', body);
      expect(accepted.status).toBe(202);
      const id = (accepted.body as { submission_id: string }).submission_id;
      const record = await processed(client, `/v1/invoices/${id}`);
      expect(record).toMatchObject({ processing_state: expect.stringMatching(/validated|sent/), processing_rule: 'B2B' });
      expect(record.processing_rule_reason).toContain('registered in the directory');
      const ubl = await client.get(`/v1/invoices/${id}/document?syntax=ubl`);
      const customer = String(ubl.text).split('<cac:AccountingCustomerParty>')[1]!;
      expect(customer).toContain(`<cbc:EndpointID schemeID="0225">${endpoint}</cbc:EndpointID>`);
    }
  });
});
