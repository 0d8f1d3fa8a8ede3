/**
 * The fan-out's subscribers as connections (used by `subscribers.ts`): opens
 * one graphql-ws connection per subscriber, each with one `submissionEvents`
 * subscription for the bench tenant, proves every subscription live, records
 * lifecycle statuses through `POST /pa/v1/lifecycle-events`, and disconnects.
 * Receipts of measured statuses are handed to `pool.onStatus` (`fanout-rounds.ts`).
 *
 * graphql-ws does not acknowledge a subscription, so "live" is proven by a
 * probe: a status (code 200) is recorded, and once every subscriber has
 * received it, every subscription is registered in the gateway; probes are
 * then discarded.
 */
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { FanoutJob } from './fanout-types.ts';

export const SUBSCRIPTION = 'subscription { submissionEvents { id type lifecycleStatus { code } } }';
/** The probes' lifecycle code; measured statuses use others, so a late probe can never pass for one. */
export const PROBE_CODE = 200;
/** Handshakes in flight at once: all 1,000 at the same instant would measure the accept queue, not the gateway. */
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 30_000;
const PROBE_WAIT_MS = 2_000;
const READY_TIMEOUT_MS = 60_000;
const MAX_ERROR_SAMPLES = 5;

interface SubmissionEventPayload {
  data?: { submissionEvents?: { id: string; type: string; lifecycleStatus: { code: number } | null } } | null;
  errors?: unknown[];
}

/**
 * A status other than a probe reached subscriber `i` (0 … n−1) as event `eventId`;
 * `at` is its receipt time (`performance.now()`, ms). False: no measured status has that code.
 */
export type StatusReceipt = (i: number, code: number, eventId: string, at: number) => boolean;

/** The subscribers of one run and what they have seen so far; arrays are indexed by subscriber (0 … n−1). */
export interface SubscriberPool {
  n: number;
  /** One graphql-ws client per subscriber opened so far. */
  clients: Client[];
  /** 1 once the gateway acknowledged the subscriber's connection (`connection_ack`). */
  connected: Uint8Array;
  /** 1 once the subscriber received a probe status (cleared before each warm-up status). */
  probed: Uint8Array;
  /** Probe receipts of every subscriber together, duplicates included. */
  probeReceipts: number;
  /** Events neither probe nor measured status. */
  otherEvents: number;
  /** Connections refused or dropped, subscription errors, GraphQL errors, duplicates. */
  errors: number;
  /** The first `MAX_ERROR_SAMPLES` of those errors. */
  errorSamples: string[];
  /** Set while disconnecting: the closes that follow are not failures. */
  closing: boolean;
  /** Routes measured statuses; until the rounds install theirs, every such event counts as other. */
  onStatus: StatusReceipt;
  /** Counts one error, keeping its text if there are few samples yet. */
  fail(what: string): void;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `done()` turns true (checked every 5 ms) or after `timeoutMs`; true if it did. */
export async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() >= deadline) return false;
    await sleep(5);
  }
  return true;
}

/** An empty pool for `job.subscribers` subscribers; nothing is opened yet. */
export function createPool(job: FanoutJob): SubscriberPool {
  const n = job.subscribers;
  const pool: SubscriberPool = {
    n,
    clients: [],
    connected: new Uint8Array(n),
    probed: new Uint8Array(n),
    probeReceipts: 0,
    otherEvents: 0,
    errors: 0,
    errorSamples: [],
    closing: false,
    onStatus: () => false,
    fail: (what) => {
      pool.errors++;
      if (pool.errorSamples.length < MAX_ERROR_SAMPLES) pool.errorSamples.push(what);
    },
  };
  return pool;
}

