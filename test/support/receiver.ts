/**
 * The webhook test receiver: a real HTTP receiver on 127.0.0.1 that answers
 * each request as scripted and verifies every one with the `standardwebhooks`
 * library.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

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
export function verifyAt(
  secret: string,
  body: string,
  headers: Record<string, string>,
  at: Date,
): { ok: true } | { ok: false; error: string } {
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

/**
 * A local webhook receiver on 127.0.0.1: records every request, verifies its
 * Standard Webhooks signature with the endpoint's secret, and answers by script
 * (`answer(...)`), then with `fallback` (200 unless set).
 */
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
