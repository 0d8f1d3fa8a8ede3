/**
 * The load generator process of the status ingestion scenario
 * (`status-ingestion.ts`), forked once per run: autocannon for the warm-up,
 * then the measurement, like `loadgen.ts`, for two kinds of job: a
 * `requests.ts` job (the floor's and the gateway's REST POST of an invoice),
 * and a stream of lifecycle statuses to `POST /pa/v1/lifecycle-events`. One
 * process drives both, so the members of the ratio meet the same generator.
 */
import autocannon from 'autocannon';
import { type HttpMeasurement, type LoadJob, type RequestPlan, requestPlan } from './requests.ts';

/** Statuses for existing submissions, each with its own event id, round robin over `ids`. */
export interface StatusJob extends Omit<LoadJob, 'kind'> {
  kind: 'pa-lifecycle-event';
}

export type IngestionJob = LoadJob | StatusJob;
export type IngestionRequest = { seq: number; job: IngestionJob };
export type IngestionReply = { seq: number; ok: true; measurement: HttpMeasurement } | { seq: number; ok: false; error: string };

/** Codes that are not final (210, 212 and 213 are, and would flag every later status): 214 adds TO_BE_VERIFIED, as it should. */
const CODES = [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 211, 214];
const START = Date.parse('2026-11-24T08:00:00Z');

/**
 * The plan of a status job. Request `n` goes to submission `n mod ids`, so
 * concurrent statuses name different submissions (as a PA's traffic does),
 * with a time one second after the previous one and event id `<prefix>-<n>`.
 * A 201 whose body says `"duplicate":false` is a success.
 */
export function statusPlan(job: StatusJob): RequestPlan {
  if (job.ids.length === 0) throw new Error('a status job needs submission ids');
  let n = 0;
  return {
    url: job.baseUrl,
    method: 'POST',
    headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/pa/v1/lifecycle-events',
        setupRequest: (request) => {
          const i = n++;
          const submission = job.ids[i % job.ids.length];
          const code = CODES[Math.floor(i / job.ids.length) % CODES.length];
          const occurredAt = new Date(START + i * 1000).toISOString();
          request.body = `{"submission_id":"${submission}","code":${code},"occurred_at":"${occurredAt}","event_id":"${job.prefix}-${i}"}`;
          return request;
        },
      },
    ],
    verifyBody: (reply) => reply.includes('"duplicate":false'),
  };
}

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

async function measure(job: IngestionJob): Promise<HttpMeasurement> {
  const plan = job.kind === 'pa-lifecycle-event' ? statusPlan(job) : requestPlan(job);
  const base: autocannon.Options = { ...plan, connections: job.connections, timeout: 10 };
  if (job.warmupSeconds > 0) await run({ ...base, duration: job.warmupSeconds });
  return toMeasurement(await run({ ...base, duration: job.durationSeconds }));
}

// The orchestrator imports this module for its types only (erased): this runs in the forked process alone.
process.on('message', (message: IngestionRequest) => {
  measure(message.job).then(
    (measurement) => process.send!({ seq: message.seq, ok: true, measurement } satisfies IngestionReply),
    (error: unknown) =>
      process.send!({
        seq: message.seq,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies IngestionReply),
  );
});

// The orchestrator going away (Ctrl-C, crash) ends the load at once.
process.on('disconnect', () => {
  current?.stop();
  process.exit(0);
});
