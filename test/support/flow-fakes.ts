/**
 * A scriptable, hostile fake AFNOR XP Z12-013 Flow Service on 127.0.0.1
 * (node:http), for the PA sender's tests: per invoice number (the createFlow
 * `name`, `<number>.xml`), a list of replies for successive createFlow
 * requests (an error status, a flow recorded but never answered, a slow 202)
 * and the acknowledgement the flow gets (Ok, or Error with details). It keeps
 * every flow it created, searchable (searchFlow) and readable (getFlow) like
 * the sandbox PA, with strictly increasing `updatedAt` (but for the ties
 * `releaseAcks` makes on purpose).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import type { AcknowledgementDetail, Flow, FlowInfo, SearchFlowFilters } from '../../src/platform/afnor/types.ts';
import { flowSettings } from './pa-client.ts';

/** One answer to a createFlow request. */
export type Reply =
  | { kind: 'accept'; delayMs?: number }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** The flow is created, the request never answered (the client times out: an unknown outcome). */
  | { kind: 'accept-silently' }
  /** The request is read, then the connection dropped without creating anything (also an unknown outcome). */
  | { kind: 'drop' }
  /**
   * A 400 whose errorMessage echoes what the PA received: this request's Authorization, the token request's
   * Authorization, the client secret it carried, then 10,000 characters (a PA that echoes, issue 26 item 6).
   */
  | { kind: 'echo' }
  /** The request is never answered and the flow is stored `commitAfterMs` later (a PA committing after our timeout). */
  | { kind: 'accept-late'; commitAfterMs: number };

/** What the fake does for one invoice number. */
export interface Script {
  /** Replies to its successive createFlow requests; once used up, `accept`. */
  replies?: Reply[];
  /** Its flows' acknowledgement, given a few milliseconds after creation (default Ok); `held`: Pending until `releaseAcks`. */
  ack?: { status: 'Ok' } | { status: 'Error'; details: AcknowledgementDetail[] } | { status: 'held' };
}

