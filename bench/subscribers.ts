/**
 * The subscriber process of the fan-out scenario (forked by `fanout.ts`, one
 * run per process): opens one graphql-ws connection per subscriber to the
 * gateway, each with one `submissionEvents` subscription for the bench
 * tenant, makes sure every subscription is live, then records lifecycle
 * statuses one at a time through `POST /pa/v1/lifecycle-events` and times,
 * for each subscriber, how long after the POST was sent it received the
 * event. The POST is sent from this process, so the send time and every
 * receipt time are read on one clock (`performance.now()`).
 *
 * graphql-ws does not acknowledge a subscription, so "live" is proven by a
 * probe: a status (code 200) is recorded, and once every subscriber has
 * received it, every subscription is registered in the gateway; probes are
 * then discarded. Two more statuses of that code warm the path up, unmeasured
 * (`WARMUP_STATUSES`). Each measured status has its own code (201, 202, …),
 * so a late probe can never pass for a measured event.
 *
 * The receipt time is taken in the `next` callback, i.e. after this
 * process's event loop got to that socket: with hundreds of sockets receiving
 * at once, it includes this process's own queueing. `eventLoopUtilization`
 * per round says how busy this process was.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** What the orchestrator asks for. */
export interface FanoutJob {
  /** The gateway, `http://host:port`. */
  baseUrl: string;
  /** Tenant token: the subscribers'. */
  token: string;
  /** Platform credential: records the statuses. */
  platformToken: string;
  /** A submission of the tenant; its statuses are the events. */
  submissionId: string;
  subscribers: number;
  /** Statuses recorded and measured, one after the other (at most `ROUND_CODES.length`). */
  rounds: number;
  /** Unique to the run; prefixes each status's `event_id`. */
  eventIdPrefix: string;
  /** The gateway's process, for its CPU time and RSS (Linux /proc; skipped elsewhere). */
  gatewayPid: number;
}

/** One measured status. */
export interface FanoutRound {
  code: number;
  /** Subscribers that received it within `ROUND_TIMEOUT_MS`. */
  received: number;
  /** From just before the POST was sent to each subscriber's receipt. */
  latencyMs: { min: number; p50: number; p90: number; p99: number; max: number };
  /** The POST's own round trip (the gateway publishes on commit, before it replies). */
  recordMs: number;
  /** The event ids subscribers got for this status: exactly one expected. */
  eventIds: string[];
  /** Receipts of this status by a subscriber that already had it. */
  duplicates: number;
  /** CPU time of this (subscriber) process during the round. */
  subscriberCpuMs: number;
  /** Share of the round this process's event loop was busy (near 1: the subscribers themselves were a bottleneck). */
  subscriberEventLoopUtilization: number;
  /** CPU time of the gateway process during the round (10 ms resolution); undefined without /proc. */
  gatewayCpuMs?: number;
}

export interface FanoutMeasurement {
  subscribers: number;
  /** WebSocket connections opened: one per subscriber. */
  connections: number;
  /** Connections acknowledged by the gateway (`connection_ack`). */
  connected: number;
  /** Subscribers proven live by a probe before the measurement. */
  live: number;
  connectSeconds: number;
  /** Time the probes took to reach every live subscriber. */
  readySeconds: number;
  probes: number;
  /** Unmeasured statuses fanned out after the probes. */
  warmupStatuses: number;
  rounds: FanoutRound[];
  /** The fewest subscribers that received one of the measured statuses. */
  received: number;
  /** Every (subscriber, status) receipt of every round together. */
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Connections refused or dropped, subscription errors, GraphQL errors, duplicates. */
  errors: number;
  /** A few of those errors, for diagnosis. */
  errorSamples: string[];
  /** Events neither probe nor measured status (none expected: the gateway runs without platform). */
  otherEvents: number;
  /** Gateway VmRSS (MiB) before connecting, with every subscriber live, after the rounds, and 1 s after disconnecting. */
  gatewayRssMiB?: { beforeConnect: number; live: number; afterRounds: number; afterClose: number };
}

