/**
 * One HTTP delivery attempt. The host is resolved and checked again right
 * before connecting, and the connection goes to that checked address (a DNS
 * answer that changed since registration cannot redirect it inside the
 * network). Success is any 2xx within 10 seconds; the cut is armed on the
 * clock so tests drive it.
 */
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Clock } from '../lib/clock.ts';
import { resolvePublicAddresses, type LookupFn, type UrlPolicy } from './url-policy.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
const DNS_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What happened: `status` when the receiver answered; `error` otherwise (timeout, refused, policy). */
export interface AttemptOutcome {
  ok: boolean;
  status?: number;
  error?: string;
  durationMs: number;
}

export interface SendOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  clock: Clock;
  policy: UrlPolicy;
  lookup?: LookupFn;
  timeoutMs?: number;
}

/** POSTs `body` to `url`; never throws. */
export async function sendWebhook(options: SendOptions): Promise<AttemptOutcome> {
  const started = options.clock.now().getTime();
  const elapsed = () => options.clock.now().getTime() - started;
  const url = new URL(options.url);
  // getaddrinfo can hang and hold a libuv thread: bound the lookup too.
  const resolved = await withTimeout(
    resolvePublicAddresses(url.hostname.replace(/^\[|\]$/g, ''), options.policy, options.lookup),
    DNS_TIMEOUT_MS,
    { ok: false as const, reason: `DNS lookup of ${url.hostname} took over ${DNS_TIMEOUT_MS / 1000} s` },
  );
  if (!resolved.ok) return { ok: false, error: `refused: ${resolved.reason}`, durationMs: elapsed() };
  const target = resolved.addresses[0]!;
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };

  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let cancelTimer = () => {};
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: pinned,
        agent: false,
      },
      (response: IncomingMessage) => {
        // The body is not needed; drain it so the socket can close.
        response.resume();
        response.on('end', () => finish({ ok: response.statusCode! >= 200 && response.statusCode! < 300, status: response.statusCode }));
        response.on('error', (error) => finish({ ok: false, status: response.statusCode, error: error.message }));
      },
    );
    const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    cancelTimer = options.clock.setTimeout(() => {
      finish({ ok: false, error: `timeout: no complete answer within ${timeoutMs / 1000} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ ok: false, error: error.message }));
    request.end(options.body);
  });
}