export interface FakeFlowService {
  url: string;
  script(number: string, script: Script): void;
  /** The flows created (answered or not), oldest first, optionally only those with `trackingId`. */
  flows(trackingId?: string): Flow[];
  /** When each createFlow request for `number` arrived (epoch milliseconds). */
  requests(number: string): number[];
  /** Acknowledges every held flow Ok, `perInstant` of them with the same updatedAt (ties across search pages). */
  releaseAcks(perInstant: number): void;
  /** A client of this fake with a short timeout (`timeoutMs`, default 400 ms). */
  client(timeoutMs?: number): FlowClient;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

function matches(flow: Flow, where: SearchFlowFilters): boolean {
  if (where.updatedAfter !== undefined && !(Date.parse(flow.updatedAt) > Date.parse(where.updatedAfter))) return false;
  if (where.trackingId !== undefined && flow.trackingId !== where.trackingId) return false;
  if (where.flowDirection?.length && !where.flowDirection.includes(flow.flowDirection)) return false;
  if (where.flowType?.length && !where.flowType.includes(flow.flowType)) return false;
  return true;
}

/** What a test may observe or decide of the fake's createFlow requests (the crash tests: a kill timed on them). */
export interface FakeHooks {
  /** The script of a number not given by `script` (e.g. `212-<payment id>`, unknown in advance). */
  scriptFor?: (number: string) => Script | undefined;
  /** A createFlow request for `number` arrived (its headers: `organization-id` tells instances apart). */
  onCreateFlow?: (number: string, headers: IncomingMessage['headers']) => void;
  /** The 202 of a createFlow for `number` was written to the socket. */
  onAnswered?: (number: string) => void;
}

/** Starts the fake; `pageSize` caps searchFlow pages below the limit asked (as a PA may), answering that limit. */
export async function startFakeFlowService(options: { pageSize?: number } & FakeHooks = {}): Promise<FakeFlowService> {
  const scripts = new Map<string, Script>();
  const arrivals = new Map<string, number[]>();
  const flows = new Map<string, Flow>();
  const held: Flow[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let last = 0;
  let tokenAuthorization = '';
  const stamp = () => new Date((last = Math.max(Date.now(), last + 1))).toISOString();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  async function createFlow(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    const info = JSON.parse(await (form.get('flowInfo') as Blob).text());
    const number = String(info.name ?? '').replace(/\.xml$/, '');
    const times = arrivals.get(number) ?? [];
    arrivals.set(number, [...times, Date.now()]);
    options.onCreateFlow?.(number, req.headers);
    const script = scripts.get(number) ?? options.scriptFor?.(number) ?? {};
    const reply: Reply = script.replies?.[times.length] ?? { kind: 'accept' };
    if (reply.kind === 'status') return send(res, reply.status, reply.body ?? {}, reply.headers);
    if (reply.kind === 'echo') {
      const secret =
        Buffer.from(tokenAuthorization.replace(/^Basic /, ''), 'base64')
          .toString('utf8')
          .split(':')[1] ?? '';
      const errorMessage = `Refused ${req.headers.authorization}; token request ${tokenAuthorization}; secret ${decodeURIComponent(secret)}; ${'x'.repeat(10_000)}`;
      return send(res, 400, { errorCode: `BAD ${req.headers.authorization}`, errorMessage });
    }
    if (reply.kind === 'drop') return void req.socket.destroy();
    if (reply.kind === 'accept-late') return void later(reply.commitAfterMs, () => store(info, script));
    const flow = store(info, script);
    if (reply.kind === 'accept-silently') return; // the socket stays open until the client gives up
    const answer = { ...info, flowId: flow.flowId, submittedAt: flow.submittedAt, acknowledgement: { status: 'Pending' } };
    const answered = () => {
      send(res, 202, answer);
      options.onAnswered?.(number);
    };
    if (reply.delayMs) later(reply.delayMs, answered);
    else answered();
  }

  /** Stores a flow created from `info`, acknowledged as `script` says. */
  function store(info: FlowInfo, script: Script): Flow {
    const submittedAt = stamp();
    const flow: Flow = {
      ...info,
      flowId: randomUUID(),
      submittedAt,
      updatedAt: submittedAt,
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      acknowledgement: { status: 'Pending' },
    };
    flows.set(flow.flowId, flow);
    const ack = script.ack ?? { status: 'Ok' };
    if (ack.status === 'held') held.push(flow);
    else
      later(5, () => {
        flow.acknowledgement = ack;
        flow.updatedAt = stamp();
      });
    return flow;
  }

  function route(req: IncomingMessage, res: ServerResponse, body: Buffer): void | Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/oauth/token') tokenAuthorization = req.headers.authorization ?? '';
    if (path === '/oauth/token') return send(res, 200, { access_token: `tok-${randomUUID()}`, token_type: 'Bearer', expires_in: 3600 });
    if (path === '/flow-service/v1/flows' && req.method === 'POST') return createFlow(req, res, body);
    if (path === '/flow-service/v1/flows/search') {
      const { limit: asked = 25, where = {} } = JSON.parse(body.toString('utf8'));
      const limit = Math.min(asked, options.pageSize ?? asked);
      const found = [...flows.values()].filter((f) => matches(f, where)).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
      return send(res, 200, { limit, filters: where, results: found.slice(0, limit) });
    }
    const flow = flows.get(decodeURIComponent(path?.replace('/flow-service/v1/flows/', '') ?? ''));
    if (flow) return send(res, 200, flow);
    send(res, 404, { errorCode: 'MISSING_RESOURCE', errorMessage: 'Requested resource is Not Found' });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      Promise.resolve(route(req, res, Buffer.concat(chunks))).catch(() => send(res, 500, { errorCode: 'FAKE_FAILURE' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    script: (number, script) => void scripts.set(number, script),
    flows: (trackingId) =>
      [...flows.values()].filter((f) => trackingId === undefined || f.trackingId === trackingId).map((f) => structuredClone(f)),
    requests: (number) => arrivals.get(number) ?? [],
    releaseAcks(perInstant) {
      let instant = '';
      held.splice(0).forEach((flow, i) => {
        if (i % perInstant === 0) instant = stamp();
        flow.acknowledgement = { status: 'Ok' };
        flow.updatedAt = instant;
      });
    },
    client: (timeoutMs = 400) => createFlowClient({ ...flowSettings(url, 'gateway', 'fake-secret'), timeoutMs }),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The environment of a `passerelle serve` process sending to a fake Flow Service at `fake.url` (its token endpoint
 * included), as the client `gateway` with `clientSecret`: PLATFORM and the PA_* connection variables.
 */
export function fakePaEnv(fake: { url: string }, clientSecret: string): Record<string, string> {
  return {
    PLATFORM: 'afnor',
    PA_FLOW_URL: `${fake.url}/flow-service`,
    PA_TOKEN_URL: `${fake.url}/oauth/token`,
    PA_CLIENT_ID: 'gateway',
    PA_CLIENT_SECRET: clientSecret,
  };
}
