/**
 * A PostgreSQL outage (issue "nobody can take the gateway down", item 6):
 * requests fail fast with 503 `service-unavailable` and Retry-After on REST
 * and GraphQL, `/ready` says so while `/health` stays up, and the gateway
 * recovers without a restart with nothing acknowledged lost. PostgreSQL is
 * cut through a TCP proxy, so the shared server other tests use never stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../support/documents.ts';
import { startGateway, type Gateway } from '../support/gateway.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a PostgreSQL outage (needs TEST_DATABASE_URL)', { timeout: 60_000 }, () => {
  let proxy: TcpProxy;
  let gateway: Gateway;
  beforeAll(async () => {
    const target = new URL(url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.port = String(proxy.port);
    gateway = await startGateway('postgres', { databaseUrl: target.toString() });
  });
  afterAll(async () => {
    await gateway?.stop();
    await proxy?.close();
  });

  const ready = () => fetch(`${gateway.url}/ready`).then((reply) => reply.status);

  it('answers 503 with Retry-After fast, and recovers without a restart', async () => {
    const tenant = await gateway.tenant();
    const before = await tenant.post('/v1/invoices', invoice().unique().build());
    expect(before.status).toBe(202);
    expect(await ready()).toBe(200);

    await proxy.cut();
    try {
      const started = Date.now();
      const post = await tenant.post('/v1/invoices', invoice().unique().build());
      expect(post.status).toBe(503);
      expect(post.body).toMatchObject({ type: 'urn:einvoicing:problem:service-unavailable', status: 503 });
      expect(post.headers.get('retry-after')).toBe('5');
      const get = await tenant.get(`/v1/invoices/${before.body.submission_id}`);
      expect(get.status).toBe(503);
      const query = await tenant.graphql('{ submissions(first: 1) { edges { node { id } } } }');
      expect(query.status).toBe(503);
      expect(query.headers.get('retry-after')).toBe('5');
      expect(query.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      // A token the gateway has not seen yet cannot be checked: 503, not 401 or 500.
      const unseen = gateway.anonymous('Bearer pas_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await unseen.graphql('{ __typename }')).status).toBe(503);
      expect((await unseen.get('/v1/invoices/x')).status).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await ready()).toBe(503);
      expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
    } finally {
      await proxy.restore();
    }
    const deadline = Date.now() + 20_000;
    while ((await ready()) !== 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ready()).toBe(200);
    expect((await tenant.post('/v1/invoices', invoice().unique().build())).status).toBe(202);
    expect((await tenant.get(`/v1/invoices/${before.body.submission_id}`)).status).toBe(200);
  });

  it('does not hang on a network that swallows packets: 503 within the connect timeout', async () => {
    const tenant = await gateway.tenant();
    await proxy.blackhole();
    try {
      const started = Date.now();
      const reply = await tenant.post('/v1/invoices', invoice().unique().build());
      expect(reply.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(9_000);
    } finally {
      await proxy.restore();
    }
  });
});
