/**
 * Per-tenant rate limits (issue "nobody can take the gateway down", quotas):
 * a tenant over its budget gets 429 rate-limited with Retry-After and the
 * RateLimit headers over REST and GraphQL, budgets are per kind, and other
 * tenants are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../support/documents.ts';
import { startGateway, type Gateway } from '../support/gateway.ts';

describe('per-tenant rate limits', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway('pglite', { rateLimits: { submissions: 3, lookups: 5, graphql: 40 } });
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('refuses submissions over the budget with 429, Retry-After and RateLimit headers; lookups and other tenants go on', async () => {
    const tenant = await gateway.tenant();
    const other = await gateway.tenant();
    const replies = await Promise.all(Array.from({ length: 5 }, () => tenant.post('/v1/invoices', invoice().unique().build())));
    expect(replies.map((reply) => reply.status).sort()).toEqual([202, 202, 202, 429, 429]);
    const refused = replies.find((reply) => reply.status === 429)!;
    expect(refused.body).toMatchObject({ type: 'urn:einvoicing:problem:rate-limited', status: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-policy')).toBe('"submissions";q=3;w=1');
    expect(refused.headers.get('ratelimit')).toMatch(/^"submissions";r=0;t=\d+$/);
    expect((await tenant.get(`/v1/invoices/${replies[0]!.body.submission_id}`)).status).toBe(200);
    expect((await other.post('/v1/invoices', invoice().unique().build())).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await tenant.post('/v1/invoices', invoice().unique().build())).status).toBe(202);
  });

  it('charges GraphQL operations their cost, on the fast path and through Yoga', async () => {
    const tenant = await gateway.tenant();
    const query = '{ submissions(first: 5) { edges { node { id number lifecycleStatus { code label } } } } }';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await tenant.graphql(query)).status);
    expect(statuses).toContain(429);
    const refused = await tenant.graphql(query);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('ratelimit-policy')).toBe('"graphql";q=40;w=1');
    // Yoga's path (a GET) is charged from the same budget.
    const get = await fetch(`${gateway.url}/graphql?query=${encodeURIComponent(query)}`, {
      headers: { authorization: tenant.authorization! },
    });
    expect(get.status).toBe(429);
  });
});
