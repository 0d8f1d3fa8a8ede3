/**
 * Subscription clients over the real transports: graphql-ws over WebSocket
 * (`createClient` from graphql-ws on `ws`) and GraphQL over Server-Sent
 * Events (a `fetch` POST with `Accept: text/event-stream`, parsed here). Both
 * collect the `next` payloads of one subscription and let a test wait for them.
 *
 * Neither protocol acknowledges that a subscription is listening, so a test
 * that must not miss an event first proves the subscription live with
 * `untilLive` (a probe event it then recognises and leaves out).
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface GraphQLErrorJson {
  message: string;
  extensions?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One `next` payload: an execution result. */
export interface Payload<T = any> {
  data?: T | null;
  errors?: GraphQLErrorJson[];
}

/** The `next` payloads of one subscription, as they arrive. */
export class Collector<T = any> {
  readonly payloads: Payload<T>[] = [];
  /** True once the subscription completed or failed (`error`). */
  ended = false;
  error: unknown;
  private readonly waiters = new Set<() => void>();

  push(payload: Payload<T>): void {
    this.payloads.push(payload);
    for (const waiter of [...this.waiters]) waiter();
  }

  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.error = error;
    for (const waiter of [...this.waiters]) waiter();
  }

  /** The first `n` payloads, once they arrived; rejects on timeout or if the subscription ends first. */
  waitFor(n: number, timeoutMs = 5000): Promise<Payload<T>[]> {
    return this.until(() => (this.payloads.length >= n ? this.payloads.slice(0, n) : undefined), `${n} payloads`, timeoutMs);
  }

  /** The first payload matching `predicate`, already arrived or to come. */
  waitUntil(predicate: (payload: Payload<T>) => boolean, timeoutMs = 5000): Promise<Payload<T>> {
    return this.until(() => this.payloads.find(predicate), 'a matching payload', timeoutMs);
  }

  /** Resolves once the subscription has completed or failed. */
  waitForEnd(timeoutMs = 5000): Promise<void> {
    return this.until(() => (this.ended ? true : undefined), 'the end', timeoutMs, false).then(() => undefined);
  }

  private until<R>(check: () => R | undefined, what: string, timeoutMs: number, failOnEnd = true): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const timeout = () => settle(() => reject(this.failure(`timed out after ${timeoutMs} ms waiting for ${what}`)));
      const timer = setTimeout(timeout, timeoutMs);
      const settle = (done: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(attempt);
        done();
      };
      const attempt = () => {
        const found = check();
        if (found !== undefined) settle(() => resolve(found));
        else if (failOnEnd && this.ended)
          settle(() => reject(this.failure(`subscription ended (${endReason(this.error)}) before ${what}`)));
      };
      this.waiters.add(attempt);
      attempt();
    });
  }

  private failure(message: string): Error {
    return new Error(`${message}; received ${JSON.stringify(this.payloads)}`);
  }
}

