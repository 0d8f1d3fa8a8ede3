/**
 * The webhook test harness: a real HTTP receiver on 127.0.0.1 that answers
 * each request as scripted and verifies every one with the `standardwebhooks`
 * library, plus the few GraphQL calls and the gateway start-up that webhook
 * tests share.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { Webhook } from 'standardwebhooks';
import type { Engine } from '../../src/db/client.ts';
import type { Client } from './client.ts';
import { startGateway, type Gateway } from './gateway.ts';

/** How the receiver answers one request: that HTTP status, or never (the connection stays open). */
export type Behaviour = number | 'hang';

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  /** `webhook-id`. */
  id: string;
  /** `webhook-timestamp`, in whole seconds. */
  timestamp: number;
  /** The payload's `type`. */
  type: string;
  /** The parsed body (undefined if it is not JSON). */
  payload: any;
  /** The body exactly as received. */
  body: string;
  headers: Record<string, string>;
  /** Whether `new Webhook(secret).verify(body, headers)` accepted it, with the receiver's `secret` at `receivedAt`. */
  verified: boolean;
  /** The verifier's message when it refused. */
  verifyError?: string;
  /** When it arrived, on the receiver's clock. */
  receivedAt: Date;
  /** What the receiver answered. */
  answered: Behaviour;
}

/**
 * `Webhook#verify` from `standardwebhooks`, with its "now" at `at`: the library
 * refuses a `webhook-timestamp` more than 5 minutes from `Date.now()`, and a
 * gateway on a test clock signs with that clock's time. `verify` is
 * synchronous, so `Date.now` is pinned for exactly that call and nothing else
 * runs meanwhile.
 */
export function verifyAt(secret: string, body: string, headers: Record<string, string>, at: Date): { ok: true } | { ok: false; error: string } {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    new Webhook(secret).verify(body, headers);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  } finally {
    Date.now = realNow;
  }
}

export class Receiver {
  /** Every request so far, in arrival order. */
  readonly requests: ReceivedRequest[] = [];
  /** The endpoint's signing secret; set by `registerEndpoint`, or by the test after a rotation. */
  secret: string | undefined;
  /** Answers when the script is used up. */
  fallback: Behaviour = 200;
  private readonly script: Behaviour[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly now: () => Date,
  ) {}

  /**
   * Listens on 127.0.0.1 (any free port) at `/hook`. `now`: the receiver's
   * clock for signature verification, the gateway's test clock when it has one.
   */
  static async start(options: { now?: () => Date; fallback?: Behaviour } = {}): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createServer((req, res) => receiver!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new Receiver(server, `http://127.0.0.1:${port}/hook`, options.now ?? (() => new Date()));
    if (options.fallback !== undefined) receiver.fallback = options.fallback;
    return receiver;
  }

  /** The next requests get these answers, in order; then `fallback`. */
  answer(...behaviours: Behaviour[]): this {
    this.script.push(...behaviours);
    return this;
  }

  /** Verifies a received request with `secret` at the time it arrived. */
  verifies(request: ReceivedRequest, secret: string): boolean {
    return verifyAt(secret, request.body, request.headers, request.receivedAt).ok;
  }

