/**
 * The load generator process (forked by `load.ts`): receives `LoadJob`s over
 * IPC, runs autocannon for the warm-up and then for the measurement, and
 * sends back the measurement. Kept apart from the servers so generating load
 * never competes with serving it inside one event loop.
 */
import autocannon from 'autocannon';
import { requestPlan, type HttpMeasurement, type LoadJob } from './requests.ts';

/** IPC request from the orchestrator. */
export interface LoadRequest {
  seq: number;
  job: LoadJob;
}

/** IPC reply to the orchestrator. */
export type LoadReply = { seq: number; ok: true; measurement: HttpMeasurement } | { seq: number; ok: false; error: string };

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
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    total2xx: result['2xx'],
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: result.latency.average,
    },
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
async function measure(job: LoadJob): Promise<HttpMeasurement> {
  const plan = requestPlan(job);
  const base: autocannon.Options = { ...plan, connections: job.connections, timeout: 10 };
  if (job.warmupSeconds > 0) await run({ ...base, duration: job.warmupSeconds });
  return toMeasurement(await run({ ...base, duration: job.durationSeconds }));
}

process.on('message', (message: LoadRequest) => {
  measure(message.job).then(
    (measurement) => process.send!({ seq: message.seq, ok: true, measurement } satisfies LoadReply),
    (error: unknown) =>
      process.send!({
        seq: message.seq,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies LoadReply),
  );
});

// The orchestrator going away (Ctrl-C, crash) ends the load at once.
process.on('disconnect', () => {
  current?.stop();
  process.exit(0);
});