function endReason(error: unknown): string {
  if (error === undefined) return 'completed';
  const close = error as { code?: unknown; reason?: unknown };
  if (typeof close.code === 'number') return `closed ${close.code} ${String(close.reason ?? '')}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Calls `probe` (which makes an event the subscription should see) until a
 * payload matching `isProbe` arrives: from then on the subscription listens.
 */
export async function untilLive<T>(
  subscription: Collector<T>,
  probe: () => Promise<unknown>,
  isProbe: (payload: Payload<T>) => boolean,
  { attempts = 40, waitMs = 250 } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await probe();
    try {
      await subscription.waitUntil(isProbe, waitMs);
      return;
    } catch (error) {
      if (attempt >= attempts || subscription.ended) throw error;
    }
  }
}

/** Proves a `submissionEvents` subscription live with probe submissions (`submit` returns an id); returns their ids. */
export async function liveBySubmissions(subscription: Collector, submit: () => Promise<string>): Promise<Set<string>> {
  const probes = new Set<string>();
  await untilLive(
    subscription,
    async () => probes.add(await submit()),
    (payload) => probes.has(eventOf(payload)?.submission.id ?? ''),
  );
  return probes;
}

/** Proves a `submissionUpdated` subscription live with probe statuses (`record` records one with reason code PROBE). */
export const liveByStatuses = (subscription: Collector, record: () => Promise<unknown>) => untilLive(subscription, record, isProbeStatus);

/** What the tests select of a SubmissionEvent, and the two subscriptions. */
export const EVENT_FIELDS =
  'id type processingState lifecycleStatus { code label reason reasonCode } submission { id documentType processingState }';
export const SUBMISSION_UPDATED = `subscription ($id: ID!) { submissionUpdated(id: $id) { ${EVENT_FIELDS} } }`;
export const SUBMISSION_EVENTS = `subscription ($documentType: DocumentType) {
  submissionEvents(documentType: $documentType) { ${EVENT_FIELDS} }
}`;
/** Probe statuses (to prove a `submissionUpdated` live) carry this reason code. */
export const PROBE = 'PROBE';

export interface EventJson {
  id: string;
  type: string;
  processingState: string | null;
  lifecycleStatus: { code: number; label: string; reason: string | null; reasonCode: string | null } | null;
  submission: { id: string; documentType: string; processingState: string };
}

export const eventOf = (payload: Payload): EventJson | undefined => payload.data?.submissionUpdated ?? payload.data?.submissionEvents;
export const isProbeStatus = (payload: Payload) => eventOf(payload)?.lifecycleStatus?.reasonCode === PROBE;
/** `212 Encaissée` for a status, `RECEIVED RECEIVED` (type, state) for the others. */
export const summary = (event: EventJson) =>
  event.lifecycleStatus ? `${event.lifecycleStatus.code} ${event.lifecycleStatus.label}` : `${event.type} ${event.processingState}`;

/**
 * Events of submission `id` received so far, probe statuses left out; throws on an error payload.
 * When the subscription was proven live by probe statuses, only what came after the first probe counts:
 * an event committed just before the subscription opened can still arrive (its NOTIFY was under way, and
 * the hub cannot drop it by id, as ids commit out of order), and it arrives before the probe.
 */
export function eventsOf(subscription: Collector, id: string): EventJson[] {
  const failed = subscription.payloads.filter((payload) => payload.errors);
  if (failed.length > 0) throw new Error(`error payloads: ${JSON.stringify(failed)}`);
  const firstProbe = subscription.payloads.findIndex(isProbeStatus);
  const events = subscription.payloads.slice(firstProbe + 1).map(eventOf) as EventJson[];
  return events.filter((event) => event.submission.id === id && event.lifecycleStatus?.reasonCode !== PROBE);
}

export interface CloseInfo {
  code: number;
  reason: string;
}

export interface WsOptions {
  /** Sent as `connectionParams: { authorization: 'Bearer <token>' }`. */
  token?: string;
  /** Sent as is instead (overrides `token`). */
  connectionParams?: Record<string, unknown>;
  /** Headers of the HTTP upgrade request. */
  headers?: Record<string, string>;
  lazy?: boolean;
}

export interface WsConnection {
  client: Client;
  /** The first close of the WebSocket, with its code. */
  closed: Promise<CloseInfo>;
  subscribe<T = any>(query: string, variables?: Record<string, unknown>): Collector<T> & { unsubscribe(): void };
  close(): Promise<void>;
}

/** A graphql-ws client on `${baseUrl}/graphql` (ws://), without retries. */
export function wsConnect(baseUrl: string, options: WsOptions = {}): WsConnection {
  const headers = options.headers;
  const Impl = headers
    ? class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers });
        }
      }
    : WebSocket;
  let onClosed: (info: CloseInfo) => void = () => {};
  const closed = new Promise<CloseInfo>((resolve) => (onClosed = resolve));
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: Impl,
    connectionParams: options.connectionParams ?? (options.token ? { authorization: `Bearer ${options.token}` } : undefined),
    lazy: options.lazy ?? true,
    retryAttempts: 0,
    onNonLazyError: () => {}, // seen through `closed`
    on: { closed: (event) => onClosed({ code: (event as CloseInfo).code, reason: String((event as CloseInfo).reason) }) },
  });
  return {
    client,
    closed,
    subscribe<T>(query: string, variables?: Record<string, unknown>) {
      const collector = new Collector<T>();
      const unsubscribe = client.subscribe<T>(
        { query, variables },
        {
          next: (payload) => collector.push(payload as Payload<T>),
          error: (error) => collector.end(error ?? 'error'),
          complete: () => collector.end(),
        },
      );
      return Object.assign(collector, { unsubscribe });
    },
    close: () => Promise.resolve(client.dispose()),
  };
}

export interface SseSubscription<T> extends Collector<T> {
  /** The HTTP response (its body is consumed here only when it is an event stream). */
  response: Promise<Response>;
  close(): void;
}

/** One subscription over SSE: `POST ${baseUrl}/graphql` with `Accept: text/event-stream`. */
export function sseSubscribe<T = any>(
  baseUrl: string,
  query: string,
  variables?: Record<string, unknown>,
  authorization?: string,
): SseSubscription<T> {
  const abort = new AbortController();
  const collector = new Collector<T>();
  const headers: Record<string, string> = { accept: 'text/event-stream', 'content-type': 'application/json' };
  if (authorization) headers['authorization'] = authorization;
  const body = JSON.stringify({ query, variables });
  const response = fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body, signal: abort.signal });
  void (async () => {
    const reply = await response;
    if (!reply.headers.get('content-type')?.startsWith('text/event-stream') || !reply.body) {
      return collector.end(new Error(`HTTP ${reply.status}, not an event stream`));
    }
    let buffer = '';
    const reader = reply.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += read.value.replace(/\r\n/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).replace(/^ /, ''));
        const [event = 'message'] = field('event');
        if (event === 'next') collector.push(JSON.parse(field('data').join('\n')) as Payload<T>);
        if (event === 'complete') return collector.end();
      }
    }
    collector.end(new Error('event stream ended without complete'));
  })().catch((error: unknown) => collector.end(error));
  return Object.assign(collector, { response, close: () => abort.abort() });
}