  /** Resolves with all requests once there are at least `count`; rejects after `timeoutMs` of real time. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} webhook request(s) within ${timeoutMs} ms, got ${this.requests.length}: ${this.summary()}`);
      }
      await sleep(20);
    }
    return [...this.requests];
  }

  /** Waits `ms` of real time and rejects if any request arrived meanwhile. */
  async expectQuiet(ms: number): Promise<void> {
    const before = this.requests.length;
    await sleep(ms);
    if (this.requests.length !== before) {
      throw new Error(`expected no webhook request for ${ms} ms, got ${this.requests.length - before}: ${this.summary()}`);
    }
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private summary(): string {
    return JSON.stringify(this.requests.map((r) => ({ id: r.id, type: r.type, answered: r.answered })));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = this.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      let payload: any;
      try {
        payload = JSON.parse(body);
      } catch {}
      const verification = this.secret
        ? verifyAt(this.secret, body, headers, receivedAt)
        : { ok: false as const, error: 'the receiver has no secret' };
      const answered = this.script.shift() ?? this.fallback;
      this.requests.push({
        id: headers['webhook-id'] ?? '',
        timestamp: Number(headers['webhook-timestamp']),
        type: payload?.type,
        payload,
        body,
        headers,
        verified: verification.ok,
        ...(!verification.ok && { verifyError: verification.error }),
        receivedAt,
        answered,
      });
      if (answered === 'hang') {
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      }
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(`answered ${answered}`);
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------
// The gateway's webhook API, through GraphQL.

export const ALL_EVENT_TYPES = [
  'submission.received',
  'submission.lifecycle_status_added',
  'submission.processing_state_changed',
] as const;

const ENDPOINT_FIELDS = 'id url description eventTypes enabled disabledAt disabledReason previousSecretExpiresAt';

/** Registers `receiver` as an endpoint of `client`'s tenant and gives it the signing secret. */
export async function registerEndpoint(
  client: Client,
  receiver: Receiver,
  eventTypes: readonly string[] = ['submission.received'],
): Promise<{ id: string; secret: string }> {
  const reply = await client.graphql(
    `mutation ($input: WebhookEndpointInput!) {
      createWebhookEndpoint(input: $input) {
        __typename
        ... on WebhookEndpointCreated { secret endpoint { id } }
        ... on ValidationFailed { issues { path rule message } }
      }
    }`,
    { input: { url: receiver.url, eventTypes, description: 'test receiver' } },
  );
  const created = reply.body.data?.createWebhookEndpoint;
  if (created?.__typename !== 'WebhookEndpointCreated') throw new Error(`registration failed: ${reply.text}`);
  receiver.secret = created.secret;
  return { id: created.endpoint.id, secret: created.secret };
}

export interface AttemptNode {
  attemptedAt: string;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
}

export interface DeliveryNode {
  id: string;
  webhookId: string;
  eventType: string;
  status: string;
  payload: string;
  nextAttemptAt: string | null;
  attempts: AttemptNode[];
}

/** The endpoint's deliveries, newest first, with their attempts (oldest first); null when the tenant cannot see it. */
export async function deliveriesOf(client: Client, endpointId: string): Promise<DeliveryNode[] | null> {
  const connection = await gql(
    client,
    `query ($id: ID!) {
      webhookDeliveries(endpointId: $id, first: 100) {
        edges { node { id webhookId eventType status payload nextAttemptAt attempts { attemptedAt httpStatus durationMs error } } }
      }
    }`,
    { id: endpointId },
  );
  return connection && connection.edges.map((edge: { node: DeliveryNode }) => edge.node);
}

/** The endpoint's record; null when the tenant cannot see it. */
export async function endpointOf(client: Client, id: string): Promise<any> {
  return gql(client, `query ($id: ID!) { webhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`, { id });
}

/** Runs a GraphQL operation with a single root field and returns that field's value (GraphQL errors throw). */
export async function gql(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const reply = await client.graphql(query, variables);
  if (reply.body.errors || !reply.body.data) throw new Error(`GraphQL failed: ${reply.text}`);
  return Object.values(reply.body.data)[0];
}

/** Deletes an endpoint (test clean-up: its pending deliveries then fail without being sent). */
export async function deleteEndpoint(client: Client, id: string): Promise<void> {
  await gql(client, 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { __typename } }', { id });
}

// ---------------------------------------------------------------------------
// A gateway on a database of its own.

/**
 * `startGateway`, but on PostgreSQL in a fresh database of its own, dropped
 * by `stop()`. Every gateway on one database shares its pg-boss queues, so a
 * test gateway on the shared TEST_DATABASE_URL would have its webhook jobs
 * taken by the other test files' gateways, which run on other clocks and
 * other secret keys. PGlite is in memory, private already.
 */
export async function startWebhookGateway(engine: Engine, options: Parameters<typeof startGateway>[1] = {}): Promise<Gateway> {
  if (engine !== 'postgres') return startGateway(engine, options);
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  let gateway: Gateway;
  try {
    gateway = await startGateway(engine, { ...options, databaseUrl: database.url });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    ...gateway,
    async stop() {
      try {
        await gateway.stop();
      } finally {
        await database.drop();
      }
    },
  };
}

/** Creates an empty database on the server of `baseUrl`; `drop()` removes it, closing what is still connected. */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `passerelle_webhooks_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = () => postgres(baseUrl, { max: 1, onnotice: () => {} });
  const sql = admin();
  try {
    await sql.unsafe(`create database ${name}`);
  } finally {
    await sql.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const sql = admin();
      try {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
