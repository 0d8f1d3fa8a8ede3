/**
 * The status poller against a hostile fake Flow Service (node:http on 127.0.0.1), on each engine: a flow listed
 * twice or fetched again is recorded once; unreadable, unmatched or refused CDARs are kept as problems while the
 * flows after them are recorded; out-of-order statuses are ordered by occurred_at; a 500 on one GET is recorded on
 * the next round; 501 and 220 keep the PA's labels and end the document's life; an invoice and a credit note
 * sharing a number are told apart by the CDAR's type code.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCdar, type CdarStatus } from '../../sandbox-pa/src/cdar.ts';
import { platformFlows, platformInboundProblems, submissionEvents, submissions } from '../../src/db/schema.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createFlowClient } from '../../src/platform/afnor/client.ts';
import type { Flow } from '../../src/platform/afnor/types.ts';
import { createStatusPoller, type StatusPoller } from '../../src/platform/inbound/status-poller.ts';
import { readCursor } from '../../src/platform/inbound/inbound-store.ts';
import type { Client } from '../support/client.ts';
import { creditNote, invoice } from '../support/documents.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';
import { incomingStatusFlow } from '../support/hostile-inbound-pa.ts';
import { flowSettings } from '../support/pa-client.ts';

/** What the fake serves: flows (metadata and Original), flows listed twice, GETs answered 404, GETs to fail with a 500 (how many times). */
const fake = {
  flows: [] as Array<{ flow: Flow; body: string }>,
  listTwice: new Set<string>(),
  missing: new Set<string>(),
  failGet: new Map<string, number>(),
  gets: [] as string[],
};
let server: Server;
let base: string;
let clock = Date.parse('2030-01-01T00:00:00Z');