/** Opens every subscriber, `CONNECT_CONCURRENCY` handshakes at a time; throws if none connected. */
export async function connectAll(pool: SubscriberPool, job: FanoutJob): Promise<{ connectSeconds: number; connectedCount: number }> {
  const wsUrl = `${job.baseUrl.replace(/^http/, 'ws')}/graphql`;
  /** A subscriber's connection or subscription failed: counted once per subscriber (a refused socket also errors its subscription). */
  const broken = new Uint8Array(pool.n);
  const breaks = (i: number, what: string) => {
    if (broken[i] || pool.closing) return;
    broken[i] = 1;
    pool.fail(`subscriber ${i}: ${what}`);
  };

  const onEvent = (i: number, payload: SubmissionEventPayload) => {
    const now = performance.now();
    if (payload.errors) pool.fail(`subscriber ${i}: ${JSON.stringify(payload.errors).slice(0, 300)}`);
    const event = payload.data?.submissionEvents;
    if (event?.type !== 'LIFECYCLE_STATUS_ADDED' || !event.lifecycleStatus) return void pool.otherEvents++;
    const code = event.lifecycleStatus.code;
    if (code === PROBE_CODE) {
      pool.probed[i] = 1;
      pool.probeReceipts++;
      return;
    }
    if (!pool.onStatus(i, code, event.id, now)) pool.otherEvents++;
  };

  /** Opens subscriber `i`; resolves once the gateway acknowledged its connection (or refused it). */
  const open = (i: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        breaks(i, `no connection_ack within ${CONNECT_TIMEOUT_MS / 1000} s`);
        settle();
      }, CONNECT_TIMEOUT_MS);
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${job.token}` },
        lazy: true,
        retryAttempts: 0,
        on: {
          connected: () => {
            pool.connected[i] = 1;
            settle();
          },
          closed: (event) => {
            const { code, reason } = event as { code?: number; reason?: string };
            breaks(i, `socket closed (${code} ${reason ?? ''})`);
            settle();
          },
        },
      });
      pool.clients[i] = client;
      client.subscribe<NonNullable<SubmissionEventPayload['data']>>(
        { query: SUBSCRIPTION },
        {
          next: (payload) => onEvent(i, payload as SubmissionEventPayload),
          error: (error) => breaks(i, `subscription error ${error instanceof Error ? error.message : JSON.stringify(error).slice(0, 300)}`),
          complete: () => breaks(i, 'subscription completed by the gateway'),
        },
      );
    });

  const connectStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, pool.n) }, async () => {
      while (next < pool.n) await open(next++);
    }),
  );
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const connectedCount = pool.connected.reduce((sum, x) => sum + x, 0);
  if (connectedCount === 0) throw new Error(`no subscriber connected: ${pool.errorSamples.join('; ')}`);
  return { connectSeconds, connectedCount };
}

/**
 * Records one status (`code`, `eventId`) for `job.submissionId`; `sentAt` (`performance.now()`, ms) is
 * read just before the request goes out (the body is ready by then), `recordMs` is the POST's round trip.
 */
export async function recordStatus(job: FanoutJob, code: number, eventId: string): Promise<{ sentAt: number; recordMs: number }> {
  const body = JSON.stringify({ submission_id: job.submissionId, code, occurred_at: new Date().toISOString(), event_id: eventId });
  const headers = { authorization: `Bearer ${job.platformToken}`, 'content-type': 'application/json' };
  const sentAt = performance.now();
  const reply = await fetch(`${job.baseUrl}/pa/v1/lifecycle-events`, { method: 'POST', headers, body });
  const text = await reply.text();
  const recordMs = performance.now() - sentAt;
  if (reply.status !== 201)
    throw new Error(`POST /pa/v1/lifecycle-events (code ${code}): expected 201, got ${reply.status}: ${text.slice(0, 500)}`);
  return { sentAt, recordMs };
}

/**
 * Probes until every connected subscriber has received one probe status (at most `READY_TIMEOUT_MS`):
 * `probes` recorded, `readySeconds` it took, `live` subscribers that received one.
 */
export async function proveLive(pool: SubscriberPool, job: FanoutJob): Promise<{ probes: number; readySeconds: number; live: number }> {
  const readyStart = performance.now();
  let probes = 0;
  const allProbed = () => {
    for (let i = 0; i < pool.n; i++) if (pool.connected[i] && !pool.probed[i]) return false;
    return true;
  };
  while (!allProbed() && performance.now() - readyStart < READY_TIMEOUT_MS) {
    await recordStatus(job, PROBE_CODE, `${job.eventIdPrefix}-probe-${++probes}`);
    await until(allProbed, PROBE_WAIT_MS);
  }
  // Let the last probe's stragglers arrive: no probe receipt for 300 ms (at most 5 s).
  for (let quietFor = 0, seen = pool.probeReceipts, waited = 0; quietFor < 300 && waited < 5000; waited += 50) {
    await sleep(50);
    quietFor = pool.probeReceipts === seen ? quietFor + 50 : 0;
    seen = pool.probeReceipts;
  }
  const readySeconds = (performance.now() - readyStart) / 1000;
  const live = pool.probed.reduce((sum, x) => sum + x, 0);
  return { probes, readySeconds, live };
}

/** Closes every connection cleanly (1000 Normal Closure), so the gateway's unsubscribe path runs too. */
export async function disconnectAll(pool: SubscriberPool): Promise<void> {
  pool.closing = true;
  await Promise.all(pool.clients.map((client) => client?.dispose()));
}
