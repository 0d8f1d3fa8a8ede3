/**
 * Property: whatever bytes reach the gateway as a GraphQL request or a REST
 * body, it answers a client error or a success, never a 5xx and never an
 * internal error, and it is alive and answering afterwards. Requests are generated from a small
 * grammar of GraphQL documents (aliases, fragments, directives, nesting,
 * broken syntax), hostile parameters (`then`, `__proto__`, deep variables),
 * arbitrary JSON and raw bytes, with and without a token.
 * `FUZZ_RUNS=20000 npx vitest run test/integration/fuzz-requests.test.ts` searches longer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoice } from '../support/documents.ts';
import type { Client } from '../support/client.ts';
import type { Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

const name = fc.constantFrom(
  'submissions',
  'submission',
  'invoice',
  'creditNote',
  'webhookEndpoints',
  '__typename',
  '__schema',
  'id',
  'edges',
  'node',
  'nope',
  'then',
);
const leaf = fc.constantFrom('id', 'number', '__typename', 'processingState', 'createdAt', 'code', 'label');

/** A GraphQL-ish document: valid shapes often, broken ones too. */
const selection: fc.Arbitrary<string> = fc.letrec((tie) => ({
  field: fc.oneof(
    { arbitrary: leaf, weight: 3 },
    {
      arbitrary: fc
        .tuple(
          fc.option(fc.constantFrom('a', 'b', 'x1'), { nil: undefined }),
          name,
          fc.option(fc.constantFrom('(first: 100)', '(id: "x")', '(first: -1)', '(after: "zz")', '(id: $id)'), { nil: '' }),
          tie('set'),
        )
        .map(([alias, field, args, set]) => `${alias ? `${alias}: ` : ''}${field}${args} ${set}`),
      weight: 1,
    },
    { arbitrary: tie('set').map((set) => `... on Query ${set}`), weight: 1 },
    { arbitrary: fc.constantFrom('@include(if: true)', '@skip(if: $x)', '{', '}', '$', '...', '"', '#'), weight: 1 },
  ),
  set: fc.array(tie('field') as fc.Arbitrary<string>, { maxLength: 4 }).map((fields) => `{ ${fields.join(' ')} }`),
})).set as fc.Arbitrary<string>;

const documentText = fc.oneof(
  selection,
  selection.map((set) => `query Q($id: ID, $x: Boolean) ${set}`),
  selection.map((set) => `mutation ${set}`),
  selection.map((set) => `subscription ${set}`),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 1, max: 3000 }).map((depth) => `{ ${'... on Query { '.repeat(depth)}__typename${' }'.repeat(depth)} }`),
);

const deepVariables = fc.integer({ min: 1, max: 20_000 }).map((depth) => `{"x":${'['.repeat(depth)}1${']'.repeat(depth)}}`);

/** A body: JSON text of GraphQL parameters (odd keys included), arbitrary JSON, or bytes. */
const graphqlBody: fc.Arbitrary<string | Uint8Array<ArrayBuffer>> = fc.oneof(
  fc
    .record({
      query: fc.oneof(documentText, fc.constant(undefined), fc.integer()),
      variables: fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 4 }), fc.constant({ id: 'x', x: true })),
      operationName: fc.oneof(fc.constant(undefined), fc.constantFrom('Q', 'nope', ''), fc.integer()),
      extra: fc.constantFrom(undefined, 'then', '__proto__', 'constructor', 'extensions'),
    })
    .map(({ extra, ...params }) => {
      const text = JSON.stringify(params);
      return extra ? `{"${extra}":{"a":1},${text.slice(1)}` : text;
    }),
  fc.tuple(documentText, deepVariables).map(([query, variables]) => `{"query":${JSON.stringify(query)},"variables":${variables}}`),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => new Uint8Array(bytes)),
);

describe('fuzzed requests never get a 5xx (pglite)', { timeout: 300_000 }, () => {
  let gateway: Gateway, tenant: Client;
  suiteGateway('pglite', (started) => ({ gateway, tenant } = started), { clients: ['tenant'] });

  const send = async (path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) => {
    const reply = await fetch(`${gateway.url}${path}`, { method: 'POST', headers, body });
    return { status: reply.status, text: await reply.text() };
  };

  it('GraphQL over HTTP', async () => {
    await fc.assert(
      fc.asyncProperty(
        graphqlBody,
        fc.boolean(),
        fc.constantFrom('application/json', 'application/graphql-response+json', '*/*'),
        async (body, withToken, accept) => {
          const headers: Record<string, string> = { 'content-type': 'application/json', accept };
          if (withToken) headers['authorization'] = tenant.authorization!;
          const reply = await send('/graphql', body, headers);
          expect(reply.status, reply.text.slice(0, 300)).toBeLessThan(500);
          expect(reply.text).not.toMatch(/INTERNAL_SERVER_ERROR|Unexpected error/);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('REST bodies and headers', async () => {
    const restBody = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => new Uint8Array(bytes)),
      fc.constant(JSON.stringify(invoice().unique().build())),
      deepVariables,
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=latin1',
      'text/plain',
      'application/problem+json',
      '',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/invoices', '/v1/credit-notes', '/pa/v1/lifecycle-events', '/v1/webhook-endpoints'),
        restBody,
        contentType,
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        async (path, body, type, key) => {
          const headers: Record<string, string> = { authorization: tenant.authorization! };
          if (type) headers['content-type'] = type;
          if (key !== undefined && /^[\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key;
          const reply = await send(path, body, headers);
          expect(reply.status, reply.text.slice(0, 300)).toBeLessThan(500);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('is alive and answering afterwards', async () => {
    const reply = await send('/graphql', JSON.stringify({ query: '{ submissions(first: 1) { edges { node { id } } } }' }), {
      'content-type': 'application/json',
      authorization: tenant.authorization!,
    });
    expect(reply.status).toBe(200);
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
  });
});
