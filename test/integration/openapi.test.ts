/**
 * The OpenAPI document (`rest-facade/openapi.ts`): valid OpenAPI 3.1, served
 * at `GET /v1/openapi.json`, its examples valid against their schemas, its
 * request schemas and enums in step with the GraphQL schema and the rule
 * catalogue, and live replies of every documented kind conforming to it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi.ts';
import { LIFECYCLE_FLAGS, LIFECYCLE_RULES, WEBHOOK_RULES } from '../../rest-facade/openapi/replies.ts';
import { createPlatformToken } from '../../src/domain/tenancy/service.ts';
import { RULE_CATALOGUE } from '../../src/domain/rules/catalogue.ts';
import { schema as graphQLSchema } from '../../src/schema/index.ts';
import { toWireName } from '../../src/schema/wire-names.ts';
import { Client, type Reply, type SendOptions } from '../support/client.ts';
import { creditNote, loadExample } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { assertConformsToOpenApi, escapePointer, schemaErrors } from '../support/openapi.ts';

type Obj = Record<string, any>;
const doc = openApiDocument as unknown as Obj;

const INVOICES = '/v1/invoices';
const INVOICE = '/v1/invoices/{invoiceId}';
const STATUSES = '/v1/invoices/{invoiceId}/statuses';
const CREDIT_NOTES = '/v1/credit-notes';
const CREDIT_NOTE = '/v1/credit-notes/{creditNoteId}';
const LIFECYCLE_EVENTS = '/pa/v1/lifecycle-events';
const WEBHOOK_ENDPOINTS = '/v1/webhook-endpoints';
const WEBHOOK_ENDPOINT = '/v1/webhook-endpoints/{endpointId}';
const ROTATE_SECRET = '/v1/webhook-endpoints/{endpointId}/rotate-secret';
const DELIVERIES = '/v1/webhook-endpoints/{endpointId}/deliveries';
const REDELIVER = '/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver';

/** `assertConformsToOpenApi` for any method (its signature names GET and POST, the checks work for every method). */
const conforms = (reply: Reply, method: 'get' | 'post' | 'patch' | 'delete', template: string) =>
  assertConformsToOpenApi(reply, method as 'get', template);

