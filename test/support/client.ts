/**
 * A small HTTP client for the gateway's REST and GraphQL endpoints. Every
 * reply to a documented `/v1` operation is checked against the OpenAPI
 * document as it arrives, so any test that talks REST also tests the document.
 */
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import { assertConformsToOpenApi, type HttpMethod } from './openapi.ts';

/** Documented operations: a matcher for the concrete path, the template, the methods. */
const OPERATIONS = Object.entries(openApiDocument.paths as Record<string, Record<string, unknown>>).map(([template, item]) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  methods: new Set(Object.keys(item)),
}));

function checkAgainstOpenApi(method: string, path: string, reply: Reply): void {
  const bare = path.split('?', 1)[0]!;
  const lower = method.toLowerCase() as HttpMethod;
  const operation = OPERATIONS.find((op) => op.pattern.test(bare) && op.methods.has(lower));
  if (operation) assertConformsToOpenApi(reply, lower, operation.template);
}

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** The body as text, exactly as received. */
  text: string;
}

export interface SendOptions {
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** A raw body, sent as is instead of JSON-encoding `body`. */
  raw?: string | Uint8Array;
}

export class Client {
  constructor(
    readonly url: string,
    readonly authorization?: string,
  ) {}

  async request(method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.authorization) headers['authorization'] = this.authorization;
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    let payload: string | Uint8Array | undefined = options.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const send = () => fetch(this.url + path, { method, headers, body: payload as BodyInit | undefined });
    // A pooled keep-alive connection the server closed as the request left (the event loop blocked past the server's
    // keep-alive timeout, as an in-thread PGlite insert of 10,000 rows does): a GET is safe to send again, once.
    const response = await send().catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (method === 'GET' && (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')) return send();
      throw error;
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    const reply = { status: response.status, headers: response.headers, body: parsed, text };
    checkAgainstOpenApi(method, path, reply);
    return reply;
  }

  get(path: string, options?: SendOptions): Promise<Reply> {
    return this.request('GET', path, undefined, options);
  }

  post(path: string, body: unknown, options?: SendOptions): Promise<Reply> {
    return this.request('POST', path, body, options);
  }

  /** POST /graphql; returns the HTTP reply whose body is `{ data, errors }`. */
  graphql(query: string, variables?: Record<string, unknown>): Promise<Reply<{ data?: any; errors?: any[] }>> {
    return this.request('POST', '/graphql', { query, variables });
  }
}
