/**
 * The OpenAPI document's `servers`: one absolute URL, so a client generated from it works in Node without a
 * `baseUrl`. `PUBLIC_URL` when the operator set it (behind a proxy that rewrites the host); else the request's own
 * origin (`Host`, and `X-Forwarded-Proto` when it says http or https). Called by the facade for
 * `GET /v1/openapi.json`.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** `[{ url }]` for the reply to `req`; `publicUrl` (an absolute http(s) URL, no trailing slash needed) wins. */
export function serversFor(req: IncomingMessage, publicUrl: string | undefined): Array<{ url: string }> {
  if (publicUrl) return [{ url: publicUrl.replace(/\/+$/, '') }];
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',', 1)[0]!
    .trim()
    .toLowerCase();
  const scheme = forwarded === 'http' || forwarded === 'https' ? forwarded : (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const host = req.headers.host;
  // A host that is not a plain host[:port] (no header, or a hostile one) gets the relative form.
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return [{ url: '/' }];
  return [{ url: `${scheme}://${host}` }];
}
