/**
 * Client mistakes are not the gateway's errors (issue "nobody can take the
 * gateway down", item 10): malformed, refused, unauthorised or hostile
 * requests over REST and GraphQL leave no log line at warn or above and no
 * stack trace; an operator's error log holds only what needs an operator.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.ts';
import { invoice, toGraphQLInput } from '../support/documents.ts';
import { startGateway, type Gateway } from '../support/gateway.ts';

describe('client errors in the logs', () => {
  const lines: Array<{ level: number; msg: string; err?: { stack?: string } }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway('pglite', { log: createLogger('debug', sink) });
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('logs none of them at warn or above, and never with a stack', async () => {
    const tenant = await gateway.tenant();
    const anonymous = gateway.anonymous();
    const submitted = invoice().unique().build();
    await tenant.post('/v1/invoices', submitted);
    const bad: Array<Promise<unknown>> = [
      tenant.post('/v1/invoices', undefined, { raw: '{not json' }),
      tenant.post('/v1/invoices', {}),
      tenant.post('/v1/invoices', invoice().unique().withCurrency('DKK').build()),
      tenant.post('/v1/invoices', submitted),
      anonymous.post('/v1/invoices', submitted),
      tenant.get('/v1/invoices/00000000-0000-0000-0000-000000000000'),
      tenant.request('PUT', '/v1/invoices'),
      tenant.graphql('{ nope }'),
      tenant.graphql('mutation ($i: InvoiceInput!) { submitInvoice(input: $i) { __typename } }', {
        i: { ...(toGraphQLInput(invoice().unique().build()) as object), totalExclTax: 49.5 },
      }),
      tenant.graphql(`{ ${'... on Query { '.repeat(3000)}__typename${' }'.repeat(3000)} }`),
      tenant.request('POST', '/graphql', undefined, { raw: '{"then":1,"query":"{ __typename }"}' }),
      tenant.request('POST', '/graphql', undefined, {
        raw: '{"query":"{ __typename }","variables":{"x":' + '['.repeat(500) + ']'.repeat(500) + '}}',
      }),
      anonymous.graphql('{ submissions(first: 1) { edges { node { id } } } }'),
    ];
    await Promise.all(bad);
    const loud = lines.filter((line) => line.level >= 40);
    expect(loud.map((line) => line.msg)).toEqual([]);
    expect(lines.filter((line) => line.err?.stack).map((line) => line.msg)).toEqual([]);
  });
});
