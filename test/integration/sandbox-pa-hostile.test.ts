/**
 * The Flow Service client against a deliberately hostile fake PA on 127.0.0.1: how each failure is classified
 * (retryable with Retry-After, definitive with the PA's error, unknown outcome after the request was sent).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { retryAfterMs } from '../../src/platform/afnor/transport.ts';
import { flowSettings } from '../support/pa-client.ts';

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

const SECRET = 'hostile-secret-77';
let server: Server;
let base: string;
let flows: Behaviour;
let token: Behaviour;
let tokenRequests = 0;
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const goodToken: Behaviour = (_req, res) =>
  json(res, 200, { access_token: `tok-${tokenRequests}`, token_type: 'Bearer', expires_in: 3600 });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/oauth/token') {
        tokenRequests++;
        token(req, res, Buffer.concat(chunks));
      } else flows(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  token = goodToken;
  tokenRequests = 0;
});

function client(url = base): FlowClient {
  return createFlowClient({ ...flowSettings(url, 'gw', SECRET), timeoutMs: 500 });
}
const submit = (c: FlowClient) =>
  c.submitFlow({ flowInfo: { flowSyntax: 'UBL', trackingId: 'sub-1', name: 'a.xml' }, file: Buffer.from('<Invoice/>'), fileName: 'a.xml' });

describe('client failure classification', () => {
  it('429 with Retry-After in seconds is retryable with the delay', async () => {
    flows = (_req, res) => json(res, 429, { errorCode: 'TOO_MANY_REQUESTS' }, { 'retry-after': '7' });
    expect(await submit(client())).toEqual({ ok: false, kind: 'retryable', status: 429, retryAfterMs: 7000, error: 'HTTP 429' });
  });

  it('503 with Retry-After as an HTTP date is retryable with the delay until then', async () => {
    flows = (_req, res) => json(res, 503, {}, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() });
    const result = await client().searchFlows({ flowDirection: ['In'] });
    expect(result).toMatchObject({ ok: false, kind: 'retryable', status: 503 });
    const wait = !result.ok && result.kind === 'retryable' ? (result.retryAfterMs ?? 0) : 0;
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('500 is retryable without a delay', async () => {
    flows = (_req, res) => json(res, 500, { errorCode: 'INTERNAL_ERROR' });
    expect(await submit(client())).toEqual({ ok: false, kind: 'retryable', status: 500, error: 'HTTP 500' });
  });

  it("another 4xx is definitive with the PA's errorCode and errorMessage", async () => {
    flows = (_req, res) => json(res, 422, { errorCode: 'UNPROCESSABLE_ENTITY', errorMessage: 'Entity consistency error' });
    expect(await submit(client())).toEqual({
      ok: false,
      kind: 'definitive',
      status: 422,
      errorCode: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'Entity consistency error',
    });
  });

  it('a submission accepted but never answered is an unknown outcome; the same silence on a search is retryable', async () => {
    let received = 0;
    flows = (_req, _res, body) => {
      if (body.length > 0) received++; // read it all, then say nothing
    };
    const started = Date.now();
    expect(await submit(client())).toEqual({
      ok: false,
      kind: 'unknown-outcome',
      error: 'no answer within 500 ms after the request was sent',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(received).toBe(1);
    expect(await client().searchFlows({ flowDirection: ['In'] })).toMatchObject({
      ok: false,
      kind: 'retryable',
      error: 'no answer within 500 ms',
    });
  });

  it('a connection dropped after the request is an unknown outcome', async () => {
    flows = (req) => req.socket.destroy();
    expect(await submit(client())).toMatchObject({ ok: false, kind: 'unknown-outcome' });
  });

  it('a 202 without a readable flowId is an unknown outcome', async () => {
    flows = (_req, res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"flowI');
    expect(await submit(client())).toMatchObject({ ok: false, kind: 'unknown-outcome' });
  });

  it('an answer over its cap (1 MiB for createFlow) is cut off: an unknown outcome for a submission, retryable for a search', async () => {
    const huge = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(202, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 12 && res.write(chunk)) sent++;
        if (sent < 12) res.once('drain', more);
        else res.end();
      };
      more();
    };
    flows = huge;
    expect(await submit(client())).toMatchObject({
      ok: false,
      kind: 'unknown-outcome',
      error: expect.stringContaining('over 1048576 bytes'),
    });
    expect(await client().searchFlows({ trackingId: 'sub-1' })).toMatchObject({ ok: false, kind: 'retryable', tooLarge: true });
  });

  it('a refused connection (nothing sent) is retryable, even for a submission', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await submit(client(`http://127.0.0.1:${port}`))).toMatchObject({
      ok: false,
      kind: 'retryable',
      error: 'network failure (ECONNREFUSED)',
    });
  });

  it('401 twice: one token refresh, then definitive', async () => {
    let bearers: string[] = [];
    flows = (req, res) => {
      bearers.push(req.headers.authorization ?? '');
      json(res, 401, { errorCode: 'INVALID_TOKEN', errorMessage: 'expired' });
    };
    expect(await submit(client())).toMatchObject({ ok: false, kind: 'definitive', status: 401, errorCode: 'INVALID_TOKEN' });
    expect(tokenRequests).toBe(2);
    expect(bearers).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    bearers = [];
  });

  it('caches the token and sends the credentials by HTTP Basic, form-encoded (RFC 6749 §2.3.1)', async () => {
    let authorization = '';
    token = (req, res, body) => {
      authorization = req.headers.authorization ?? '';
      expect(body.toString()).toBe('grant_type=client_credentials');
      goodToken(req, res, body);
    };
    flows = (_req, res) => json(res, 200, { limit: 25, filters: {}, results: [] });
    const c = createFlowClient(flowSettings(base, 'gw id', 'a:b&c'));
    await Promise.all([c.searchFlows({ flowDirection: ['In'] }), c.searchFlows({ flowDirection: ['In'] })]);
    await c.healthcheck();
    expect(tokenRequests).toBe(1);
    expect(Buffer.from(authorization.replace('Basic ', ''), 'base64').toString()).toBe('gw+id:a%3Ab%26c');
  });

  it('a token that expires within 30 s is not reused', async () => {
    let now = 1_000_000;
    token = (_req, res) => json(res, 200, { access_token: `tok-${tokenRequests}`, token_type: 'Bearer', expires_in: 60 });
    flows = (_req, res) => res.writeHead(200).end();
    const c = createFlowClient({ ...flowSettings(base, 'gw', SECRET, 'body'), now: () => now });
    await c.healthcheck();
    now += 29_000;
    await c.healthcheck();
    expect(tokenRequests).toBe(1);
    now += 2_000;
    await c.healthcheck();
    expect(tokenRequests).toBe(2);
  });

  it('token endpoint failures: 500 and silence are retryable, 400 invalid_client is definitive; no secret in any result', async () => {
    flows = (_req, res) => json(res, 200, { limit: 25, filters: {}, results: [] });
    token = (_req, res) => json(res, 500, {});
    const failed = await submit(client());
    expect(failed).toMatchObject({ ok: false, kind: 'retryable', status: 500 });
    token = () => {};
    const silent = await submit(client());
    expect(silent).toMatchObject({ ok: false, kind: 'retryable', error: 'no answer within 500 ms' });
    token = (_req, res) => json(res, 400, { error: 'invalid_client', error_description: 'bad credentials' });
    const refused = await submit(client());
    expect(refused).toEqual({
      ok: false,
      kind: 'definitive',
      status: 400,
      errorCode: 'invalid_client',
      errorMessage: 'bad credentials',
      authentication: true,
    });
    for (const result of [failed, silent, refused]) expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates (RFC 9110 §10.2.3), and ignores the unreadable', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