function resolveRef(node: Obj): Obj {
  while (typeof node['$ref'] === 'string') {
    node = (node['$ref'] as string)
      .slice(2)
      .split('/')
      .reduce((parent: Obj, key) => parent[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}

interface ExampleCase {
  where: string;
  schemaPointer: string;
  value: unknown;
}

/** Every example in the document, each with the pointer of the schema it illustrates. */
function collectExamples(): { cases: ExampleCase[]; referenced: Set<string> } {
  const cases: ExampleCase[] = [];
  const referenced = new Set<string>();
  const walk = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    const object = node as Obj;
    if (Array.isArray(object['examples'])) {
      object['examples'].forEach((value: unknown, i: number) =>
        cases.push({ where: `${pointer}/examples/${i}`, schemaPointer: pointer, value }),
      );
    }
    if (object['schema'] && typeof object['schema'] === 'object') {
      const schemaPointer = `${pointer}/schema`;
      if ('example' in object) cases.push({ where: `${pointer}/example`, schemaPointer, value: object['example'] });
      if (object['examples'] && !Array.isArray(object['examples'])) {
        for (const [name, example] of Object.entries(object['examples'] as Obj)) {
          if (typeof example['$ref'] === 'string') referenced.add(example['$ref']);
          cases.push({ where: `${pointer}/examples/${name}`, schemaPointer, value: resolveRef(example)['value'] });
        }
      }
    }
    for (const [key, child] of Object.entries(object)) {
      // Example values are data, not schemas: their keys must not be read as OpenAPI keywords.
      if (key === 'example' || key === 'examples') continue;
      walk(child, `${pointer}/${escapePointer(key)}`);
    }
  };
  walk(doc, '');
  return { cases, referenced };
}

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc['openapi']).toMatch(/^3\.1\./);
  });

  it('has every example valid against the schema it illustrates, and no unused component example', () => {
    const { cases, referenced } = collectExamples();
    expect(cases.length).toBeGreaterThan(40);
    const failures = cases.flatMap(({ where, schemaPointer, value }) =>
      schemaErrors(schemaPointer, value).map((error) => `${where} (schema ${schemaPointer}): ${error}`),
    );
    expect(failures).toEqual([]);
    const unused = Object.keys(doc['components']['examples']).filter((name) => !referenced.has(`#/components/examples/${name}`));
    expect(unused).toEqual([]);
  });

  it('uses the tenant bearer on every /v1 operation except openapi.json, the platform bearer on /pa/v1', () => {
    expect(doc['components']['securitySchemes']['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc['components']['securitySchemes']['platformAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc['security']).toEqual([{ bearerAuth: [] }]);
    const operations = Object.entries(doc['paths'] as Obj).flatMap(([path, item]) =>
      ['get', 'post', 'patch', 'delete', 'put'].filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Obj })),
    );
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [
        `get ${CREDIT_NOTE}`,
        `get ${INVOICE}`,
        `get ${STATUSES}`,
        'get /v1/openapi.json',
        `post ${CREDIT_NOTES}`,
        `post ${INVOICES}`,
        `post ${LIFECYCLE_EVENTS}`,
        `post ${WEBHOOK_ENDPOINTS}`,
        `get ${WEBHOOK_ENDPOINTS}`,
        `get ${WEBHOOK_ENDPOINT}`,
        `patch ${WEBHOOK_ENDPOINT}`,
        `delete ${WEBHOOK_ENDPOINT}`,
        `post ${ROTATE_SECRET}`,
        `get ${DELIVERIES}`,
        `post ${REDELIVER}`,
      ].sort(),
    );
    for (const { path, op } of operations) {
      const expected = path === '/v1/openapi.json' ? [] : path === LIFECYCLE_EVENTS ? [{ platformAuth: [] }] : undefined;
      expect(op['security'], path).toEqual(expected);
      // Either credential kind on the other kind's endpoint is a 403.
      if (path !== '/v1/openapi.json') {
        expect(Object.keys(op['responses']), path).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
  });

  it('has the lifecycle flags of the GraphQL schema', () => {
    const flags = graphQLSchema.getType('LifecycleStatusFlag');
    if (!isEnumType(flags)) throw new Error('LifecycleStatusFlag is not an enum');
    expect([...LIFECYCLE_FLAGS].sort()).toEqual(flags.getValues().map((value) => value.name).sort());
    const documented = doc['components']['schemas']['LifecycleStatusEntry']['properties']['flags']['items']['enum'];
    expect(documented).toEqual([...LIFECYCLE_FLAGS]);
  });

  it('splits the rule catalogue between the submission, lifecycle event and webhook endpoint 422s', () => {
    const rulesOf = (schema: string) => doc['components']['schemas'][schema]['properties']['rule']['enum'] as string[];
    const submissionRules = rulesOf('ValidationError');
    const lifecycleRules = rulesOf('LifecycleValidationError');
    const webhookRules = rulesOf('WebhookValidationError');
    expect([...submissionRules, ...lifecycleRules, ...webhookRules].sort()).toEqual(RULE_CATALOGUE.map((entry) => entry.id).sort());
    expect(lifecycleRules).toEqual([...LIFECYCLE_RULES]);
    expect(webhookRules).toEqual([...WEBHOOK_RULES]);
    // Each split is exactly the rules its service reports.
    const emittedBy = (file: string) => {
      const source = readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8');
      return [...new Set([...source.matchAll(/rule: '([A-Z0-9-]+)'/g)].map((match) => match[1]))].sort();
    };
    expect(emittedBy('domain/lifecycle/service.ts')).toEqual([...LIFECYCLE_RULES].sort());
    expect(emittedBy('webhooks/endpoints.ts')).toEqual([...WEBHOOK_RULES].sort());
  });

  // Request schemas must say what decode.ts enforces, and decode.ts reads the GraphQL input types.
  describe.each([
    ['InvoiceInput', 'Invoice'],
    ['InvoiceLineInput', 'InvoiceLine'],
    ['CreditNoteInput', 'CreditNote'],
    ['CreditNoteLineInput', 'CreditNoteLine'],
    ['TaxInput', 'Tax'],
    ['CustomerSnapshotInput', 'CustomerSnapshot'],
    ['AddressInput', 'Address'],
    ['TaxIdInput', 'TaxId'],
    ['LifecycleEventInput', 'LifecycleEvent'],
    ['WebhookEndpointInput', 'WebhookEndpointRegistration'],
    ['WebhookEndpointPatch', 'WebhookEndpointPatch'],
  ])('%s and the %s schema', (inputName, schemaName) => {
    const input = graphQLSchema.getType(inputName);
    const schema = doc['components']['schemas'][schemaName] as Obj;
    if (!isInputObjectType(input)) throw new Error(`${inputName} is not an input type`);
    const fields = Object.values(input.getFields());

    it('have the same fields, the same required ones, and open objects', () => {
      expect(Object.keys(schema['properties']).sort()).toEqual(fields.map((f) => toWireName(f.name)).sort());
      expect([...schema['required']].sort()).toEqual(fields.filter((f) => isNonNullType(f.type)).map((f) => toWireName(f.name)).sort());
      expect(schema['additionalProperties']).toBe(true);
    });

    it.each(fields.map((f) => [toWireName(f.name), f.type] as const))('%s has the JSON type of its GraphQL type', (wireName, type) => {
      expect(jsonTypeOf(resolveNullable(schema['properties'][wireName]))).toEqual(expectedJsonType(type));
    });
  });
});

