/**
 * Operators' probes, without credentials: `GET /health` (liveness: the
 * process serves HTTP; 200 whatever the database does) and `GET /ready`
 * (readiness: the database answers within 2 s and every migration of this
 * version is applied; else 503 with Retry-After, so a load balancer sends
 * traffic elsewhere meanwhile). Both answer HEAD too; other methods 405.
 * When the gateway validates with the official artefacts, `/ready`'s body also carries `validation`:
 * `cold`, `warming`, `warm` or `failed` (src/validation/warm-up.ts). It does not change the status: the
 * API takes submissions while the validator warms (a 202 means received; the documents wait in
 * `received` for the load, as they would without the warm-up), so a load balancer need not hold traffic
 * back; a client that wants the first document fast waits for `"validation":"warm"` (README).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from '../db/availability.ts';
import type { Database } from '../db/client.ts';
import type { WarmState } from '../validation/index.ts';

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

/**
 * Answers `req` when it is a probe (true); false leaves it to the other routes. `validation`: the validator's
 * warm-up state, absent when the gateway does not run the official artefacts.
 */
export function handleProbe(
  req: IncomingMessage,
  res: ServerResponse,
  database: Pick<Database, 'readiness'>,
  validation?: () => WarmState,
): boolean {
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
    if (readiness.ok) return send(res, 200, validation ? { status: 'ready', validation: validation() } : { status: 'ready' });
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
