/**
 * Failed authentication throttled per client address (issue 26, item 10): the gateway's `/pa/v1` routes answer 429
 * with Retry-After after 30 failed authentications from one address in a minute, whatever credential comes next,
 * while tenants' `/v1` routes are not affected; the sandbox PA does the same on its token endpoint and Flow Service;
 * the standalone sandbox refuses a client secret under 16 characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { runStandalone } from '../../sandbox-pa/src/main.ts';
import { engines, type Gateway } from '../support/gateway.ts';
import { suiteGateway } from '../support/suite-gateway.ts';

describe.each(engines())('failed authentication throttled per address (%s)', (engine) => {
  let gateway: Gateway;
  suiteGateway(engine, (started) => ({ gateway } = started));

  it('/pa/v1: 30 failures, then 429 with Retry-After even for a valid credential; /v1 unaffected', async () => {
    const platform = await gateway.platform();
    const tenant = await gateway.tenant();
    const guesser = gateway.anonymous('Bearer plt_guess0000000000000000');
    for (let i = 0; i < 30; i++) expect((await guesser.post('/pa/v1/flow-callbacks', { flowInfo: {} })).status).toBe(401);
    const refused = await guesser.post('/pa/v1/flow-callbacks', { flowInfo: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ type: 'urn:einvoicing:problem:rate-limited' });
    expect((await platform.post('/pa/v1/flow-callbacks', { flowInfo: {} })).status).toBe(429);
    expect((await tenant.get('/v1/invoices')).status).toBe(200);
  });
});

describe('the sandbox PA under guessing', () => {
  let sandbox: SandboxPa;
  let url: string;
  beforeAll(async () => {
    sandbox = createSandboxPa({ clientId: 'client', clientSecret: 'a-long-enough-secret', stepMs: 1000 });
    url = (await sandbox.listen(0, '127.0.0.1')).url;
  });
  afterAll(() => sandbox.close());

  const token = (secret: string) =>
    fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`client:${secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });

  const search = (authorization: string) =>
    fetch(`${url}/flow-service/v1/flows/search`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ where: { flowDirection: ['In'] } }),
    });

  it('answers 429 with Retry-After after 30 failed authentications, on the token endpoint and the Flow Service', async () => {
    for (let i = 0; i < 20; i++) expect((await token(`guess-${i}`)).status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await search(`Bearer guess-${i}`)).status).toBe(401);
    const refused = await token('a-long-enough-secret');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await search('Bearer x')).status).toBe(429);
  });

  it('standalone, refuses a client secret under 16 characters', async () => {
    await expect(runStandalone(['--port', '0', '--client-secret', 'fifteen-chars-x'])).rejects.toThrow(
      '--client-secret must be at least 16 characters',
    );
  });
});