function json(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/oauth/token') return json(res, 200, { access_token: 'fake-token', token_type: 'Bearer', expires_in: 3600 });
      if (url.pathname === '/flow-service/v1/flows/search') {
        const { limit, where } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const after = where.updatedAfter ? Date.parse(where.updatedAfter) : 0;
        const listed = fake.flows
          .filter((entry) => Date.parse(entry.flow.updatedAt) > after)
          .sort((a, b) => Date.parse(a.flow.updatedAt) - Date.parse(b.flow.updatedAt))
          .slice(0, limit)
          .flatMap((entry) => (fake.listTwice.has(entry.flow.flowId) ? [entry.flow, entry.flow] : [entry.flow]));
        return json(res, 200, { limit, filters: where, results: listed });
      }
      const flowId = decodeURIComponent(url.pathname.replace('/flow-service/v1/flows/', ''));
      fake.gets.push(flowId);
      const failures = fake.failGet.get(flowId) ?? 0;
      if (failures > 0) {
        fake.failGet.set(flowId, failures - 1);
        return json(res, 500, { errorCode: 'INTERNAL_ERROR' });
      }
      const entry = fake.flows.find((candidate) => candidate.flow.flowId === flowId);
      if (!entry || fake.missing.has(flowId)) return json(res, 404, { errorCode: 'MISSING_RESOURCE', errorMessage: 'no such flow' });
      res.writeHead(200, { 'content-type': 'application/xml' }).end(entry.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Adds a status flow serving `body`, updated one second after the previous one; returns its flowId. */
function serve(body: string): string {
  clock += 1000;
  const at = new Date(clock).toISOString();
  const flow = incomingStatusFlow(randomUUID(), at);
  fake.flows.push({ flow, body });
  return flow.flowId;
}

interface Sent {
  id: string;
  number: string;
  siren: string;
}

/** A CDAR about `doc` (typeCode 380 unless given). */
function cdar(doc: Sent, status: Partial<CdarStatus> & { code: number; label: string }, typeCode = '380'): string {
  const occurredAt = status.occurredAt ?? new Date(clock);
  return buildCdar({ invoiceNumber: doc.number, typeCode, sellerSiren: doc.siren, receivedAt: occurredAt }, { ...status, occurredAt });
}

describe.each(engines())('status poller against a hostile PA (%s)', (engine) => {
  let gateway: Gateway;
  let tenant: Client;
  let poller: StatusPoller;
  let connection: string;
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

  beforeAll(async () => {
    gateway = await startGateway(engine);
    tenant = await gateway.tenant();
  });
  afterAll(() => gateway?.stop());
  beforeEach(() => {
    Object.assign(fake, { flows: [], listTwice: new Set(), missing: new Set(), failGet: new Map(), gets: [] });
    connection = `hostile-${randomUUID()}`;
    const client = createFlowClient({ ...flowSettings(base, 'gw', 'hostile'), timeoutMs: 2000 });
    poller = createStatusPoller({ db: gateway.database.db, events: NO_EVENTS, client, connection, log, intervalMs: 60_000 });
  });
  afterEach(() => poller.stop());

  const siren = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));

  /** A submission of the tenant and its `platform_flows` row, as the sender writes it. */
  async function sent(path: '/v1/invoices' | '/v1/credit-notes', body: Record<string, unknown>, sellerSiren = siren()): Promise<Sent> {
    const reply = await tenant.post(path, body);
    expect(reply.status).toBe(202);
    const id = reply.body.submission_id as string;
    const db = gateway.database.db;
    const [row] = await db.select({ tenantId: submissions.tenantId }).from(submissions).where(eq(submissions.id, id));
    const number = body['number'] as string;
    await db
      .insert(platformFlows)
      .values({ submissionId: id, tenantId: row!.tenantId, invoiceNumber: number, sellerSiren, flowId: randomUUID() });
    return { id, number, siren: sellerSiren };
  }
  const sentInvoice = () => sent('/v1/invoices', invoice().unique().build());

  const statuses = async (doc: Sent, kind = 'invoice') =>
    (
      await tenant.graphql(
        `query ($id: ID!) { doc: ${kind}(id: $id) { processingState statuses { code label platformLabel final flags } } }`,
        { id: doc.id },
      )
    ).body.data.doc;
  const codes = async (doc: Sent) => (await statuses(doc)).statuses.map((status: { code: number }) => status.code);
  const problems = async () =>
    (await gateway.database.db.select().from(platformInboundProblems).where(eq(platformInboundProblems.connection, connection))).map(
      (row) => ({
        flowId: row.flowId,
        problem: row.problem,
        detail: row.detail,
      }),
    );
  const events = async (doc: Sent) =>
    (
      await gateway.database.db
        .select({ n: count() })
        .from(submissionEvents)
        .where(inArray(submissionEvents.submissionId, [doc.id]))
    )[0]!.n;

  it('records a flow listed twice in a page, and fetched again when the PA moves its updatedAt, once', async () => {
    const doc = await sentInvoice();
    const flowId = serve(cdar(doc, { code: 200, label: 'Déposée' }));
    fake.listTwice.add(flowId);
    await poller.pollNow();
    expect(await codes(doc)).toEqual([200]);
    const before = await events(doc);
    fake.flows[0]!.flow.updatedAt = new Date((clock += 1000)).toISOString();
    await poller.pollNow();
    expect(fake.gets.filter((id) => id === flowId)).toHaveLength(2);
    expect(await codes(doc)).toEqual([200]);
    expect(await events(doc)).toBe(before);
    expect(await problems()).toEqual([]);
  });

  it('keeps unreadable, unmatched, refused, missing and malformed flows as problems, and records the flows after them', async () => {
    const doc = await sentInvoice();
    const stranger: Sent = { id: randomUUID(), number: `NOBODY-${randomUUID()}`, siren: siren() };
    const flows = {
      unreadable: serve('<rsm:CrossDomainAcknowledgementAndResponse'),
      notCdar: serve('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      unmatched: serve(cdar(stranger, { code: 200, label: 'Déposée' })),
      refused: serve(cdar(doc, { code: 215, label: 'Inconnu' })),
      missing: serve(cdar(doc, { code: 201, label: 'Émise' })),
      wrongSyntax: serve(cdar(doc, { code: 203, label: 'Mise à disposition' })),
      withoutId: serve(cdar(doc, { code: 204, label: 'Prise en charge' })),
      recorded: serve(cdar(doc, { code: 202, label: 'Reçue' })),
    };
    fake.missing.add(flows.missing);
    // Metadata a PA should never send: a syntax with U+0000 (which PostgreSQL cannot store), an empty flowId.
    const metadata = (flowId: string) => fake.flows.find((entry) => entry.flow.flowId === flowId)!.flow;
    metadata(flows.wrongSyntax).flowSyntax = 'UBL\u0000' as Flow['flowSyntax'];
    metadata(flows.withoutId).flowId = '';
    await poller.pollNow();
    expect(await codes(doc)).toEqual([202]);
    const byFlow = Object.fromEntries((await problems()).map((row) => [row.flowId, row]));
    expect(byFlow[flows.unreadable]).toMatchObject({ problem: 'unreadable-cdar', detail: { error: expect.stringContaining('XML') } });
    expect(byFlow[flows.notCdar]).toMatchObject({
      problem: 'unreadable-cdar',
      detail: { error: expect.stringContaining('CrossDomainAcknowledgementAndResponse') },
    });
    expect(byFlow[flows.unmatched]).toMatchObject({
      problem: 'no-matching-submission',
      detail: { invoiceNumber: stranger.number, sellerSiren: stranger.siren, code: 200 },
    });
    expect(byFlow[flows.refused]).toMatchObject({
      problem: 'refused',
      detail: { code: 215, submissionId: doc.id, violations: [{ rule: 'GW-LIFECYCLE-CODE' }] },
    });
    expect(byFlow[flows.missing]).toMatchObject({ problem: 'fetch-refused', detail: { status: 404, errorCode: 'MISSING_RESOURCE' } });
    expect(byFlow[flows.wrongSyntax]).toEqual({ flowId: flows.wrongSyntax, problem: 'not-cdar', detail: { flowSyntax: 'UBL\uFFFD' } });
    const invalid = Object.values(byFlow).find((row) => row.problem === 'invalid-flow');
    expect(invalid?.flowId).toMatch(/^invalid:[0-9a-f]{64}$/);
    expect(Object.keys(byFlow)).toHaveLength(7);
    // The cursor passed them all: the next round fetches nothing again.
    const fetched = fake.gets.length;
    await poller.pollNow();
    expect(fake.gets).toHaveLength(fetched);
  });

  it('stops the round at a 500 on one GET, the cursor kept before it, and records it and the flows after next round', async () => {
    const doc = await sentInvoice();
    const first = serve(cdar(doc, { code: 200, label: 'Déposée' }));
    const flaky = serve(cdar(doc, { code: 201, label: 'Émise' }));
    const last = serve(cdar(doc, { code: 202, label: 'Reçue' }));
    fake.failGet.set(flaky, 1);
    await poller.pollNow();
    expect(await codes(doc)).toEqual([200]);
    expect(fake.gets).toEqual([first, flaky]);
    expect(await readCursor(gateway.database.db, connection)).toBe(fake.flows[0]!.flow.updatedAt);
    await poller.pollNow();
    expect(await codes(doc)).toEqual([200, 201, 202]);
    expect(fake.gets).toEqual([first, flaky, flaky, last]);
    expect(await problems()).toEqual([]);
  });

  it('orders statuses arriving out of order by occurred_at, ties in arrival order', async () => {
    const doc = await sentInvoice();
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
    for (const [code, label, minute] of [
      [204, 'Prise en charge', 4],
      [202, 'Reçue', 2],
      [203, 'Mise à disposition', 3],
      [201, 'Émise', 1],
      [205, 'Approuvée', 2],
    ] as const)
      serve(cdar(doc, { code, label, occurredAt: at(minute) }));
    await poller.pollNow();
    expect(await codes(doc)).toEqual([201, 202, 205, 203, 204]);
    const history = (await tenant.get(`/v1/invoices/${doc.id}/statuses`)).body.data;
    expect(history.map((entry: { occurred_at: string }) => entry.occurred_at.slice(11, 16))).toEqual([
      '10:01',
      '10:02',
      '10:02',
      '10:03',
      '10:04',
    ]);
  });

  it("keeps 501 Irrecevable and 220 Annulée with the PA's own labels, final; 501 rejects the submission", async () => {
    const [inadmissible, cancelled] = [await sentInvoice(), await sentInvoice()];
    serve(cdar(inadmissible, { code: 200, label: 'Déposée' }));
    serve(cdar(inadmissible, { code: 501, label: 'IRRECEVABLE', reasonCode: 'IRR_SYNTAX', reason: 'Syntaxe incorrecte' }));
    serve(cdar(cancelled, { code: 200, label: 'Déposée' }));
    serve(cdar(cancelled, { code: 220, label: 'Annulee (raw)' }));
    serve(cdar(cancelled, { code: 205, label: 'Approuvée' }));
    await poller.pollNow();
    expect(await statuses(inadmissible)).toEqual({
      processingState: 'REJECTED',
      statuses: [
        { code: 200, label: 'Déposée', platformLabel: 'Déposée', final: false, flags: [] },
        { code: 501, label: 'Irrecevable', platformLabel: 'IRRECEVABLE', final: true, flags: [] },
      ],
    });
    expect(await statuses(cancelled)).toEqual({
      processingState: 'RECEIVED',
      statuses: [
        { code: 200, label: 'Déposée', platformLabel: 'Déposée', final: false, flags: [] },
        { code: 220, label: 'Annulée', platformLabel: 'Annulee (raw)', final: true, flags: [] },
        { code: 205, label: 'Approuvée', platformLabel: 'Approuvée', final: false, flags: ['AFTER_FINAL_STATUS'] },
      ],
    });
    const reply = await tenant.get(`/v1/invoices/${inadmissible.id}/statuses`);
    expect(reply.body.data[1]).toEqual({
      code: 501,
      label: 'Irrecevable',
      final: true,
      occurred_at: expect.any(String),
      reason: 'Syntaxe incorrecte',
      reason_code: 'IRR_SYNTAX',
    });
  });

  it('tells an invoice and a credit note sharing a number apart by the type code; without one it keeps a problem', async () => {
    const body = invoice().unique().build();
    const original = await sent('/v1/invoices', body);
    const refund = await sent(
      '/v1/credit-notes',
      creditNote().unique().refunding(body.id).with('number', body.number).build(),
      original.siren,
    );
    serve(cdar(original, { code: 200, label: 'Déposée' }, '380'));
    serve(cdar(refund, { code: 202, label: 'Reçue' }, '381'));
    const untyped = serve(cdar(original, { code: 203, label: 'Mise à disposition' }).replace('<ram:TypeCode>380</ram:TypeCode>', ''));
    await poller.pollNow();
    expect(await codes(original)).toEqual([200]);
    expect((await statuses(refund, 'creditNote')).statuses.map((status: { code: number }) => status.code)).toEqual([202]);
    expect(await problems()).toEqual([
      {
        flowId: untyped,
        problem: 'ambiguous-submission',
        detail: expect.objectContaining({ code: 203, submissionIds: expect.arrayContaining([original.id, refund.id]) }),
      },
    ]);
  });

  it('runs a round at start and on wake, and none once stopped', async () => {
    const doc = await sentInvoice();
    const until = async (done: () => Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    serve(cdar(doc, { code: 200, label: 'Déposée' }));
    poller.start();
    await until(async () => (await codes(doc)).length === 1);
    expect(await codes(doc)).toEqual([200]);
    serve(cdar(doc, { code: 202, label: 'Reçue' }));
    poller.wake();
    await until(async () => (await codes(doc)).length === 2);
    expect(await codes(doc)).toEqual([200, 202]);
    await poller.stop();
    serve(cdar(doc, { code: 203, label: 'Mise à disposition' }));
    poller.wake();
    await poller.pollNow();
    expect(await codes(doc)).toEqual([200, 202]);
  });
});
