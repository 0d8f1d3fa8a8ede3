/**
 * The seller profile over real HTTP: GET/PUT /v1/seller-profile (every reply
 * checked against the OpenAPI document by the client) and the GraphQL query
 * and mutation, on each engine; a fresh tenant per test.
 */
import { describe, expect, it } from 'vitest';
import { sellerProfileReplyExamples, sellerProfileRequestExamples } from '../../rest-facade/openapi/seller-profile-examples.ts';
import { DEFAULT_LEGAL_NOTES } from '../../src/domain/sellers/seller-defaults.ts';
import { onSellerSaved } from '../../src/domain/sellers/sellers-service.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

const PATH = '/v1/seller-profile';

type Json = Record<string, any>;
/** The documented minimal request and the reply documented for it (defaults filled in): the tests hold the examples true. */
const minimal = sellerProfileRequestExamples['SellerProfileMinimal']!.value as Json;
const stored = sellerProfileReplyExamples['SellerProfileStoredMinimal']!.value as Json;

const PROFILE_FIELDS = `name tradingName siren siret vatNumber address { line1 line2 postalCode city country }
  electronicAddress { scheme value } email iban bic billingFramework legalNotes { pmt pmd aab }`;

describe.each(engines())('seller profile on %s', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  it('answers 404 before a profile is set, then stores it complete and reads it back', async () => {
    const client = await gateway.sellerlessTenant();
    const before = await client.get(PATH);
    expect(before.status).toBe(404);
    expect(before.body).toMatchObject({ type: 'urn:einvoicing:problem:not-found', status: 404 });

    const put = await client.request('PUT', PATH, minimal);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(stored);
    expect(put.body.legal_notes).toEqual(DEFAULT_LEGAL_NOTES);
    const get = await client.get(PATH);
    expect(get.status).toBe(200);
    expect(get.body).toEqual(stored);
  });

  it('replaces the whole profile on a second PUT, keeping given values and normalising IBAN and BIC', async () => {
    const client = await gateway.sellerlessTenant();
    await client.request('PUT', PATH, { ...minimal, email: 'a@example.com', billing_framework: 'S2' });
    const full = {
      ...minimal,
      trading_name: 'Atelier',
      siret: '90012345600015',
      vat_number: 'FR87900123456',
      electronic_address: { value: '900123456_FACTURES' },
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      bic: 'agrifrppxxx',
      legal_notes: { aab: 'Escompte de 1 % à 8 jours.' },
    };
    const put = await client.request('PUT', PATH, full);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      ...stored,
      trading_name: 'Atelier',
      siret: '90012345600015',
      vat_number: 'FR87900123456',
      electronic_address: { scheme: '0225', value: '900123456_FACTURES' },
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
      // The first PUT's email and billing framework are gone: a PUT is the whole profile.
      legal_notes: { ...DEFAULT_LEGAL_NOTES, aab: 'Escompte de 1 % à 8 jours.' },
    });
    expect((await client.get(PATH)).body).toEqual(put.body);
  });

  it('refuses bad values with 422, each by JSON pointer and rule, and keeps the stored profile', async () => {
    const client = await gateway.sellerlessTenant();
    await client.request('PUT', PATH, minimal);
    const reply = await client.request('PUT', PATH, {
      ...minimal,
      siren: '900123457',
      siret: '12345678901234',
      vat_number: 'FR00900123456',
      address: { ...minimal.address, country: 'fr', city: '  ' },
      electronic_address: { scheme: 'XX', value: '1' },
      email: 'not-an-email',
      iban: 'FR7630006000011234567890188',
      bic: 'BANK',
      billing_framework: 'S3X',
    });
    expect(reply.status).toBe(422);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body.type).toBe('urn:einvoicing:problem:validation-failed');
    expect(reply.body.errors.map((e: { path: string; rule: string }) => [e.path, e.rule])).toEqual([
      ['/siren', 'BR-FR-10'],
      ['/siret', 'GW-SIRET'],
      ['/vat_number', 'GW-VAT-FR-KEY'],
      ['/address/city', 'GW-SELLER-TEXT'],
      ['/address/country', 'BR-CL-14'],
      ['/electronic_address/scheme', 'BR-CL-25'],
      ['/email', 'GW-SELLER-EMAIL'],
      ['/iban', 'GW-SELLER-IBAN'],
      ['/bic', 'GW-SELLER-BIC'],
      ['/billing_framework', 'BR-FR-08'],
    ]);
    expect((await client.get(PATH)).body).toEqual(stored);
  });

  it('reports a SIRET of another company (BR-FR-09) and a VAT number of another SIREN', async () => {
    const client = await gateway.sellerlessTenant();
    const reply = await client.request('PUT', PATH, { ...minimal, siret: '84123456000016', vat_number: 'FR81841234560' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { rule: string }) => e.rule)).toEqual(['BR-FR-09', 'GW-SELLER-VAT-SIREN']);
  });

  it('answers 400 for the wrong JSON type, a missing required field, a non-object body', async () => {
    const client = await gateway.sellerlessTenant();
    const wrongType = await client.request('PUT', PATH, { ...minimal, siren: 900123456, address: { ...minimal.address, city: undefined } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.type).toBe('urn:einvoicing:problem:malformed-request');
    expect(wrongType.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/address/city', '/siren']);
    expect((await client.request('PUT', PATH, [minimal])).status).toBe(400);
    expect(
      (await client.request('PUT', PATH, undefined, { raw: '{"name":', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    expect((await client.get(PATH)).status).toBe(404);
  });

  it('keeps each tenant to its own profile', async () => {
    const a = await gateway.sellerlessTenant();
    const b = await gateway.sellerlessTenant();
    await a.request('PUT', PATH, minimal);
    expect((await b.get(PATH)).status).toBe(404);
    await b.request('PUT', PATH, { ...minimal, name: 'B SARL' });
    expect((await a.get(PATH)).body.name).toBe(minimal.name);
    expect((await b.get(PATH)).body.name).toBe('B SARL');
    const graphql = await b.graphql('{ sellerProfile { name } }');
    expect(graphql.body.data.sellerProfile).toEqual({ name: 'B SARL' });
  });

  it('needs a tenant token: 401 without one, 403 with the platform credential', async () => {
    expect((await gateway.anonymous().get(PATH)).status).toBe(401);
    const platform = await gateway.platform();
    expect((await platform.request('PUT', PATH, minimal)).status).toBe(403);
    expect((await platform.get(PATH)).status).toBe(403);
  });

  it('serves the same over GraphQL, camelCase, with ValidationFailed paths into the input', async () => {
    const client = await gateway.sellerlessTenant();
    expect((await client.graphql(`{ sellerProfile { name } }`)).body.data).toEqual({ sellerProfile: null });
    const mutation = `mutation ($input: SellerProfileInput!) {
      setSellerProfile(input: $input) {
        __typename
        ... on SellerProfileSaved { profile { ${PROFILE_FIELDS} } }
        ... on ValidationFailed { message issues { path rule message } }
      }
    }`;
    const input = {
      name: 'Atelier Numérique SAS',
      siren: '900123456',
      vatNumber: 'FR87900123456',
      tradingName: 'Atelier',
      address: { line1: '10 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' },
      electronicAddress: { scheme: 'EM', value: 'factures@atelier.example' },
      legalNotes: { pmd: 'Pénalités : 10 %.' },
    };
    const saved = await client.graphql(mutation, { input });
    expect(saved.body.errors).toBeUndefined();
    const profile = saved.body.data.setSellerProfile.profile;
    expect(saved.body.data.setSellerProfile.__typename).toBe('SellerProfileSaved');
    expect(profile).toMatchObject({
      tradingName: 'Atelier',
      address: { postalCode: '75002', line2: null },
      electronicAddress: { scheme: 'EM', value: 'factures@atelier.example' },
      billingFramework: 'S1',
      legalNotes: { pmt: DEFAULT_LEGAL_NOTES.pmt, pmd: 'Pénalités : 10 %.', aab: DEFAULT_LEGAL_NOTES.aab },
    });
    const read = await client.graphql(`{ sellerProfile { ${PROFILE_FIELDS} } }`);
    expect(read.body.data.sellerProfile).toEqual(profile);
    // REST shows the same profile in snake_case.
    expect((await client.get(PATH)).body).toMatchObject({ trading_name: 'Atelier', address: { postal_code: '75002' } });

    const refused = await client.graphql(mutation, {
      input: { ...input, address: { ...input.address, postalCode: '' }, electronicAddress: { scheme: 'EM', value: 'nope' } },
    });
    const result = refused.body.data.setSellerProfile;
    expect(result.__typename).toBe('ValidationFailed');
    expect(result.issues.map((i: { path: string; rule: string }) => [i.path, i.rule])).toEqual([
      ['/input/address/postalCode', 'GW-SELLER-TEXT'],
      ['/input/electronicAddress/value', 'GW-SELLER-ENDPOINT'],
    ]);
  });

  it('calls the listeners registered for the database after the profile is committed', async () => {
    const client = await gateway.sellerlessTenant();
    const seen: Array<{ tenantId: string; stored: boolean }> = [];
    const done = new Promise<void>((resolve) => {
      const stop = onSellerSaved(gateway.database.db, async (tenantId) => {
        const row = await gateway.database.db.query.sellers.findFirst({ where: (t, { eq }) => eq(t.tenantId, tenantId) });
        seen.push({ tenantId, stored: row !== undefined });
        stop();
        resolve();
      });
    });
    expect((await client.request('PUT', PATH, { ...minimal, siren: 'x' })).status).toBe(422);
    expect((await client.request('PUT', PATH, minimal)).status).toBe(200);
    await done;
    expect(seen).toHaveLength(1);
    expect(seen[0]!.stored).toBe(true);
  });
});
