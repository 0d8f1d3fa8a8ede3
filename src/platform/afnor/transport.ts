/**
 * One HTTP exchange with a PA, bounded in time, its failures classified
 * (FlowFailure in types.ts). Nothing here logs, and error texts are built from
 * statuses and network error codes only, never from request headers or bodies.
 */
import type { FlowFailure } from './types.ts';

/** Network error codes meaning the connection never carried the request (safe to send again). */
const BEFORE_SEND = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNABORTED',
]);

/** An answer read in full within the time limit. */
export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * Sends one request and reads its whole answer within `timeoutMs`.
 * `sideEffect`: true for a request that may change the PA's state (createFlow), whose lost answer is an unknown outcome;
 * for reads, any transport failure is retryable.
 */
export async function exchange(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  sideEffect: boolean,
  maxBytes: number = MAX_ANSWER_BYTES,
): Promise<Answer | FlowFailure> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal, redirect: 'manual' });
    const body = await readCapped(response, maxBytes);
    if (body === undefined) {
      controller.abort();
      const error = `an answer over ${maxBytes} bytes (HTTP ${response.status})`;
      return sideEffect ? { ok: false, kind: 'unknown-outcome', error } : { ok: false, kind: 'retryable', error, tooLarge: true };
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    const code = networkCode(error);
    const what = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : `network failure${code ? ` (${code})` : ''}`;
    if (sideEffect && !(code && BEFORE_SEND.has(code) && !controller.signal.aborted)) {
      return { ok: false, kind: 'unknown-outcome', error: `${what} after the request was sent` };
    }
    return { ok: false, kind: 'retryable', error: what };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The largest answer read from a PA by default (and for one flow's document or metadata): a CDAR status message or
 * a Flow JSON is a few kilobytes, an Error a few hundred bytes; a PA (or something in between) that streams more is
 * cut off as soon as it passes the cap (the rest is never read) rather than held in memory. Per operation:
 * `ANSWER_CAPS`.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Caps by operation, in bytes (docs/pa-connection.md, "What the gateway tolerates from a PA"): the token endpoint's
 * JSON and getHealth 64 KiB; createFlow's answer, getFlow (Metadata or a document) 1 MiB; a searchFlow page 64 KiB
 * plus 16 KiB per flow asked (`limit`), so 1.6 MiB for the largest page (100).
 */
export const ANSWER_CAPS = {
  token: 64 * 1024,
  health: 64 * 1024,
  flow: MAX_ANSWER_BYTES,
  search: (limit: number): number => 64 * 1024 + Math.max(1, Math.min(limit, 100)) * 16 * 1024,
} as const;

/** The whole body, or undefined as soon as it exceeds `maxBytes` (the rest is not read). */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return undefined;
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
}

/** The errno-style code of a fetch failure (undici puts it on `cause`). */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The JSON of an answer body, or undefined. */
export function json(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Classifies a non-2xx answer: 408, 429 and 5xx retryable, other statuses definitive with the Error schema's fields. */
export function failureOf(answer: Answer): FlowFailure {
  if (answer.status === 408 || answer.status === 429 || answer.status >= 500) {
    const wait = retryAfterMs(answer.headers.get('retry-after'));
    return {
      ok: false,
      kind: 'retryable',
      status: answer.status,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
      error: `HTTP ${answer.status}`,
    };
  }
  const body = json(answer.body) as
    | { errorCode?: unknown; errorMessage?: unknown; error?: unknown; error_description?: unknown }
    | undefined;
  // The Flow Service's Error schema, or RFC 6749 §5.2's error answer from a token endpoint.
  const errorCode = body?.errorCode ?? body?.error;
  const errorMessage = body?.errorMessage ?? body?.error_description;
  return {
    ok: false,
    kind: 'definitive',
    status: answer.status,
    ...(typeof errorCode === 'string' ? { errorCode } : {}),
    ...(typeof errorMessage === 'string' ? { errorMessage } : {}),
  };
}
