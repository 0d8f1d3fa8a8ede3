/**
 * A hostile fake Flow Service for the status poller's tests (issue 26), on 127.0.0.1 (node:http): it lists
 * incoming status flows by updatedAt, serves each flow's document as given (a string, or a function writing the
 * answer itself: huge, slow, failing), and lets a test replace the search answer or the token endpoint's answer.
 * It records the limits asked and which answers were cut off by the client before they were fully written.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildCdar } from '../../sandbox-pa/src/cdar.ts';
import { platformFlows, submissions } from '../../src/db/schema.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import type { Flow } from '../../src/platform/afnor/types.ts';
import type { Client } from './client.ts';
import { invoice } from './documents.ts';
import type { Gateway } from './gateway.ts';
import { flowSettings } from './pa-client.ts';

type Writer = (res: ServerResponse) => void;

export interface InboundFake {
  url: string;
  /** Adds a status flow one second after the previous one, serving `body`; returns its flowId. */
  serve(body: string | Writer): string;
  /** searchFlow answers: null lets the fake answer; a Writer answers instead (given the limit asked). */
  search: ((limit: number) => Writer | null) | null;
  /** The token endpoint's answer, when set (default: a fresh valid token). */
  token: Writer | null;
  /** The limits searchFlow was asked for, in order. */
  limits: number[];
  /** getFlow requests, by flowId, in order. */
  gets: string[];
  /** Answers the client closed before the fake finished writing them (flowId, or `search`). */
  cutOff: string[];
  /** Authorization headers received (any endpoint). */
  authorizations: string[];
  reset(): void;
  client(options?: { timeoutMs?: number; clientSecret?: string; tokenAuth?: 'basic' | 'body' }): FlowClient;
  close(): Promise<void>;
}

/** Answers 200 with `parts`, written with backpressure, stopping when the client goes away. */
export function stream(res: ServerResponse, contentType: string, parts: Iterable<string>): void {
  res.writeHead(200, { 'content-type': contentType });
  const iterator = parts[Symbol.iterator]();
  const pump = () => {
    for (;;) {
      if (res.destroyed) return;
      const next = iterator.next();
      if (next.done) return void res.end();
      if (!res.write(next.value)) return void res.once('drain', pump);
    }
  };
  pump();
}

export async function startInboundFake(): Promise<InboundFake> {
  const flows: Array<{ flow: Flow; body: string | Writer }> = [];
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const json = (res: ServerResponse, status: number, body: unknown) =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const fake: InboundFake = {
    url: '',
    search: null,
    token: null,
    limits: [],
    gets: [],
    cutOff: [],
    authorizations: [],
    serve(body) {
      clock += 1000;
      const at = new Date(clock).toISOString();
      const flow = incomingStatusFlow(randomUUID(), at);
      flows.push({ flow, body });
      return flow.flowId;
    },
    reset() {
      flows.splice(0);
      Object.assign(fake, { search: null, token: null, limits: [], gets: [], cutOff: [], authorizations: [] });
    },
    client: (options = {}) =>
      createFlowClient({
        ...flowSettings(fake.url, 'gw', options.clientSecret ?? 'hostile-secret-0123456789', options.tokenAuth),
        timeoutMs: options.timeoutMs ?? 5000,
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function watch(res: ServerResponse, what: string): void {
    res.on('close', () => {
      if (!res.writableFinished) fake.cutOff.push(what);
    });
  }

  function route(req: IncomingMessage, res: ServerResponse, body: Buffer): unknown {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers.authorization) fake.authorizations.push(req.headers.authorization);
    if (url.pathname === '/oauth/token') {
      if (fake.token) return fake.token(res);
      return json(res, 200, { access_token: `tok-${randomUUID()}`, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/flow-service/v1/flows/search') {
      const { limit, where } = JSON.parse(body.toString('utf8'));
      fake.limits.push(limit);
      const writer = fake.search?.(limit);
      if (writer) {
        watch(res, 'search');
        return writer(res);
      }
      const after = where.updatedAfter ? Date.parse(where.updatedAfter) : 0;
      const listed = flows
        .filter((entry) => Date.parse(entry.flow.updatedAt) > after)
        .sort((a, b) => Date.parse(a.flow.updatedAt) - Date.parse(b.flow.updatedAt))
        .slice(0, limit)
        .map((entry) => entry.flow);
      return json(res, 200, { limit, filters: where, results: listed });
    }
    const flowId = decodeURIComponent(url.pathname.replace('/flow-service/v1/flows/', ''));
    fake.gets.push(flowId);
    const entry = flows.find((candidate) => candidate.flow.flowId === flowId);
    if (!entry) return json(res, 404, { errorCode: 'MISSING_RESOURCE', errorMessage: 'no such flow' });
    watch(res, flowId);
    if (typeof entry.body === 'function') return entry.body(res);
    res.writeHead(200, { 'content-type': 'application/xml' }).end(entry.body);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** An incoming CDAR status flow (CustomerInvoiceLC) as searchFlow lists it, acknowledged Ok, submitted and updated `at`. */
export function incomingStatusFlow(flowId: string, at: string): Flow {
  return {
    flowId,
    submittedAt: at,
    updatedAt: at,
    flowType: 'CustomerInvoiceLC',
    flowDirection: 'In',
    flowSyntax: 'CDAR',
    acknowledgement: { status: 'Ok' },
  };
}

/** A document sent to the PA: its submission id, number and seller SIREN (the CDAR's join key). */
export interface SentDocument {
  id: string;
  number: string;
  siren: string;
}

/** A submitted invoice of `tenant` with its `platform_flows` row, as the sender writes it (a random SIREN). */
export async function sentInvoice(gateway: Gateway, tenant: Client, body = invoice().unique().build()): Promise<SentDocument> {
  const reply = await tenant.post('/v1/invoices', body);
  if (reply.status !== 202) throw new Error(`submission refused: ${JSON.stringify(reply.body)}`);
  const id = reply.body.submission_id as string;
  const db = gateway.database.db;
  const [row] = await db.select({ tenantId: submissions.tenantId }).from(submissions).where(eq(submissions.id, id));
  const siren = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  const number = body['number'] as string;
  await db
    .insert(platformFlows)
    .values({ submissionId: id, tenantId: row!.tenantId, invoiceNumber: number, sellerSiren: siren, flowId: randomUUID() });
  return { id, number, siren };
}

/** The root end tag of a CDAR, where tests insert extras. */
export const CDAR_ROOT_END = '</rsm:CrossDomainAcknowledgementAndResponse>';

/** A CDAR status `code` about `doc` (type code 380 unless given), with `extra` inserted before the root's end tag. */
export function cdarFor(doc: SentDocument, code: number, extra = '', typeCode = '380'): string {
  const xml = buildCdar(
    { invoiceNumber: doc.number, typeCode, sellerSiren: doc.siren, receivedAt: new Date() },
    { code, label: 'Déposée', occurredAt: new Date(Date.UTC(2030, 0, 1, 10, code % 60)) },
  );
  return xml.replace(CDAR_ROOT_END, `${extra}${CDAR_ROOT_END}`);
}
