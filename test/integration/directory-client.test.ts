/**
 * The Directory Service client (src/platform/directory/) against the sandbox PA's Directory Service over real HTTP:
 * deterministic lines, 999… SIRENs unknown, a seed, the Request-Id header, a token refreshed after a 401, failures
 * as `unavailable`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { validSiren } from '../../sandbox-pa/src/directory.ts';
import { runStandalone } from '../../sandbox-pa/src/main.ts';
import { createDirectoryClient } from '../../src/platform/directory/client.ts';
import { paCredentials } from '../support/pa-client.ts';

const SECRET = 'directory-secret-7Hq';
let sandbox: SandboxPa;
let url: string;
const seen: Array<{ url: string; requestId: string | null }> = [];
const recordingFetch: typeof fetch = (input, init) => {
  seen.push({ url: String(input), requestId: new Headers(init?.headers).get('request-id') });
  return fetch(input, init);
};

const client = () =>
  createDirectoryClient({
    directoryUrl: `${url}/directory-service`,
    ...paCredentials(url, 'passerelle', SECRET),
    fetch: recordingFetch,
    timeoutMs: 2000,
  });

beforeAll(async () => {
  sandbox = createSandboxPa({
    clientId: 'passerelle',
    clientSecret: SECRET,
    stepMs: 1000,
    directory: {
      '552100554': [
        { addressingIdentifier: '552100554_FACTURES', addressingSuffix: 'FACTURES' },
        { addressingIdentifier: '552100554', directoryLineStatus: 'Disabled' },
      ],
      '999999998': [{ addressingIdentifier: '999999998' }],
    },
  });
  url = (await sandbox.listen(0)).url;
});
afterAll(() => sandbox.close());

describe('the Directory Service client against the sandbox', () => {
  it('reads the SIREN-level line every valid SIREN has, with a Request-Id (UUID) on each call', async () => {
    seen.length = 0;
    const answer = await client().lookup('732829320');
    expect(answer).toMatchObject({
      kind: 'entry',
      entry: { siren: '732829320', registered: true, lines: [{ addressing_identifier: '732829320', platform: 'WK', status: 'Enabled' }] },
    });
    const calls = seen.filter((call) => call.url.includes('/directory-service/'));
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual([
      '/directory-service/v1/siren/code-insee:732829320',
      '/directory-service/v1/directory-line/search',
    ]);
    for (const call of calls) expect(call.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('answers registered: false, no lines, for a SIREN beginning with 999 and for an invalid key', async () => {
    for (const siren of ['999000003', '732829321']) {
      const answer = await client().lookup(siren);
      expect(answer).toMatchObject({ kind: 'entry', entry: { siren, registered: false, lines: [] } });
    }
    expect(validSiren('732829320')).toBe(true);
    expect(validSiren('732829321')).toBe(false);
  });

  it('reads seeded lines: a suffix line, a disabled line; a seeded 999 SIREN is known', async () => {
    const answer = await client().lookup('552100554');
    expect(answer).toEqual({
      kind: 'entry',
      entry: {
        siren: '552100554',
        registered: true,
        lines: [
          { addressing_identifier: '552100554_FACTURES', suffix: 'FACTURES', platform: 'WK', status: 'Enabled' },
          { addressing_identifier: '552100554', platform: 'WK', status: 'Disabled' },
        ],
        checked_at: expect.any(String),
      },
    });
    expect(await client().lookup('999999998')).toMatchObject({ kind: 'entry', entry: { registered: true } });
  });

  it('fetches a new token after a 401 and asks again', async () => {
    const c = client();
    await c.lookup('732829320');
    sandbox.revokeTokens();
    expect(await c.lookup('732829320')).toMatchObject({ kind: 'entry', entry: { registered: true } });
  });

  it('answers unavailable (never throws) on refused credentials, a 5xx and a closed port', async () => {
    const wrong = createDirectoryClient({ directoryUrl: `${url}/directory-service`, ...paCredentials(url, 'passerelle', 'wrong') });
    expect(await wrong.lookup('732829320')).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('401') });
    expect(JSON.stringify(await wrong.lookup('732829320'))).not.toContain('wrong');

    const failing: Server = createServer((req, res) => {
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: 't', expires_in: 60 }));
      }
      res.writeHead(503);
      res.end();
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const port = (failing.address() as AddressInfo).port;
    const down = createDirectoryClient({
      directoryUrl: `http://127.0.0.1:${port}/directory-service`,
      tokenUrl: `http://127.0.0.1:${port}/token`,
      clientId: 'a',
      clientSecret: 'b',
      tokenAuth: 'body',
    });
    expect(await down.lookup('732829320')).toEqual({ kind: 'unavailable', reason: 'siren: HTTP 503' });
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    expect(await down.lookup('732829320')).toMatchObject({ kind: 'unavailable' });
  });

  it('seeds the standalone sandbox from --directory FILE, and refuses a file that is not a seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'directory-seed-'));
    const file = join(dir, 'seed.json');
    writeFileSync(file, JSON.stringify({ '732829320': [], '999000003': [{ addressingIdentifier: '999000003_AP' }] }));
    const started = await runStandalone(['--port', '0', '--client-secret', SECRET, '--client-id', 'passerelle', '--directory', file]);
    try {
      const base = started.flowUrl.replace(/\/flow-service$/, '');
      const seeded = createDirectoryClient({
        directoryUrl: `${base}/directory-service`,
        tokenUrl: started.tokenUrl,
        clientId: 'passerelle',
        clientSecret: SECRET,
        tokenAuth: 'basic',
      });
      expect(await seeded.lookup('732829320')).toMatchObject({ kind: 'entry', entry: { registered: false, lines: [] } });
      expect(await seeded.lookup('999000003')).toMatchObject({
        kind: 'entry',
        entry: { registered: true, lines: [{ addressing_identifier: '999000003_AP' }] },
      });
    } finally {
      await started.close();
    }
    writeFileSync(file, JSON.stringify({ '12': [] }));
    await expect(runStandalone(['--port', '0', '--directory', file])).rejects.toThrow('is not a SIREN');
  });
});
