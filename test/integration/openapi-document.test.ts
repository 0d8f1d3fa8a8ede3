/**
 * The OpenAPI document itself (`rest-facade/openapi.ts`): valid OpenAPI 3.1,
 * every example valid against the schema it illustrates, and exactly the
 * routes the facade serves, each with the bearer it takes.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import {
  CREDIT_NOTE,
  CREDIT_NOTES,
  DELIVERIES,
  escapePointer,
  INVOICE,
  INVOICES,
  LIFECYCLE_EVENTS,
  REDELIVER,
  resolveRef,
  ROTATE_SECRET,
  schemaErrors,
  STATUSES,
  WEBHOOK_ENDPOINT,
  WEBHOOK_ENDPOINTS,
  type Obj,
} from '../support/openapi.ts';

const doc = openApiDocument as unknown as Obj;

/** Every operation the document describes: each path and its methods. */
const OPERATIONS: Record<string, string> = {
  [CREDIT_NOTE]: 'get',
  [`${CREDIT_NOTE}/statuses`]: 'get',
  [`${CREDIT_NOTE}/document`]: 'get',
  [INVOICE]: 'get',
  [`${INVOICE}/document`]: 'get',
  [STATUSES]: 'get',
  '/v1/openapi.json': 'get',
  [CREDIT_NOTES]: 'post get',
  [INVOICES]: 'post get',
  [LIFECYCLE_EVENTS]: 'post',
  [WEBHOOK_ENDPOINTS]: 'post get',
  [WEBHOOK_ENDPOINT]: 'get patch delete',
  [ROTATE_SECRET]: 'post',
  [DELIVERIES]: 'get',
  '/v1/sellers': 'post get',
  '/v1/sellers/{siren}': 'get put',
  '/v1/directory/{siren}': 'get',
  '/v1/invoices/{submission_id}/payments': 'post get',
  '/v1/e-reports': 'get',
  '/v1/e-reports/close': 'post',
  '/v1/e-reports/{id}': 'get',
  '/v1/e-reports/{id}/document': 'get',
  [REDELIVER]: 'post',
  '/v1/seller-profile': 'get put',
  '/pa/v1/flow-callbacks': 'post',
  '/pa/v1/flow-callbacks/{token}': 'post',
};

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
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${pointer}/${i}`);
      return;
    }
    const object = node as Obj;
    if (Array.isArray(object['examples'])) {
      for (const [i, value] of (object['examples'] as unknown[]).entries()) {
        cases.push({ where: `${pointer}/examples/${i}`, schemaPointer: pointer, value });
      }
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
      Object.entries(OPERATIONS)
        .flatMap(([path, methods]) => methods.split(' ').map((method) => `${method} ${path}`))
        .sort(),
    );
    for (const { path, op } of operations) {
      // The flow callback also takes the platform credential as a path segment, with no header.
      const platform = path === LIFECYCLE_EVENTS || path === '/pa/v1/flow-callbacks';
      const noBearer = path === '/v1/openapi.json' || path === '/pa/v1/flow-callbacks/{token}';
      const expected = noBearer ? [] : platform ? [{ platformAuth: [] }] : undefined;
      expect(op['security'], path).toEqual(expected);
      // Either credential kind on the other kind's endpoint is a 403.
      if (path !== '/v1/openapi.json') {
        expect(Object.keys(op['responses']), path).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
  });
});
