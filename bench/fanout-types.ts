/**
 * The fan-out scenario's shapes: the job the orchestrator (`fanout.ts`) gives
 * the subscriber process (`subscribers.ts`), and what it measures. Apart from
 * both so the round and pool modules need not import the process module back.
 */

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
