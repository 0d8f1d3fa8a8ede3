/**
 * The body of a load generator process (`loadgen.ts`, `status-loadgen.ts`):
 * receives jobs over IPC, runs autocannon for the warm-up and then for the
 * measurement, and sends back the measurement. Each process names how a job
 * becomes a plan; the rest, here, is the same for all of them.
 */
import autocannon from 'autocannon';
import type { HttpMeasurement, RequestPlan } from './requests.ts';

/** What every job says about its load (the rest is the plan's business). */
export interface TimedJob {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** IPC request from the orchestrator. */
export interface JobRequest<J> {
  seq: number;
  job: J;
}

/** IPC reply to the orchestrator. */
export type JobReply = { seq: number; ok: true; measurement: HttpMeasurement } | { seq: number; ok: false; error: string };

/**
 * Every 2xx reply's latency in ms, as autocannon timed it and as it counts
 * them (only 2xx): its result keeps only percentiles, which cannot be merged.
 */
let latencies: number[] = [];

let current: autocannon.Instance | undefined;

function run(options: autocannon.Options): Promise<autocannon.Result> {
  latencies = [];
  const instance = autocannon(options);
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status < 300) latencies.push(responseTime);
  });
  current = instance;
  return Promise.resolve(instance).finally(() => (current = undefined));
}

function toMeasurement(result: autocannon.Result): HttpMeasurement {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  const { p50, p90, p99, max, average } = result.latency;
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    total2xx: result['2xx'],
    latencyMs: { p50, p90, p99, max, average },
    non2xx: result.non2xx,
    statusCodes,
    mismatches: result.mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
    latenciesMs: latencies,
  };
}

/** Warm-up (discarded), then the measurement, with one plan so documents stay unique across both. */
async function measure<J extends TimedJob>(job: J, planOf: (job: J) => RequestPlan): Promise<HttpMeasurement> {
  const base: autocannon.Options = { ...planOf(job), connections: job.connections, timeout: 10 };
  if (job.warmupSeconds > 0) await run({ ...base, duration: job.warmupSeconds });
  return toMeasurement(await run({ ...base, duration: job.durationSeconds }));
}

/**
 * Serves the orchestrator's jobs in this (forked) process, one plan per job
 * from `planOf`, until the orchestrator disconnects. Call once, at the top of
 * the process's module.
 */
export function serveJobs<J extends TimedJob>(planOf: (job: J) => RequestPlan): void {
  process.on('message', (message: JobRequest<J>) => {
    measure(message.job, planOf).then(
      (measurement) => process.send!({ seq: message.seq, ok: true, measurement } satisfies JobReply),
      (error: unknown) =>
        process.send!({
          seq: message.seq,
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies JobReply),
    );
  });

  // The orchestrator going away (Ctrl-C, crash) ends the load at once.
  process.on('disconnect', () => {
    current?.stop();
    process.exit(0);
  });
}
