/**
 * The sandbox's OAuth2 authorization server (client credentials grant only)
 * and the bearer check on the Flow Service endpoints.
 *
 * RFC 6749 §4.4 (client credentials), §2.3.1 (client authentication: HTTP
 * Basic, or client_id/client_secret in the form body), §5.1 (token answer),
 * §5.2 (error answer); RFC 6750 §3 (WWW-Authenticate on the resource server).
 * Tokens are opaque random strings kept in memory with their expiry.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, readBody, sendError, sendJson } from './http.ts';
import { createThrottle } from './throttle.ts';

/** Token issuing and checking for one sandbox instance. */
export interface SandboxAuth {
  /** Handles `POST /oauth/token`. */
  token(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** True when the request carries a live bearer token; otherwise answers 401 and returns false. */
  authorize(req: IncomingMessage, res: ServerResponse): boolean;
  /** Forgets every issued token (tests use it to exercise a client's refresh on 401). */
  revokeAll(): void;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares secrets in constant time (hashes first, so lengths never leak). */
function same(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** Decodes `Authorization: Basic` per RFC 6749 §2.3.1 (form-urlencoded id and secret). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** Creates the token endpoint and bearer check for one client id/secret pair. */
export function createSandboxAuth(options: {
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
  now: () => Date;
}): SandboxAuth {
  const tokens = new Map<string, number>();
  // Failed authentications per client address (throttle.ts): 429 before any credential is checked.
  const throttle = createThrottle();
  const addressOf = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';
  function throttled(req: IncomingMessage, res: ServerResponse): boolean {
    const wait = throttle.blocked(addressOf(req));
    if (wait === undefined) return false;
    sendError(res, 429, 'TOO_MANY_REQUESTS', 'too many failed authentications from this address', { 'retry-after': String(wait) });
    return true;
  }

  function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (status === 401) headers['www-authenticate'] = 'Basic realm="sandbox-pa"';
    sendJson(res, status, { error, error_description: description }, headers);
  }

  return {
    async token(req, res) {
      if (throttled(req, res)) return;
      let form: URLSearchParams;
      try {
        form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
      } catch (error) {
        if (error instanceof BodyTooLarge) return oauthError(res, 400, 'invalid_request', 'body too large');
        throw error;
      }
      if (form.get('grant_type') !== 'client_credentials') {
        return oauthError(res, 400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
      }
      const basic = basicCredentials(req.headers.authorization);
      const bodyId = form.get('client_id');
      const bodySecret = form.get('client_secret');
      // §2.3.1: a client must not use more than one authentication method in a request.
      if (basic && (bodyId !== null || bodySecret !== null)) {
        return oauthError(res, 400, 'invalid_request', 'client authenticated by more than one method');
      }
      const id = basic?.id ?? bodyId;
      const secret = basic?.secret ?? bodySecret;
      if (id === null || secret === null || !same(id, options.clientId) || !same(secret, options.clientSecret)) {
        throttle.failed(addressOf(req));
        return oauthError(res, 401, 'invalid_client', 'client authentication failed');
      }
      const accessToken = randomBytes(32).toString('base64url');
      tokens.set(accessToken, options.now().getTime() + options.tokenTtlSeconds * 1000);
      sendJson(
        res,
        200,
        { access_token: accessToken, token_type: 'Bearer', expires_in: options.tokenTtlSeconds },
        { 'cache-control': 'no-store', pragma: 'no-cache' },
      );
    },

    authorize(req, res) {
      if (throttled(req, res)) return false;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      if (!match) {
        throttle.failed(addressOf(req));
        sendError(res, 401, 'MISSING_TOKEN', 'a bearer token is required', { 'www-authenticate': 'Bearer realm="sandbox-pa"' });
        return false;
      }
      const expiresAt = tokens.get(match[1]!);
      if (expiresAt === undefined || expiresAt <= options.now().getTime()) {
        if (expiresAt !== undefined) tokens.delete(match[1]!);
        throttle.failed(addressOf(req));
        sendError(res, 401, 'INVALID_TOKEN', 'the bearer token is unknown or expired', {
          'www-authenticate': 'Bearer realm="sandbox-pa", error="invalid_token"',
        });
        return false;
      }
      return true;
    },

    revokeAll() {
      tokens.clear();
    },
  };
}
