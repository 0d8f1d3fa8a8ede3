/**
 * OAuth2 client credentials for the PA (RFC 6749 §4.4): the client id and
 * secret go in HTTP Basic (§2.3.1, each form-urlencoded first, the method the
 * RFC recommends) or in the form body for a PA that wants them there. The
 * access token is cached until 30 s before its `expires_in`; concurrent
 * callers share one token request. A token outside RFC 6750's characters is
 * refused as the endpoint's failure.
 */
import { ANSWER_CAPS, exchange, failureOf, json } from './transport.ts';
import type { FlowFailure } from './types.ts';

/** Seconds before expiry at which a cached token is no longer used. */
export const TOKEN_EARLY_REFRESH_SECONDS = 30;

/** Token source of one client. */
export interface TokenSource {
  /** A live access token, or why none could be had (the flow request has not been sent: never unknown-outcome). */
  get(): Promise<{ ok: true; token: string } | FlowFailure>;
  /** Drops `token` from the cache if it is still the cached one (after a 401). */
  invalidate(token: string): void;
  /**
   * Every form of our credentials a PA could echo (redact.ts): the client secret as given and form-encoded, the
   * Basic credentials (with and without the scheme), the current and the previous access tokens.
   */
  credentials(): string[];
}

/** RFC 6750 §2.1 b64token: the only characters an access token may have to travel in `Authorization: Bearer`. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Longest access token accepted (characters): a JWT with many claims is a few kilobytes. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

/** Access tokens remembered for redaction after they stopped being used. */
const REMEMBERED_TOKENS = 4;

/** Whether `token` can be sent as a bearer token (RFC 6750 §2.1 characters, at most MAX_TOKEN_LENGTH). */
export function isBearerToken(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH && B64TOKEN.test(token);
}

/** Credentials and transport for the token endpoint. */
export interface TokenOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `basic`: HTTP Basic (RFC 6749 §2.3.1, recommended); `body`: client_id and client_secret in the form. */
  tokenAuth: 'basic' | 'body';
  fetch: typeof fetch;
  timeoutMs: number;
  /** Clock for the token cache, in epoch milliseconds. */
  now: () => number;
}

/**
 * The PA's OAuth2 client in a client's settings (PA_TOKEN_URL, PA_CLIENT_ID, PA_CLIENT_SECRET, PA_TOKEN_AUTH), the
 * transport optional (default: the global fetch, the client's own time limit, Date.now): the Flow Service and
 * Directory Service clients' settings extend it.
 */
export type TokenSettings = Omit<TokenOptions, 'fetch' | 'timeoutMs' | 'now'> & Partial<Pick<TokenOptions, 'fetch' | 'timeoutMs' | 'now'>>;

/** application/x-www-form-urlencoded encoding of one value (RFC 6749 Appendix B). */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/** Creates the token source. */
export function createTokenSource(options: TokenOptions): TokenSource {
  let cached: { token: string; validUntil: number } | undefined;
  let pending: Promise<{ ok: true; token: string } | FlowFailure> | undefined;
  const recent: string[] = [];
  const basic = Buffer.from(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`, 'utf8').toString('base64');

  async function request(): Promise<{ ok: true; token: string } | FlowFailure> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (options.tokenAuth === 'basic') {
      headers['authorization'] = `Basic ${basic}`;
    } else {
      form.set('client_id', options.clientId);
      form.set('client_secret', options.clientSecret);
    }
    const started = options.now();
    // Getting a token changes nothing at the PA: a lost answer is retryable.
    const answer = await exchange(
      options.fetch,
      options.tokenUrl,
      { method: 'POST', headers, body: form.toString() },
      options.timeoutMs,
      false,
      ANSWER_CAPS.token,
    );
    if ('ok' in answer) return answer;
    if (answer.status < 200 || answer.status >= 300) {
      const failure = failureOf(answer);
      return failure.kind === 'definitive'
        ? { ...failure, errorMessage: failure.errorMessage ?? 'token request refused', authentication: true }
        : failure;
    }
    const body = json(answer.body) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof body?.access_token !== 'string' || body.access_token === '') {
      return { ok: false, kind: 'retryable', status: answer.status, error: 'token endpoint answered without an access_token' };
    }
    // A token that cannot travel in a header (CR/LF, spaces, anything outside RFC 6750's b64token) is the token
    // endpoint's failure: never cached, never sent, never logged (the error names no part of it).
    if (!isBearerToken(body.access_token)) {
      return {
        ok: false,
        kind: 'retryable',
        status: answer.status,
        error: 'token endpoint answered an access_token that is not an RFC 6750 b64token',
      };
    }
    recent.unshift(body.access_token);
    recent.splice(REMEMBERED_TOKENS);
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 0);
    cached = { token: body.access_token, validUntil: started + (expiresIn - TOKEN_EARLY_REFRESH_SECONDS) * 1000 };
    return { ok: true, token: body.access_token };
  }

  return {
    async get() {
      if (cached && options.now() < cached.validUntil) return { ok: true, token: cached.token };
      if (!pending) pending = request().finally(() => (pending = undefined));
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
    credentials: () => [options.clientSecret, formEncode(options.clientSecret), basic, `Basic ${basic}`, ...recent],
  };
}
