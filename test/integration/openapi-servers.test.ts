/**
 * The OpenAPI document's `servers` as a generated client reads it: one absolute URL (the request's origin, the
 * proxy's scheme, or `PUBLIC_URL`), so a client made from it works in Node without a `baseUrl`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../support/gateway.ts';

describe('OpenAPI servers', () => {
  let gateway: Gateway;
  let configured: Gateway;
  beforeAll(async () => {
    [gateway, configured] = await Promise.all([
      startGateway('pglite'),
      startGateway('pglite', { publicUrl: 'https://einvoice.example.com/' }),
    ]);
  });
  afterAll(async () => {
    await gateway?.stop();
    await configured?.stop();
  });

  const servers = async (url: string, headers: Record<string, string> = {}) =>
    ((await (await fetch(`${url}/v1/openapi.json`, { headers })).json()) as { servers: Array<{ url: string }> }).servers;

  it('is the origin the request came to', async () => {
    expect(await servers(gateway.url)).toEqual([{ url: gateway.url }]);
  });

  it("takes a proxy's X-Forwarded-Proto", async () => {
    const host = new URL(gateway.url).host;
    expect(await servers(gateway.url, { 'x-forwarded-proto': 'https' })).toEqual([{ url: `https://${host}` }]);
    expect(await servers(gateway.url, { 'x-forwarded-proto': 'gopher' })).toEqual([{ url: `http://${host}` }]);
  });

  it('is PUBLIC_URL when set', async () => {
    expect(await servers(configured.url)).toEqual([{ url: 'https://einvoice.example.com' }]);
  });
});
