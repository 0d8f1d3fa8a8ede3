// The console's link to the gateway: GraphQL over HTTP (POST /graphql) and
// subscriptions over graphql-ws (the same path), with the pasted token.
import { createClient } from 'graphql-ws';

/** A GraphQL error the page can show; `status` is the HTTP status (401: the token is refused). */
export class ApiError extends Error {
  constructor(message, status, errors = []) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/** `pas_…` or `Bearer pas_…` as pasted → the Authorization header value. */
export function authorizationOf(token) {
  const trimmed = token.trim();
  return /^bearer\s/i.test(trimmed) ? `Bearer ${trimmed.slice(7).trim()}` : `Bearer ${trimmed}`;
}

/**
 * The API of one token: `query(document, variables)` resolves to `data` (throws ApiError), and
 * `subscribe(document, variables, onData)` returns an unsubscribe function. `onConnection(live)`
 * hears when the WebSocket opens and closes (the "live" indicator).
 */
export function createApi(token, onConnection = () => {}) {
  const authorization = authorizationOf(token);
  let ws;
  function socket() {
    if (!ws) {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
      ws = createClient({
        url,
        connectionParams: { authorization },
        lazy: true,
        retryAttempts: Number.POSITIVE_INFINITY,
        shouldRetry: () => true,
        retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** retries, 10_000))),
        on: { connected: () => onConnection(true), closed: () => onConnection(false), error: () => onConnection(false) },
      });
    }
    return ws;
  }
  return {
    async query(document, variables = {}) {
      let response;
      try {
        response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ query: document, variables }),
        });
      } catch {
        throw new ApiError('network', 0);
      }
      const body = await response.json().catch(() => ({}));
      if (response.status === 401) throw new ApiError('unauthorized', 401, body.errors);
      if (body.errors?.length) throw new ApiError(body.errors.map((e) => e.message).join('; '), response.status, body.errors);
      if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
      return body.data;
    },
    subscribe(document, variables, onData) {
      return socket().subscribe(
        { query: document, variables },
        { next: (message) => message.data && onData(message.data), error: () => onConnection(false), complete: () => {} },
      );
    },
    close() {
      ws?.dispose();
      ws = undefined;
    },
  };
}
