/**
 * The subscriber process of the fan-out scenario (forked by `fanout.ts`, one
 * run per process) and its protocol with the orchestrator: opens one
 * graphql-ws connection per subscriber to the gateway, each with one
 * `submissionEvents` subscription for the bench tenant, makes sure every
 * subscription is live (`subscriber-pool.ts`), then records lifecycle
 * statuses one at a time through `POST /pa/v1/lifecycle-events` and times,
 * for each subscriber, how long after the POST was sent it received the
 * event (`fanout-rounds.ts`). The POST is sent from this process, so the send
 * time and every receipt time are read on one clock (`performance.now()`).
 */
import { aggregateLatencies, clockTicks, measureRounds, round1, ROUND_CODES, rssMiB, warmUp, WARMUP_STATUSES } from './fanout-rounds.ts';
import { connectAll, createPool, disconnectAll, proveLive, sleep } from './subscriber-pool.ts';

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

/** The subscriber process's result for one job; latencies in ms, 0.1 ms resolution. */
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

/** The one IPC message the subscriber process sends back before it exits. */
export type FanoutReply = { ok: true; measurement: FanoutMeasurement } | { ok: false; error: string };

/** Runs one fan-out measurement for `job`: connect, prove live, warm up, measure, disconnect. */
export async function runFanout(job: FanoutJob): Promise<FanoutMeasurement> {
  if (job.rounds > ROUND_CODES.length) throw new Error(`at most ${ROUND_CODES.length} fan-out rounds (one lifecycle code each)`);
  const ticks = clockTicks();
  const pool = createPool(job);
  const rssBefore = rssMiB(job.gatewayPid);

  const { connectSeconds, connectedCount } = await connectAll(pool, job);
  const { probes, readySeconds, live } = await proveLive(pool, job);
  const rssLive = rssMiB(job.gatewayPid);

  await warmUp(pool, job, live);
  const { measured, allLatencies } = await measureRounds(pool, job, live, ticks);
  const rssAfterRounds = rssMiB(job.gatewayPid);

  await disconnectAll(pool);
  await sleep(1000);
  const rssAfterClose = rssMiB(job.gatewayPid);

  return {
    subscribers: pool.n,
    connections: pool.clients.length,
    connected: connectedCount,
    live,
    connectSeconds: round1(connectSeconds),
    readySeconds: round1(readySeconds),
    probes,
    warmupStatuses: WARMUP_STATUSES,
    rounds: measured,
    received: Math.min(...measured.map((round) => round.received)),
    latencyMs: aggregateLatencies(allLatencies),
    errors: pool.errors,
    errorSamples: pool.errorSamples,
    otherEvents: pool.otherEvents,
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