/** `{ type, format?, bounds? }` a GraphQL input type maps to; nullable types add `null`. */
function expectedJsonType(type: GraphQLInputType): Obj {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  let base: Obj;
  if (isListType(inner)) base = { type: 'array' };
  else if (isInputObjectType(inner)) base = { type: 'object' };
  else if (isScalarType(inner)) {
    base = {
      String: { type: 'string' },
      // ID also takes a JSON integer; documented as a string (an integer never names a submission: 422).
      ID: { type: 'string' },
      Int: { type: 'integer', minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
      Float: { type: 'number' },
      Boolean: { type: 'boolean' },
      SafeInt: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      DateTime: { type: 'string', format: 'date-time' },
      Date: { type: 'string', format: 'date' },
    }[inner.name] ?? { type: `unknown scalar ${inner.name}` };
  } else base = { type: 'unsupported' };
  return { ...base, nullable };
}

function resolveNullable(schema: Obj): Obj {
  if (Array.isArray(schema['anyOf'])) {
    const [target] = (schema['anyOf'] as Obj[]).filter((s) => s['type'] !== 'null');
    return { ...resolveRef(target!), type: [resolveRef(target!)['type'], 'null'] };
  }
  return '$ref' in schema ? resolveRef(schema) : schema;
}

function jsonTypeOf(schema: Obj): Obj {
  const types = ([] as string[]).concat(schema['type']);
  const out: Obj = { type: types.filter((t) => t !== 'null')[0], nullable: types.includes('null') };
  for (const key of ['format', 'minimum', 'maximum']) if (key in schema) out[key] = schema[key];
  return out;
}

describe('conformance checker', () => {
  const record = {
    submission_id: '01a203fd-8d9e-74ad-9bca-5b1160a39578',
    saas_id: 'ubl_guide-example1',
    number: '12115118',
    processing_state: 'received',
    created_at: '2026-11-22T16:01:18.238Z',
  };
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
    status,
    headers: new Headers({
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': randomUUID(),
      location: `/v1/invoices/${record.submission_id}`,
      ...headers,
    }),
    body,
    text: JSON.stringify(body),
  });

  it('accepts a documented 202', () => {
    expect(() => assertConformsToOpenApi(reply(202, record), 'post', INVOICES)).not.toThrow();
  });

  it('rejects a 202 body without submission_id', () => {
    const { submission_id: _omitted, ...body } = record;
    expect(() => assertConformsToOpenApi(reply(202, body), 'post', INVOICES)).toThrow(/submission_id/);
  });

  it('rejects an undocumented status, field, media type or missing header', () => {
    expect(() => assertConformsToOpenApi(reply(418, record), 'post', INVOICES)).toThrow(/status 418 is not documented/);
    expect(() => assertConformsToOpenApi(reply(202, { ...record, extra: 1 }), 'post', INVOICES)).toThrow(/additional properties/);
    expect(() => assertConformsToOpenApi(reply(202, record, { 'content-type': 'text/plain' }), 'post', INVOICES)).toThrow(
      /Content-Type text\/plain is not documented/,
    );
    const noLocation = reply(202, record);
    noLocation.headers.delete('location');
    expect(() => assertConformsToOpenApi(noLocation, 'post', INVOICES)).toThrow(/required header Location is missing/);
    expect(() => assertConformsToOpenApi(reply(200, record), 'get', '/v1/nowhere')).toThrow(/no operation/);
  });

  it('tells a lifecycle event reply by its status: duplicate true is 200, false is 201', () => {
    const entry = { submission_id: record.submission_id, code: 205, label: 'Approuvée', occurred_at: '2015-01-09T10:20:00.000Z' };
    const check = (status: number, body: unknown) => () => assertConformsToOpenApi(reply(status, body), 'post', LIFECYCLE_EVENTS);
    expect(check(201, { ...entry, duplicate: false })).not.toThrow();
    expect(check(200, { ...entry, duplicate: true })).not.toThrow();
    expect(check(201, { ...entry, duplicate: true })).toThrow(/const/);
    expect(check(200, entry)).toThrow(/duplicate/);
    expect(check(201, { ...entry, duplicate: false, flags: [] })).toThrow(/fewer than 1/);
  });

  it('checks PATCH and DELETE replies too: a secret in a PATCH reply, a body on a 204', () => {
    const endpoint = {
      id: '01a2043a-3989-755b-a495-0ec159a8c59b',
      url: 'https://hooks.example.com/passerelle',
      event_types: ['submission.received'],
      enabled: true,
      created_at: '2026-11-22T17:07:34.416Z',
      updated_at: '2026-11-22T17:07:34.416Z',
    };
    expect(() => conforms(reply(200, endpoint), 'patch', WEBHOOK_ENDPOINT)).not.toThrow();
    expect(() => conforms(reply(200, { ...endpoint, secret: `whsec_${'A'.repeat(43)}=` }), 'patch', WEBHOOK_ENDPOINT)).toThrow(
      /additional properties/,
    );
    const noContent: Reply = { status: 204, headers: new Headers({ 'x-request-id': randomUUID() }), body: undefined, text: '' };
    expect(() => conforms(noContent, 'delete', WEBHOOK_ENDPOINT)).not.toThrow();
    expect(() => conforms({ ...noContent, text: '{}' }, 'delete', WEBHOOK_ENDPOINT)).toThrow(/none is documented/);
  });

  it('rejects an unknown or empty flags list, and a rule of the other endpoint', () => {
    const entry = { code: 205, label: 'Approuvée', occurred_at: '2015-01-09T10:20:00.000Z' };
    const history = (flags: unknown) => () => assertConformsToOpenApi(reply(200, { data: [{ ...entry, flags }] }), 'get', STATUSES);
    expect(history(['AFTER_FINAL_STATUS'])).not.toThrow();
    expect(history(['LATE'])).toThrow(/allowed values/);
    expect(history([])).toThrow(/fewer than 1/);
    const invalid = (template: string, rule: string, path: string) => () => {
      const problem = {
        type: 'urn:einvoicing:problem:validation-failed',
        title: 'Validation failed',
        status: 422,
        detail: `${path} x`,
        errors: [{ path, rule, message: 'x' }],
      };
      const headers = { 'content-type': 'application/problem+json; charset=utf-8' };
      assertConformsToOpenApi(reply(422, problem, headers), 'post', template);
    };
    expect(invalid(CREDIT_NOTES, 'BR-05', '/currency')).not.toThrow();
    expect(invalid(CREDIT_NOTES, 'GW-LIFECYCLE-CODE', '/code')).toThrow(/allowed values/);
    expect(invalid(LIFECYCLE_EVENTS, 'GW-LIFECYCLE-CODE', '/code')).not.toThrow();
    expect(invalid(LIFECYCLE_EVENTS, 'BR-05', '/currency')).toThrow(/allowed values/);
  });
});

