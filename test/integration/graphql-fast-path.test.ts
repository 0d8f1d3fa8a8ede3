/**
 * The GraphQL fast path (`src/http/graphql-fast-path.ts`) must answer exactly
 * as Yoga does. Each request is sent twice: with a Content-Length, which the
 * fast path may take, and chunked, which it never takes, so Yoga answers; the
 * two replies must match (status, media type, challenge, body), and the fast
 * path's counts say which of them it answered, handed to Yoga, or left alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExample, toGraphQLInput } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

type Route = 'answered' | 'delegated' | 'untaken';

interface Case {
  name: string;
  /** A JSON body, or a raw string sent as is. */
  body: unknown;
  headers?: Record<string, string>;
  /** Who calls: a tenant (default), the platform, nobody, or a token that does not exist. */
  as?: 'tenant' | 'platform' | 'nobody' | 'forged';
  route: Route;
}

interface Sent {
  status: number;
  contentType: string | null;
  challenge: string | null;
  text: string;
}

const LIST = '{ submissions(first: 2) { edges { node { id } } } }';
const SUBMIT = `mutation ($input: InvoiceInput!, $key: String) {
  submitInvoice(input: $input, idempotencyKey: $key) {
    __typename
    ... on ValidationFailed { message issues { path rule message } }
    ... on IdempotencyConflict { message }
    ... on InvalidArguments { message issues { path message } }
  }
}`;
const BOTH = 'query A { submissions(first: 1) { edges { node { id } } } } query B { __typename }';

/** A document the rules refuse (a blank number, an unknown currency): the same typed failure every time. */
function refusedInput(): Record<string, unknown> {
  const input = toGraphQLInput(loadExample('fr-b2b-invoice')) as Record<string, unknown>;
  return { ...input, id: `fast-${randomUUID()}`, number: ' ', currency: 'XXX' };
}

const CASES: Case[] = [
  { name: 'a query', body: { query: LIST }, route: 'answered' },
  { name: 'a query, operationName and variables null', body: { query: LIST, operationName: null, variables: null }, route: 'answered' },
  {
    name: 'a mutation refused by the rules (typed failure)',
    body: { query: SUBMIT, variables: { input: refusedInput() } },
    route: 'answered',
  },
  { name: 'bad variables (coercion errors)', body: { query: SUBMIT, variables: { input: { id: 1 } } }, route: 'answered' },
  {
    name: 'bad variables, graphql-response+json',
    body: { query: SUBMIT, variables: { input: { id: 1 } } },
    headers: { accept: 'application/graphql-response+json' },
    route: 'answered',
  },
  { name: 'a resolver error with an HTTP status (403)', body: { query: LIST }, as: 'platform', route: 'answered' },
  {
    name: 'a field error without one (404 code)',
    body: { query: '{ submission(id: "00000000-0000-7000-8000-000000000000") { id } }' },
    route: 'answered',
  },
  { name: 'the operation named among two', body: { query: BOTH, operationName: 'B' }, route: 'answered' },
  { name: 'Accept */*', body: { query: LIST }, headers: { accept: '*/*' }, route: 'answered' },
  {
    name: 'Accept of both JSON types',
    body: { query: LIST },
    headers: { accept: 'application/graphql-response+json, application/json' },
    route: 'answered',
  },
  { name: 'two operations, none named', body: { query: BOTH }, route: 'delegated' },
  { name: 'an unknown operation name', body: { query: BOTH, operationName: 'C' }, route: 'delegated' },
  { name: 'a syntax error', body: { query: '{ submissions(first: 1) { ' }, route: 'delegated' },
  { name: 'a validation error', body: { query: '{ submissions(first: 1) { nope } }' }, route: 'delegated' },
  // With Accept */* Yoga would stream it as server-sent events; JSON alone cannot carry it (406).
  {
    name: 'a subscription',
    body: { query: 'subscription { submissionEvents { __typename } }' },
    headers: { accept: 'application/json' },
    route: 'delegated',
  },
  { name: 'no token', body: { query: LIST }, as: 'nobody', route: 'delegated' },
  { name: 'an unknown token', body: { query: LIST }, as: 'forged', route: 'delegated' },
  { name: 'not JSON', body: '{"query": ', route: 'delegated' },
  { name: 'a JSON array (batching)', body: [{ query: LIST }], route: 'delegated' },
  { name: 'extensions', body: { query: LIST, extensions: { persistedQuery: { version: 1 } } }, route: 'delegated' },
  { name: 'an unexpected member', body: { query: LIST, foo: 1 }, route: 'delegated' },
  { name: 'variables as an array', body: { query: LIST, variables: [] }, route: 'delegated' },
  { name: 'a query that is not a string', body: { query: 42 }, route: 'delegated' },
  { name: 'a byte order mark', body: `\ufeff${JSON.stringify({ query: LIST })}`, route: 'delegated' },
  { name: 'Accept text/html', body: { query: LIST }, headers: { accept: 'text/html' }, route: 'untaken' },
  { name: 'an Origin (CORS)', body: { query: LIST }, headers: { origin: 'https://dashboard.example' }, route: 'untaken' },
  { name: 'another media type', body: { query: LIST }, headers: { 'content-type': 'application/graphql+json' }, route: 'untaken' },
];