export type FanoutReply = { ok: true; measurement: FanoutMeasurement } | { ok: false; error: string };

export const SUBSCRIPTION = 'subscription { submissionEvents { id type lifecycleStatus { code } } }';
const PROBE_CODE = 200;
/** Non-final codes (no AFTER_FINAL_STATUS afterwards, no state change), one per measured round. */
export const ROUND_CODES = [201, 202, 203, 204, 205, 206, 207, 208, 209, 211] as const;
/** Handshakes in flight at once: all 1,000 at the same instant would measure the accept queue, not the gateway. */
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 30_000;
const PROBE_WAIT_MS = 2_000;
const READY_TIMEOUT_MS = 60_000;
const ROUND_TIMEOUT_MS = 10_000;
/** Pause after each round, so one round's tail (GC, socket writes) is not billed to the next. */
const ROUND_GAP_MS = 500;
const MAX_ERROR_SAMPLES = 5;
/** Unmeasured statuses fanned out to every subscriber before the measured ones. */
export const WARMUP_STATUSES = 2;

interface SubmissionEventPayload {
  data?: { submissionEvents?: { id: string; type: string; lifecycleStatus: { code: number } | null } } | null;
  errors?: unknown[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentile of sorted `values`. */
function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** utime + stime of `pid` in ms, from /proc/<pid>/stat; undefined where there is none. */
function processCpuMs(pid: number, ticks: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return undefined;
  }
}

function rssMiB(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves when `done()` turns true (checked every 5 ms) or after `timeoutMs`; true if it did. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() >= deadline) return false;
    await sleep(5);
  }
  return true;
}

/** State of one measured status while it fans out. */
interface RoundState {
  code: number;
  /** Receipt time per subscriber (NaN: not yet). */
  at: Float64Array;
  count: number;
  eventIds: Set<string>;
  duplicates: number;
  /** Set once the round is measured: later receipts are ignored (counted as missing). */
  closed: boolean;
}

