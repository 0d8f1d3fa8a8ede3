/**
 * Operators' probes, without credentials: `GET /health` (liveness: the
 * process serves HTTP; 200 whatever the database does) and `GET /ready`
 * (readiness: the database answers within 2 s and every migration of this
 * version is applied; else 503 with Retry-After, so a load balancer sends
 * traffic elsewhere meanwhile). Both answer HEAD too; other methods 405.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from '../db/availability.ts';
import type { Database } from '../db/client.ts';

const PROBES = new Set(['/health', '/ready']);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, type = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Answers `req` when it is a probe (true); false leaves it to the other routes. */
export function handleProbe(req: IncomingMessage, res: ServerResponse, database: Pick<Database, 'readiness'>): boolean {
  const path = (req.url ?? '/').split('?', 1)[0]!;
  if (!PROBES.has(path)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(
      res,
      405,
      { type: 'urn:einvoicing:problem:method-not-allowed', title: 'Method not allowed', status: 405 },
      { Allow: 'GET, HEAD' },
      'application/problem+json',
    );
    return true;
  }
  if (path === '/health') {
    send(res, 200, { status: 'ok' });
    return true;
  }
  void database.readiness().then((readiness) => {
    if (readiness.ok) return send(res, 200, { status: 'ready' });
    send(
      res,
      503,
      {
        type: 'urn:einvoicing:problem:service-unavailable',
        title: 'Service unavailable',
        status: 503,
        detail: `Not ready: ${readiness.reason}`,
      },
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      'application/problem+json',
    );
  });
  return true;
}