describe.each(engines())('GraphQL fast path on %s', (engine) => {
  let gateway: Gateway;
  const authorization: Record<NonNullable<Case['as']>, string | undefined> = {
    tenant: '',
    platform: '',
    nobody: undefined,
    forged: 'Bearer pas_forged',
  };
  beforeAll(async () => {
    gateway = await startGateway(engine);
    authorization.tenant = (await gateway.tenant()).authorization;
    authorization.platform = (await gateway.platform()).authorization;
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  async function send(test: Case, chunked: boolean): Promise<Sent> {
    const text = typeof test.body === 'string' ? test.body : JSON.stringify(test.body);
    const headers: Record<string, string> = { 'content-type': 'application/json', ...test.headers };
    const credentials = authorization[test.as ?? 'tenant'];
    if (credentials) headers['authorization'] = credentials;
    const bytes = new TextEncoder().encode(text);
    const body = chunked
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        })
      : bytes;
    const reply = await fetch(`${gateway.url}/graphql`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
    return {
      status: reply.status,
      contentType: reply.headers.get('content-type'),
      challenge: reply.headers.get('www-authenticate'),
      text: await reply.text(),
    };
  }

  it.each(CASES)('answers $name as Yoga does ($route)', async (test) => {
    const before = { ...gateway.graphqlFastPath };
    const fast = await send(test, false);
    const counted = { ...gateway.graphqlFastPath };
    const yoga = await send(test, true);
    expect(fast).toEqual(yoga);
    expect({ ...gateway.graphqlFastPath }).toEqual(counted); // a chunked body is never taken
    const route: Route = counted.answered > before.answered ? 'answered' : counted.delegated > before.delegated ? 'delegated' : 'untaken';
    expect(route).toBe(test.route);
  });

  it('hands a subscription asking for any media type to Yoga, which streams it', async () => {
    const headers = { authorization: authorization.tenant!, 'content-type': 'application/json', accept: '*/*' };
    const before = gateway.graphqlFastPath.delegated;
    const aborted = new AbortController();
    const reply = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: 'subscription { submissionEvents { __typename } }' }),
      signal: aborted.signal,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/event-stream');
    expect(gateway.graphqlFastPath.delegated).toBe(before + 1);
    // The stream is open: its first bytes (a keep-alive comment) arrive.
    const first = await reply.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^:/);
    aborted.abort();
  });

  it('gives the replies the cases expect', async () => {
    const replies = await Promise.all(
      ['a query', 'bad variables, graphql-response+json', 'a resolver error with an HTTP status (403)', 'no token'].map((name) =>
        send(CASES.find((test) => test.name === name)!, false),
      ),
    );
    expect(replies.map((reply) => [reply.status, reply.contentType])).toEqual([
      [200, 'application/json; charset=utf-8'],
      // Yoga answers variable coercion errors with 200 even here (GraphQL over HTTP would allow 400).
      [200, 'application/graphql-response+json; charset=utf-8'],
      [403, 'application/json; charset=utf-8'],
      [401, 'application/json; charset=utf-8'],
    ]);
    expect(JSON.parse(replies[0]!.text)).toEqual({ data: { submissions: { edges: [] } } });
    expect(replies[3]!.challenge).toMatch(/^Bearer /);
  });

  it('keeps the typed failures and the idempotency of mutations', async () => {
    const input = { ...refusedInput(), number: `F-${randomUUID().slice(0, 23)}`, currency: 'EUR' };
    const key = `fast-${randomUUID()}`;
    const first = await send({ name: '', body: { query: SUBMIT, variables: { input, key } }, route: 'answered' }, false);
    expect(JSON.parse(first.text).data.submitInvoice.__typename).toBe('SubmissionAccepted');
    const other = { query: SUBMIT, variables: { input: { ...input, number: `F-${randomUUID().slice(0, 23)}` }, key } };
    const [fast, yoga] = [
      await send({ name: '', body: other, route: 'answered' }, false),
      await send({ name: '', body: other, route: 'answered' }, true),
    ];
    expect(fast).toEqual(yoga);
    expect(JSON.parse(fast.text).data.submitInvoice.__typename).toBe('IdempotencyConflict');
  });
});
