/**
 * GraphQL requests that used to take the process down or answer an internal
 * error (issue "nobody can take the gateway down", items 1 to 4 and 8): each
 * now costs nothing before authentication, is bounded after it, and gets a
 * client error naming the problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

/** `depth` nested arrays around 1, as JSON text (JSON.stringify itself would overflow the stack). */
const NESTED = '['.repeat(10_000) + '1' + ']'.repeat(10_000);

/** POSTs `body` to /graphql; `chunked` streams it without a Content-Length (Yoga's path, not the fast path). */
async function postRaw(url: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, chunked = false) {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit;
  init.body = chunked ? new Blob([body]).stream() : body;
  const response = await fetch(`${url}/graphql`, init);
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: JSON.parse(text) as { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> },
  };
}

describe('GraphQL hardening (pglite)', () => {
  let gateway: Gateway;
  let auth: Record<string, string>;
  beforeAll(async () => {
    gateway = await startGateway('pglite');
    auth = { authorization: (await gateway.tenant()).authorization! };
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('authenticates before parsing: a syntax error or an oversized document without a token is a 401', async () => {
    const broken = await postRaw(gateway.url, JSON.stringify({ query: '{{{{ not graphql' }));
    expect(broken.status).toBe(401);
    expect(broken.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const huge = `{ ${'__typename '.repeat(40_000)}}`;
    for (let i = 0; i < 20; i++) {
      const reply = await postRaw(gateway.url, JSON.stringify({ query: `${huge}# ${i}` }));
      expect(reply.status).toBe(401);
    }
    // The same over the chunked path (Yoga), where the fast path does not take the request.
    const chunked = await postRaw(gateway.url, JSON.stringify({ query: '{{{{' }), {}, true);
    expect(chunked.status).toBe(401);
  });

  it('refuses a document over the token limit, naming it', async () => {
    let fragments = '__typename';
    for (let i = 0; i < 5000; i++) fragments = `... on Query { ${fragments} }`;
    for (const chunked of [false, true]) {
      const reply = await postRaw(gateway.url, JSON.stringify({ query: `{ ${fragments} }` }), auth, chunked);
      expect(reply.status).toBe(400);
      expect(reply.body.errors?.[0]?.message).toMatch(/more than 4000 tokens/);
      expect(reply.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
  });

  it.each([
    ['1000 aliases', 1000, 'id', /more than 4000 tokens|Aliases limit of 20 exceeded/],
    ['100 aliases with statuses', 100, 'id statuses { code }', /Aliases limit of 20 exceeded/],
  ])('refuses %s', async (_name, count, fields, message) => {
    const aliases = Array.from({ length: count }, (_, i) => `a${i}: submissions(first: 100) { edges { node { ${fields} } } }`).join(' ');
    const reply = await postRaw(gateway.url, JSON.stringify({ query: `{ ${aliases} }` }), auth);
    expect(reply.body.errors?.map((error) => error.message).join(' ')).toMatch(message);
    expect(reply.body.data).toBeUndefined();
  });

  it.each([
    ['SafeInt', 'unitAmount'],
    ['Date', 'dueDate'],
    ['DateTime', 'createdAt'],
  ])('answers a 10,000-deep array in a %s variable with a client error', async (_type, field) => {
    const query = 'mutation ($input: InvoiceInput!) { submitInvoice(input: $input) { __typename } }';
    const input = toInput();
    const target = field === 'unitAmount' ? input.lines[0] : input;
    target[field] = '@DEEP@';
    const text = JSON.stringify({ query, variables: { input } }).replace('"@DEEP@"', NESTED);
    const reply = await postRaw(gateway.url, text, auth);
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[0]?.message).toMatch(/nested too deeply/);
  });

  it.each([
    ['with a token', true],
    ['without a token', false],
  ])('answers a body with a top-level "then" key %s with a client error', async (_name, withToken) => {
    const reply = await postRaw(gateway.url, '{"then":1,"query":"{ __typename }"}', withToken ? auth : {});
    expect(reply.status).toBe(withToken ? 400 : 401);
    expect(reply.body.errors?.[0]?.extensions?.code).toBe(withToken ? 'BAD_REQUEST' : 'UNAUTHENTICATED');
  });

  it.each([
    ['with an operation name', '{"query":"subscription { id @skip(if: $x) }","operationName":"Q"}'],
    ['without', '{"query":"subscription { id @skip(if: $x) }"}'],
  ])(
    'answers a subscription whose @skip uses an undeclared variable (graphql-js validation throws) %s with a client error',
    async (_name, body) => {
      const reply = await postRaw(gateway.url, body, auth);
      expect(reply.status).toBeLessThan(500);
      expect(reply.text).not.toMatch(/Unexpected error|INTERNAL_SERVER_ERROR/);
    },
  );

  it('suggests no field names, with or without a token', async () => {
    const anonymous = await postRaw(gateway.url, JSON.stringify({ query: '{ submision(id: "x") { id } }' }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toMatch(/Did you mean/);
    const authenticated = await postRaw(gateway.url, JSON.stringify({ query: '{ submision(id: "x") { id } }' }), auth);
    expect(authenticated.body.errors?.[0]?.message).toBe('Cannot query field "submision" on type "Query".');
  });

  it.each([
    ['with a Content-Length (fast path)', false],
    ['chunked (Yoga)', true],
  ])('refuses a body that is not valid UTF-8, %s', async (_name, chunked) => {
    const text = JSON.stringify({
      query: 'mutation ($input: InvoiceInput!) { submitInvoice(input: $input) { __typename } }',
      variables: { input: toInput() },
    });
    const bytes = Buffer.from(text.replace('"number":"', '"number":"\u0001'), 'utf8');
    bytes[bytes.indexOf(0x01)] = 0xff;
    const reply = await postRaw(gateway.url, bytes, auth, chunked);
    expect(reply.status).toBe(400);
    expect(reply.text).toMatch(/not valid UTF-8/);
  });
});

/** A valid invoice as a GraphQL input. */
function toInput(): Record<string, any> {
  const wire = invoice().unique().build() as Record<string, any>;
  const camel = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(camel)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camel(v)]))
        : value;
  return camel(wire) as Record<string, any>;
}

describe.each(engines())('a page of submissions with their statuses (%s)', (engine) => {
  let gateway: Gateway;
  let statements = 0;
  beforeAll(async () => {
    gateway = await startGateway(engine, { onQuery: () => void statements++ });
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('takes a bounded number of round trips, not one per row', async () => {
    const tenant = await gateway.tenant();
    const platform = await gateway.platform();
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const reply = await tenant.post('/v1/invoices', invoice().unique().build());
      ids.push(reply.body.submission_id);
    }
    for (const [index, id] of ids.slice(0, 20).entries()) {
      const event = { submission_id: id, code: 200, occurred_at: '2026-11-20T10:00:00Z', event_id: `evt-${id}-${index}` };
      expect((await platform.post('/pa/v1/lifecycle-events', event)).status).toBe(201);
    }
    const query = '{ submissions(first: 100) { edges { node { id lifecycleStatus { code } statuses { code } } } } }';
    await tenant.graphql(query); // warms the token cache and the compiled document
    statements = 0;
    const reply = await tenant.graphql(query);
    const edges = reply.body.data.submissions.edges as Array<{ node: { id: string; statuses: unknown[] } }>;
    expect(edges).toHaveLength(60);
    expect(edges.filter((edge) => edge.node.statuses.length === 1)).toHaveLength(20);
    expect(statements).toBeLessThanOrEqual(4);
  });
});
