/**
 * Flow Service 1.2.0 over real HTTP, on each engine: the gateway with `PLATFORM=afnor` (PA_ORGANIZATION_ID=seller,
 * PA_DIRECTORY_URL set) talks to a standalone sandbox PA through a recording proxy. Every Flow and Directory Service
 * call carries a fresh UUID as `Request-Id` (and `X-Request-Id` for 1.1.0 PAs), every flow has its `name`, the
 * createFlow of a document carries its seller's SIREN as `Organization-Id`; the 1.2.0 processing rules B2G, B2GInt,
 * B2GOutOfScope are accepted in what the PA sends (flow callback).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { flowSettings } from '../support/pa-client.ts';
import { processed } from '../support/pipeline.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const OTHER = { ...DEMO_SELLER_PROFILE, name: 'Atelier Numérique SAS', siren: '812345676', siret: null, vat_number: 'FR19812345676' };

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An HTTP proxy to `target` that records every request. */
async function recordingProxy(target: string, calls: Recorded[]): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    calls.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: body.toString('utf8') });
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(target + (req.url ?? '/'), {
      method: req.method,
      headers,
      body: body.length > 0 ? body : undefined,
      redirect: 'manual',
    });
    const payload = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)) out[name] = value;
    });
    res.writeHead(answer.status, { ...out, 'content-length': String(payload.length) });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.each(engines())('Flow Service 1.2.0 on %s', (engine) => {
  let sandbox: SandboxPa;
  let proxy: { url: string; server: Server };
  let gateway: Gateway;
  const calls: Recorded[] = [];
  beforeAll(async () => {
    sandbox = createSandboxPa({ clientId: 'passerelle', clientSecret: 'flow-1-2-secret', stepMs: 60_000 });
    const { url } = await sandbox.listen(0);
    proxy = await recordingProxy(url, calls);
    gateway = await startGateway(engine, {
      platform: {
        kind: 'afnor',
        settings: flowSettings(proxy.url, 'passerelle', 'flow-1-2-secret'),
        directoryUrl: `${proxy.url}/directory-service`,
        organizationId: 'seller',
        pollIntervalMs: 200,
      },
      // No cache: on PostgreSQL another test's gateway may have cached the buyer, and this one must ask the PA.
      directoryCacheTtlS: 0,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await new Promise<void>((resolve) => proxy?.server.close(() => resolve()));
    await sandbox?.close();
  });

  it("sends name, Request-Id on every call and the seller's SIREN as Organization-Id on its createFlow", async () => {
    const client = await gateway.tenant();
    expect((await client.post('/v1/sellers', OTHER)).status).toBe(201);
    const body = invoice().unique('org').with('seller_siren', '812345676').build();
    const accepted = await client.post('/v1/invoices', body);
    expect(accepted.status).toBe(202);
    const id = (accepted.body as { submission_id: string }).submission_id;
    const deadline = Date.now() + 30_000;
    let record = await processed(client, `/v1/invoices/${id}`);
    while (record.processing_state !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      record = (await client.get(`/v1/invoices/${id}`)).body as Record<string, any>;
    }
    expect(record.processing_state).toBe('sent');

    // This document's createFlow (on a shared PostgreSQL database the sender also sends other tests' documents).
    const creates = calls.filter(
      (call) => call.method === 'POST' && call.path === '/flow-service/v1/flows' && call.body.includes(`"trackingId":"${id}"`),
    );
    expect(creates).toHaveLength(1);
    const create = creates[0]!;
    expect(create.headers['organization-id']).toBe('812345676');
    expect(create.body).toContain(`"name":"${body.number}.xml"`);
    expect(create.body).toContain(`"trackingId":"${id}"`);

    const api = calls.filter((call) => call.path.startsWith('/flow-service/') || call.path.startsWith('/directory-service/'));
    // The buyer's directory lookup (GET siren, line search), the createFlow, the poller's searches.
    expect(api.some((call) => call.path.startsWith('/directory-service/v1/siren/code-insee:'))).toBe(true);
    expect(api.length).toBeGreaterThan(3);
    const ids = api.map((call) => call.headers['request-id']);
    for (const [index, call] of api.entries()) {
      expect(call.headers['request-id'], `${call.method} ${call.path}`).toMatch(UUID);
      expect(call.headers['x-request-id']).toBe(call.headers['request-id']);
      expect(ids.indexOf(call.headers['request-id'])).toBe(index);
    }
    // Calls about no one document (the status poller's searches) name no organisation.
    const searches = calls.filter((call) => call.path === '/flow-service/v1/flows/search' && call.body.includes('"flowDirection":["In"]'));
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(search.headers['organization-id']).toBeUndefined();
  });

  it('accepts the 1.2.0 processing rules B2G, B2GInt and B2GOutOfScope in a flow callback', async () => {
    const platform = await gateway.platform();
    for (const processingRule of ['B2G', 'B2GInt', 'B2GOutOfScope']) {
      const reply = await platform.post('/pa/v1/flow-callbacks', {
        flowInfo: {
          flowId: `flow-${processingRule}`,
          submittedAt: '2026-11-27T10:00:00Z',
          updatedAt: '2026-11-27T10:00:01Z',
          flowType: 'StateInvoice',
          processingRule,
          processingRuleSource: 'Computed',
          flowDirection: 'Out',
          flowSyntax: 'UBL',
          acknowledgement: { status: 'Ok' },
        },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    }
  });
});