describe.each(engines())('live replies conform to the document (%s)', (engine) => {
  let gateway: Gateway;
  let client: Awaited<ReturnType<Gateway['tenant']>>;
  let platform: Client;

  beforeAll(async () => {
    gateway = await startGateway(engine);
    client = await gateway.tenant();
    platform = new Client(gateway.url, `Bearer ${(await createPlatformToken(gateway.database.db, 'test-pa')).token}`);
  });
  afterAll(() => gateway?.stop());

  const freshInvoice = () => {
    const body = loadExample('guide-example1');
    const suffix = randomUUID();
    return { ...body, id: `ubl_${suffix}`, number: `INV-${suffix}` };
  };
  const unknownId = () => randomUUID();
  const lifecycleEvent = (submissionId: string, overrides: Record<string, unknown> = {}) => ({
    submission_id: submissionId,
    code: 200,
    occurred_at: '2015-01-09T11:15:00+01:00',
    event_id: `evt-${randomUUID()}`,
    ...overrides,
  });

  it('GET /v1/openapi.json serves the same document, 200, without a token', async () => {
    const served = await gateway.anonymous().get('/v1/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
    assertConformsToOpenApi(served, 'get', '/v1/openapi.json');
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

  it('POST /pa/v1/lifecycle-events: 201, 200 (duplicate), 400, 401, 403, 413 and 422 conform', async () => {
    const first = (await client.post(INVOICES, freshInvoice())).body.submission_id as string;
    const second = (await client.post(INVOICES, freshInvoice())).body.submission_id as string;
    const event = lifecycleEvent(first, { code: 210, reason_code: 'R-42' });

    const created = await platform.post(LIFECYCLE_EVENTS, event);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      submission_id: first,
      code: 210,
      label: 'Refusée',
      occurred_at: '2015-01-09T10:15:00.000Z',
      reason_code: 'R-42',
      flags: ['REASON_MISSING'],
      duplicate: false,
    });
    assertConformsToOpenApi(created, 'post', LIFECYCLE_EVENTS);
    const again = await platform.post(LIFECYCLE_EVENTS, { ...event, code: 211 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...created.body, duplicate: true });
    assertConformsToOpenApi(again, 'post', LIFECYCLE_EVENTS);

    const post = (sender: Client, body: unknown, options?: SendOptions) => sender.post(LIFECYCLE_EVENTS, body, options);
    const unknownPlatform = gateway.anonymous(`Bearer plt_000000000000_${'A'.repeat(43)}`);
    const cases: Array<[string, () => Promise<Reply>, number, string[]?]> = [
      [
        '422 code and date',
        () => post(platform, lifecycleEvent(first, { code: 215, occurred_at: '2015-01-09T11:15:00' })),
        422,
        ['GW-LIFECYCLE-CODE', 'GW-DATE-TIME'],
      ],
      [
        '422 every value',
        () => post(platform, { submission_id: 'nope', code: 1, occurred_at: 'x', event_id: ' ' }),
        422,
        ['GW-LIFECYCLE-CODE', 'GW-DATE-TIME', 'GW-EVENT-ID', 'GW-SUBMISSION-UNKNOWN'],
      ],
      ['422 unknown submission', () => post(platform, lifecycleEvent(unknownId())), 422, ['GW-SUBMISSION-UNKNOWN']],
      ['422 integer submission id', () => post(platform, lifecycleEvent(first, { submission_id: 123 })), 422, ['GW-SUBMISSION-UNKNOWN']],
      ['422 event id too long', () => post(platform, lifecycleEvent(first, { event_id: 'e'.repeat(256) })), 422, ['GW-EVENT-ID']],
      ['422 event id reused', () => post(platform, { ...event, submission_id: second }), 422, ['GW-EVENT-ID-REUSED']],
      ['400 types', () => post(platform, { submission_id: first, code: '200', occurred_at: 1, reason: false }), 400],
      ['400 null body', () => post(platform, null), 400],
      ['400 content type', () => post(platform, event, { headers: { 'content-type': 'text/plain' } }), 400],
      ['400 not JSON', () => post(platform, undefined, { raw: '{"code":' }), 400],
      ['413', () => post(platform, undefined, { raw: ' '.repeat(1024 * 1024 + 1) }), 413],
      ['401 no token', () => post(gateway.anonymous(), event), 401],
      ['401 unknown platform token', () => post(unknownPlatform, event), 401],
      ['403 tenant token', () => post(client, lifecycleEvent(second)), 403],
      ['403 tenant token, out-of-range code', () => post(client, lifecycleEvent(second, { code: 999 })), 403],
    ];
    for (const [label, send, status, rules] of cases) {
      const reply = await send();
      expect(reply.status, label).toBe(status);
      if (rules) expect(reply.body.errors.map((error: Obj) => error.rule), label).toEqual(rules);
      assertConformsToOpenApi(reply, 'post', LIFECYCLE_EVENTS);
    }
    // Nothing but the first event was recorded.
    expect((await client.get(`/v1/invoices/${first}/statuses`)).body.data).toHaveLength(1);
    expect((await client.get(`/v1/invoices/${second}/statuses`)).body.data).toEqual([]);
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

  // The 202 of a redelivery needs a delivery, which waits on the webhook queue: rest-webhook-endpoints.test.ts
  // checks it (its client checks every GET and POST reply against this document).
  it('webhook endpoints: 200, 201, 204, 400, 401, 403, 404, 413 and 422 conform', async () => {
    const tenant = await gateway.tenant();
    const other = await gateway.tenant();
    const registration = { url: 'http://127.0.0.1:9/hooks', event_types: ['submission.received'], description: 'smoke' };
    const created = await tenant.post(WEBHOOK_ENDPOINTS, registration);
    expect(created.status).toBe(201);
    conforms(created, 'post', WEBHOOK_ENDPOINTS);
    const path = `${WEBHOOK_ENDPOINTS}/${created.body.id}`;
    const strangers = `${WEBHOOK_ENDPOINTS}/${(await other.post(WEBHOOK_ENDPOINTS, registration)).body.id}`;
    const redeliver = (endpoint: string) => `${endpoint}/deliveries/${unknownId()}/redeliver`;
    const huge = ' '.repeat(1024 * 1024 + 1);
    const cases: Array<[string, () => Promise<Reply>, number, 'get' | 'post' | 'patch' | 'delete', string]> = [
      ['list', () => tenant.get(WEBHOOK_ENDPOINTS), 200, 'get', WEBHOOK_ENDPOINTS],
      ['list 401', () => gateway.anonymous().get(WEBHOOK_ENDPOINTS), 401, 'get', WEBHOOK_ENDPOINTS],
      ['list 403', () => platform.get(WEBHOOK_ENDPOINTS), 403, 'get', WEBHOOK_ENDPOINTS],
      ['create 400 types', () => tenant.post(WEBHOOK_ENDPOINTS, { url: 1, event_types: 'x' }), 400, 'post', WEBHOOK_ENDPOINTS],
      ['create 400 JSON', () => tenant.post(WEBHOOK_ENDPOINTS, undefined, { raw: '{' }), 400, 'post', WEBHOOK_ENDPOINTS],
      ['create 413', () => tenant.post(WEBHOOK_ENDPOINTS, undefined, { raw: huge }), 413, 'post', WEBHOOK_ENDPOINTS],
      ['create 422', () => tenant.post(WEBHOOK_ENDPOINTS, { url: 'ftp://x', event_types: ['x'] }), 422, 'post', WEBHOOK_ENDPOINTS],
      ['create 401', () => gateway.anonymous().post(WEBHOOK_ENDPOINTS, {}), 401, 'post', WEBHOOK_ENDPOINTS],
      ['create 403', () => platform.post(WEBHOOK_ENDPOINTS, { ...registration, event_types: [] }), 403, 'post', WEBHOOK_ENDPOINTS],
      ['get', () => tenant.get(path), 200, 'get', WEBHOOK_ENDPOINT],
      ['get 404', () => tenant.get(strangers), 404, 'get', WEBHOOK_ENDPOINT],
      ['get 403', () => platform.get(path), 403, 'get', WEBHOOK_ENDPOINT],
      ['patch', () => tenant.request('PATCH', path, { enabled: false }), 200, 'patch', WEBHOOK_ENDPOINT],
      ['patch back', () => tenant.request('PATCH', path, { enabled: true }), 200, 'patch', WEBHOOK_ENDPOINT],
      ['patch 400', () => tenant.request('PATCH', path, { enabled: 1 }), 400, 'patch', WEBHOOK_ENDPOINT],
      ['patch 404', () => tenant.request('PATCH', strangers, {}), 404, 'patch', WEBHOOK_ENDPOINT],
      ['patch 413', () => tenant.request('PATCH', path, undefined, { raw: huge }), 413, 'patch', WEBHOOK_ENDPOINT],
      ['patch 422', () => tenant.request('PATCH', path, { event_types: [] }), 422, 'patch', WEBHOOK_ENDPOINT],
      ['patch 401', () => gateway.anonymous().request('PATCH', path, {}), 401, 'patch', WEBHOOK_ENDPOINT],
      ['patch 403', () => platform.request('PATCH', path, {}), 403, 'patch', WEBHOOK_ENDPOINT],
      ['rotate', () => tenant.post(`${path}/rotate-secret`, undefined), 200, 'post', ROTATE_SECRET],
      ['rotate 404', () => tenant.post(`${strangers}/rotate-secret`, undefined), 404, 'post', ROTATE_SECRET],
      ['rotate 401', () => gateway.anonymous().post(`${path}/rotate-secret`, undefined), 401, 'post', ROTATE_SECRET],
      ['rotate 403', () => platform.post(`${path}/rotate-secret`, undefined), 403, 'post', ROTATE_SECRET],
      ['deliveries', () => tenant.get(`${path}/deliveries?limit=1`), 200, 'get', DELIVERIES],
      ['deliveries 400', () => tenant.get(`${path}/deliveries?limit=0`), 400, 'get', DELIVERIES],
      ['deliveries 404', () => tenant.get(`${strangers}/deliveries`), 404, 'get', DELIVERIES],
      ['deliveries 401', () => gateway.anonymous().get(`${path}/deliveries`), 401, 'get', DELIVERIES],
      ['deliveries 403', () => platform.get(`${path}/deliveries`), 403, 'get', DELIVERIES],
      ['redeliver 404', () => tenant.post(redeliver(path), undefined), 404, 'post', REDELIVER],
      ['redeliver 401', () => gateway.anonymous().post(redeliver(path), undefined), 401, 'post', REDELIVER],
      ['redeliver 403', () => platform.post(redeliver(path), undefined), 403, 'post', REDELIVER],
      ['delete 403', () => platform.request('DELETE', path), 403, 'delete', WEBHOOK_ENDPOINT],
      ['delete 404', () => tenant.request('DELETE', strangers), 404, 'delete', WEBHOOK_ENDPOINT],
      ['delete 401', () => gateway.anonymous().request('DELETE', path), 401, 'delete', WEBHOOK_ENDPOINT],
      ['delete', () => tenant.request('DELETE', path), 204, 'delete', WEBHOOK_ENDPOINT],
    ];
    for (const [label, send, status, method, template] of cases) {
      const reply = await send();
      expect(reply.status, `${label}: ${reply.text}`).toBe(status);
      conforms(reply, method, template);
    }
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
