/**
 * The Flow Service client (src/platform/afnor) against the sandbox PA (sandbox-pa/) over real HTTP on 127.0.0.1:
 * OAuth2, createFlow, search, getFlow, acknowledgements, and the CDAR status flows of the three scripts.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPa, type SandboxPa } from '../../sandbox-pa/src/index.ts';
import { parseCdar } from '../../src/platform/afnor/cdar.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { acknowledgedFlow, flowSettings } from '../support/pa-client.ts';

const UBL = readFileSync(new URL('../../artefacts/examples/en16931-ubl/ubl-tc434-example1.xml', import.meta.url));
const SECRET = 'sandbox-secret-Zq9';

/** The example invoice with another number (BT-1) and optionally a note. */
function invoice(number: string, note?: string): Buffer {
  let xml = UBL.toString('utf8').replace('<cbc:ID>12115118</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`);
  if (note) xml = xml.replace('<cbc:DocumentCurrencyCode>', `<cbc:Note>${note}</cbc:Note><cbc:DocumentCurrencyCode>`);
  return Buffer.from(xml);
}

let sandbox: SandboxPa;
let url: string;
let client: FlowClient;
let tokenRequests = 0;
const sandboxErrors: unknown[] = [];
let checkResult: { ok: boolean; details: Array<{ reasonCode: string; reasonMessage: string }> } = { ok: true, details: [] };

const countingFetch: typeof fetch = (input, init) => {
  if (String(input).endsWith('/oauth/token')) tokenRequests++;
  return fetch(input, init);
};

beforeAll(async () => {
  sandbox = createSandboxPa({
    clientId: 'passerelle',
    clientSecret: SECRET,
    stepMs: 20,
    checkFile: async (syntax, bytes) => {
      if (bytes.includes('CHECK-THROW')) throw new Error('validator crashed');
      return bytes.includes('CHECK-FAIL') ? checkResult : { ok: syntax === 'UBL', details: [] };
    },
    onError: (error) => sandboxErrors.push(error),
  });
  url = (await sandbox.listen(0)).url;
  client = createFlowClient({ ...flowSettings(url, 'passerelle', SECRET), fetch: countingFetch, timeoutMs: 2000 });
});
afterAll(() => sandbox.close());

/** Submits an invoice and waits for its acknowledgement to leave Pending. */
async function submit(number: string, extra: { sha256?: string; note?: string } = {}) {
  const trackingId = `trk-${number}`.slice(0, 36);
  const file = invoice(number, extra.note);
  const sent = await client.submitFlow({
    flowInfo: { flowSyntax: 'UBL', flowProfile: 'CIUS', processingRule: 'B2B', trackingId, name: `${number}.xml`, sha256: extra.sha256 },
    file,
    fileName: `${number}.xml`,
  });
  if (!sent.ok) throw new Error(`submit failed: ${JSON.stringify(sent)}`);
  return { sent: sent.flow, flow: await acknowledgedFlow(client, trackingId, 100, 10), file };
}

/** Polls incoming status flows page by page (limit 2, updatedAfter cursor) until `count` CDARs about `number` arrived. */
async function statusesOf(number: string, count: number, waitMs = 4000) {
  const statuses: ReturnType<typeof parseCdar>[] = [];
  let cursor = '1970-01-01T00:00:00.000Z';
  const deadline = Date.now() + waitMs;
  while (statuses.length < count && Date.now() < deadline) {
    const page = await client.searchFlows({ updatedAfter: cursor, flowDirection: ['In'], flowType: ['CustomerInvoiceLC'] }, 2);
    if (!page.ok) throw new Error('search failed');
    for (const flow of page.results) {
      cursor = flow.updatedAt;
      expect(flow).toMatchObject({ flowSyntax: 'CDAR', flowDirection: 'In', acknowledgement: { status: 'Ok' } });
      const original = await client.getFlow(flow.flowId, 'Original');
      if (!original.ok) throw new Error('get failed');
      const status = parseCdar(original.bytes);
      if ('error' in status) throw new Error(status.error);
      if (status.invoiceNumber === number) statuses.push(status);
    }
    if (page.results.length === 0) await new Promise((resolve) => setTimeout(resolve, 15));
  }
  return statuses;
}

describe('client ↔ sandbox PA', () => {
  it('submits a UBL invoice, finds it by trackingId, reads it back, and receives 200 to 205 as CDAR flows in order', async () => {
    const { sent, flow, file } = await submit('INV-2026-001');
    expect(sent.flowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(sent.submittedAt)).not.toBeNaN();
    expect(sent).toMatchObject({ flowSyntax: 'UBL', trackingId: 'trk-INV-2026-001', processingRule: 'B2B' });
    expect(sent.sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(flow).toMatchObject({
      flowId: sent.flowId,
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      acknowledgement: { status: 'Ok' },
    });

    const metadata = await client.getFlow(sent.flowId, 'Metadata');
    expect(metadata.ok && metadata.flow.flowId).toBe(sent.flowId);
    const original = await client.getFlow(sent.flowId, 'Original');
    expect(original.ok && original.bytes.equals(file)).toBe(true);
    expect(original.ok && original.fileName).toBe('INV-2026-001.xml');

    const statuses = await statusesOf('INV-2026-001', 6);
    expect(statuses.map((s) => 'code' in s && s.code)).toEqual([200, 201, 202, 203, 204, 205]);
    expect(statuses.map((s) => 'label' in s && s.label)).toEqual([
      'Déposée',
      'Émise',
      'Reçue',
      'Mise à disposition',
      'Prise en charge',
      'Approuvée',
    ]);
    for (const status of statuses) expect(status).toMatchObject({ invoiceNumber: 'INV-2026-001', sellerSiren: '57151520' });
    expect(tokenRequests).toBe(1);
  });

  it('SIM-REFUSE ends with 210 Refusée and its reason; SIM-REJECT (number or note) with 213 Rejetée DOUBLON', async () => {
    await submit('F-SIM-REFUSE-7');
    await submit('F-8', { note: 'please sim-reject this one' });
    const refused = await statusesOf('F-SIM-REFUSE-7', 6);
    expect(refused.map((s) => 'code' in s && s.code)).toEqual([200, 201, 202, 203, 204, 210]);
    expect(refused[5]).toMatchObject({
      label: 'Refusée',
      reasonCode: 'MONTANTTOTAL_ERR',
      reason: 'Refus simulé : montant contesté par le destinataire',
    });
    const rejected = await statusesOf('F-8', 2);
    expect(rejected.map((s) => 'code' in s && s.code)).toEqual([200, 213]);
    expect(rejected[1]).toMatchObject({ label: 'Rejetée', reasonCode: 'DOUBLON' });
  });

  it('acknowledges Error with ChecksumMismatch when the sha256 does not match, and produces no status', async () => {
    const { flow } = await submit('F-CHK-1', { sha256: 'a'.repeat(64) });
    expect(flow.acknowledgement?.status).toBe('Error');
    expect(flow.acknowledgement?.details?.[0]).toMatchObject({ level: 'Error', reasonCode: 'ChecksumMismatch' });
    const failed = await client.searchFlows({ ackStatus: 'Error', trackingId: 'trk-F-CHK-1' });
    expect(failed.ok && failed.results.length).toBe(1);
    // Ten steps' time: an accepted invoice would have all its statuses by then.
    expect(await statusesOf('F-CHK-1', 1, 200)).toEqual([]);
  });

  it("acknowledges Error with the file check's reason codes", async () => {
    checkResult = { ok: false, details: [{ reasonCode: 'InvalidSchema', reasonMessage: 'BR-FR-12: missing SIREN' }] };
    const { flow } = await submit('F-CHECK-FAIL');
    expect(flow.acknowledgement).toEqual({
      status: 'Error',
      details: [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: 'BR-FR-12: missing SIREN' }],
    });
  });

  it('acknowledges Error OtherTechnicalError when the file check throws, and reports the error', async () => {
    const { flow } = await submit('F-CHECK-THROW');
    expect(flow.acknowledgement?.details).toEqual([
      { level: 'Error', item: 'file', reasonCode: 'OtherTechnicalError', reasonMessage: 'the file check failed unexpectedly' },
    ]);
    expect(sandboxErrors).toEqual([new Error('validator crashed')]);
  });

  it('refreshes the token once on a 401 and retries the call', async () => {
    const before = tokenRequests;
    expect((await client.healthcheck()).ok).toBe(true);
    sandbox.revokeTokens();
    const found = await client.searchFlows({ flowDirection: ['Out'] }, 100);
    expect(found.ok).toBe(true);
    expect(tokenRequests).toBe(before + 1);
  });

  it('client credentials in the form body work too; a wrong secret is a definitive 401 that does not echo the secret', async () => {
    const body = createFlowClient({ ...flowSettings(url, 'passerelle', SECRET, 'body'), timeoutMs: 2000 });
    expect((await body.searchFlows({ flowType: ['CustomerInvoice'] })).ok).toBe(true);
    for (const tokenAuth of ['basic', 'body'] as const) {
      const wrong = createFlowClient({ ...flowSettings(url, 'passerelle', 'not-the-secret', tokenAuth), timeoutMs: 2000 });
      const result = await wrong.searchFlows({ flowType: ['CustomerInvoice'] });
      expect(result).toMatchObject({ ok: false, kind: 'definitive', status: 401, errorCode: 'invalid_client' });
      expect(JSON.stringify(result)).not.toContain('not-the-secret');
    }
  });

  it('answers the OpenAPI error shape: 401 without a bearer, 400 on a missing part, an empty filter or a limit over 100', async () => {
    const noToken = await fetch(`${url}/flow-service/v1/flows/search`, { method: 'POST', body: '{"where":{"flowDirection":["In"]}}' });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ errorCode: 'MISSING_TOKEN', errorMessage: expect.any(String) });
    const token = (await (
      await fetch(`${url}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'passerelle', client_secret: SECRET }),
      })
    ).json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const form = new FormData();
    form.append('flowInfo', JSON.stringify({ flowSyntax: 'UBL' }));
    const missing = await fetch(`${url}/flow-service/v1/flows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}` },
      body: form,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errorCode: 'MISSING_REQUIRED_FIELD' });
    expect(await client.searchFlows({})).toMatchObject({ ok: false, kind: 'definitive', status: 400, errorCode: 'MISSING_REQUIRED_FIELD' });
    expect(await client.searchFlows({ flowDirection: ['In'] }, 101)).toMatchObject({ ok: false, kind: 'definitive', status: 400 });
    expect(await client.getFlow('no-such-flow', 'Metadata')).toMatchObject({
      ok: false,
      kind: 'definitive',
      status: 404,
      errorCode: 'MISSING_RESOURCE',
    });
  });
});

describe('sandbox PA mounted under a prefix', () => {
  let server: Server;
  let mounted: SandboxPa;
  afterAll(async () => {
    await mounted.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('serves token, createFlow and search below /sandbox-pa on a host server', async () => {
    mounted = createSandboxPa({ clientId: 'c', clientSecret: 's', stepMs: 10 });
    server = createServer((req, res) => {
      if (req.url?.startsWith('/sandbox-pa/')) return mounted.handle(req, res, req.url.slice('/sandbox-pa'.length));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox-pa`;
    const host = createFlowClient(flowSettings(base, 'c', 's'));
    expect((await host.healthcheck()).ok).toBe(true);
    const sent = await host.submitFlow({
      flowInfo: { flowSyntax: 'UBL', trackingId: 'm-1', name: 'm.xml' },
      file: invoice('M-1'),
      fileName: 'm.xml',
    });
    expect(sent.ok).toBe(true);
    const found = await host.searchFlows({ trackingId: 'm-1' });
    expect(found.ok && found.results.map((flow) => flow.trackingId)).toEqual(['m-1']);
  });
});