export async function runFanout(job: FanoutJob): Promise<FanoutMeasurement> {
  if (job.rounds > ROUND_CODES.length) throw new Error(`at most ${ROUND_CODES.length} fan-out rounds (one lifecycle code each)`);
  const n = job.subscribers;
  const wsUrl = `${job.baseUrl.replace(/^http/, 'ws')}/graphql`;
  const ticks = clockTicks();
  const errorSamples: string[] = [];
  let errors = 0;
  const fail = (what: string) => {
    errors++;
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(what);
  };
  /** A subscriber's connection or subscription failed: counted once per subscriber (a refused socket also errors its subscription). */
  const broken = new Uint8Array(n);
  const breaks = (i: number, what: string) => {
    if (broken[i] || closing) return;
    broken[i] = 1;
    fail(`subscriber ${i}: ${what}`);
  };

  const clients: Client[] = [];
  const connected = new Uint8Array(n);
  const probed = new Uint8Array(n);
  let probeReceipts = 0;
  let otherEvents = 0;
  let closing = false;
  const rounds: RoundState[] = [];
  const roundOfCode = new Map<number, RoundState>();

  const onEvent = (i: number, payload: SubmissionEventPayload) => {
    const now = performance.now();
    if (payload.errors) fail(`subscriber ${i}: ${JSON.stringify(payload.errors).slice(0, 300)}`);
    const event = payload.data?.submissionEvents;
    if (!event || event.type !== 'LIFECYCLE_STATUS_ADDED' || !event.lifecycleStatus) return void otherEvents++;
    const code = event.lifecycleStatus.code;
    if (code === PROBE_CODE) {
      probed[i] = 1;
      probeReceipts++;
      return;
    }
    const round = roundOfCode.get(code);
    if (!round) return void otherEvents++;
    if (round.closed) return;
    if (!Number.isNaN(round.at[i]!)) {
      round.duplicates++;
      return void fail(`subscriber ${i} received status ${code} twice`);
    }
    round.at[i] = now;
    round.count++;
    round.eventIds.add(event.id);
  };

  /** Opens subscriber `i`; resolves once the gateway acknowledged its connection (or refused it). */
  const open = (i: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const settle = () => {
        if (!settled) (settled = true), clearTimeout(timer), resolve();
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
            connected[i] = 1;
            settle();
          },
          closed: (event) => {
            const { code, reason } = event as { code?: number; reason?: string };
            breaks(i, `socket closed (${code} ${reason ?? ''})`);
            settle();
          },
        },
      });
      clients[i] = client;
      client.subscribe<NonNullable<SubmissionEventPayload['data']>>(
        { query: SUBSCRIPTION },
        {
          next: (payload) => onEvent(i, payload as SubmissionEventPayload),
          error: (error) => breaks(i, `subscription error ${error instanceof Error ? error.message : JSON.stringify(error).slice(0, 300)}`),
          complete: () => breaks(i, 'subscription completed by the gateway'),
        },
      );
    });

  /** Records one status; `sentAt` is read just before the request goes out (the body is ready by then). */
  const record = async (code: number, eventId: string): Promise<{ sentAt: number; recordMs: number }> => {
    const body = JSON.stringify({ submission_id: job.submissionId, code, occurred_at: new Date().toISOString(), event_id: eventId });
    const headers = { authorization: `Bearer ${job.platformToken}`, 'content-type': 'application/json' };
    const sentAt = performance.now();
    const reply = await fetch(`${job.baseUrl}/pa/v1/lifecycle-events`, { method: 'POST', headers, body });
    const text = await reply.text();
    const recordMs = performance.now() - sentAt;
    if (reply.status !== 201) throw new Error(`POST /pa/v1/lifecycle-events (code ${code}): expected 201, got ${reply.status}: ${text.slice(0, 500)}`);
    return { sentAt, recordMs };
  };

  const rssBefore = rssMiB(job.gatewayPid);

  // 1. Connect, CONNECT_CONCURRENCY handshakes at a time.
  const connectStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, n) }, async () => {
      while (next < n) await open(next++);
    }),
  );
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const connectedCount = connected.reduce((sum, x) => sum + x, 0);
  if (connectedCount === 0) throw new Error(`no subscriber connected: ${errorSamples.join('; ')}`);

  // 2. Probe until every connected subscriber has received one probe status.
  const readyStart = performance.now();
  let probes = 0;
  const allProbed = () => {
    for (let i = 0; i < n; i++) if (connected[i] && !probed[i]) return false;
    return true;
  };
  while (!allProbed() && performance.now() - readyStart < READY_TIMEOUT_MS) {
    await record(PROBE_CODE, `${job.eventIdPrefix}-probe-${++probes}`);
    await until(allProbed, PROBE_WAIT_MS);
  }
  // Let the last probe's stragglers arrive: no probe receipt for 300 ms (at most 5 s).
  for (let quietFor = 0, seen = probeReceipts, waited = 0; quietFor < 300 && waited < 5000; waited += 50) {
    await sleep(50);
    quietFor = probeReceipts === seen ? quietFor + 50 : 0;
    seen = probeReceipts;
  }
  const readySeconds = (performance.now() - readyStart) / 1000;
  const live = probed.reduce((sum, x) => sum + x, 0);
  const rssLive = rssMiB(job.gatewayPid);

  // Warm-up, like the HTTP scenarios': statuses fanned out to everyone, unmeasured, so the first
  // measured one does not pay for the gateway's (and this process's) first compilation of the path.
  for (let w = 1; w <= WARMUP_STATUSES; w++) {
    probed.fill(0);
    await record(PROBE_CODE, `${job.eventIdPrefix}-warmup-${w}`);
    await until(() => probed.reduce((sum, x) => sum + x, 0) >= live, ROUND_TIMEOUT_MS);
    await sleep(ROUND_GAP_MS);
  }

  // 3. The measured statuses, one after the other.
  const measured: FanoutRound[] = [];
  const allLatencies: number[] = [];
  for (let r = 0; r < job.rounds; r++) {
    const code = ROUND_CODES[r]!;
    const round: RoundState = { code, at: new Float64Array(n).fill(NaN), count: 0, eventIds: new Set(), duplicates: 0, closed: false };
    rounds.push(round);
    roundOfCode.set(code, round);
    const cpu = process.cpuUsage();
    const elu = performance.eventLoopUtilization();
    const gatewayCpu = processCpuMs(job.gatewayPid, ticks);
    const { sentAt, recordMs } = await record(code, `${job.eventIdPrefix}-round-${r + 1}`);
    await until(() => round.count >= live, ROUND_TIMEOUT_MS);
    round.closed = true;
    const gatewayCpuAfter = processCpuMs(job.gatewayPid, ticks);
    const cpuUsed = process.cpuUsage(cpu);
    const latencies: number[] = [];
    for (const at of round.at) if (!Number.isNaN(at)) latencies.push(at - sentAt);
    latencies.sort((a, b) => a - b);
    allLatencies.push(...latencies);
    measured.push({
      code,
      received: round.count,
      latencyMs: {
        min: round1(latencies[0] ?? NaN),
        p50: round1(percentile(latencies, 50)),
        p90: round1(percentile(latencies, 90)),
        p99: round1(percentile(latencies, 99)),
        max: round1(latencies[latencies.length - 1] ?? NaN),
      },
      recordMs: round1(recordMs),
      eventIds: [...round.eventIds],
      duplicates: round.duplicates,
      subscriberCpuMs: round1((cpuUsed.user + cpuUsed.system) / 1000),
      subscriberEventLoopUtilization: Math.round(performance.eventLoopUtilization(elu).utilization * 100) / 100,
      gatewayCpuMs: gatewayCpu !== undefined && gatewayCpuAfter !== undefined ? gatewayCpuAfter - gatewayCpu : undefined,
    });
    if (round.eventIds.size > 1) fail(`status ${code} reached subscribers as ${round.eventIds.size} different events: ${[...round.eventIds].join(', ')}`);
    await sleep(ROUND_GAP_MS);
  }
  const rssAfterRounds = rssMiB(job.gatewayPid);

  // 4. Close every connection cleanly (1000 Normal Closure), so the gateway's unsubscribe path runs too.
  closing = true;
  await Promise.all(clients.map((client) => client?.dispose()));
  await sleep(1000);
  const rssAfterClose = rssMiB(job.gatewayPid);

  allLatencies.sort((a, b) => a - b);
  return {
    subscribers: n,
    connections: clients.length,
    connected: connectedCount,
    live,
    connectSeconds: round1(connectSeconds),
    readySeconds: round1(readySeconds),
    probes,
    warmupStatuses: WARMUP_STATUSES,
    rounds: measured,
    received: Math.min(...measured.map((round) => round.received)),
    latencyMs: {
      p50: round1(percentile(allLatencies, 50)),
      p90: round1(percentile(allLatencies, 90)),
      p99: round1(percentile(allLatencies, 99)),
      max: round1(allLatencies[allLatencies.length - 1] ?? NaN),
    },
    errors,
    errorSamples,
    otherEvents,
    gatewayRssMiB:
      rssBefore !== undefined && rssLive !== undefined && rssAfterRounds !== undefined && rssAfterClose !== undefined
        ? { beforeConnect: rssBefore, live: rssLive, afterRounds: rssAfterRounds, afterClose: rssAfterClose }
        : undefined,
  };
}

// Forked by fanout.ts: one job, one reply, then exit (closing whatever is still open).
if (process.send) {
  process.once('message', (job: FanoutJob) => {
    runFanout(job).then(
      (measurement) => process.send!({ ok: true, measurement } satisfies FanoutReply, undefined, undefined, () => process.exit(0)),
      (error: unknown) =>
        process.send!({ ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies FanoutReply, undefined, undefined, () => process.exit(0)),
    );
  });
  // The orchestrator going away (Ctrl-C, crash) ends the subscribers at once.
  process.on('disconnect', () => process.exit(0));
}
