/**
 * What the load generator sends, per kind of request, and how it recognises a
 * successful reply. Shared by the orchestrator (which names a kind in a
 * `LoadJob`) and the load generator process (which builds the requests), so
 * a job crosses the process boundary as plain data.
 */
import type autocannon from 'autocannon';
import { graphqlInvoiceTemplate, identity, restInvoiceTemplate, SUBMISSION_WITH_STATUSES } from './invoices.ts';

export type RequestKind = 'rest-post-invoice' | 'graphql-submit-invoice' | 'rest-get-invoice' | 'rest-get-statuses' | 'graphql-submission';

/** One measurement to run in the load generator process (structured-clone safe). */
export interface LoadJob {
  kind: RequestKind;
  /** Server base URL, `http://127.0.0.1:PORT`. */
  baseUrl: string;
  /** Bearer token sent on every request. */
  token: string;
  /** Submission ids the GET kinds cycle over (the first one for single-id kinds). */
  ids: string[];
  /** Unique per run and scenario: generated documents are `<prefix>-<n>`. */
  prefix: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** The numbers of one measured scenario (warm-up excluded). */
export interface HttpMeasurement {
  /** Mean of the per-second request counts (autocannon's `requests.average`). */
  requestsPerSecond: number;
  totalRequests: number;
  total2xx: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  /** Replies with a status outside 2xx. */
  non2xx: number;
  /** Status code counts (`{ "202": 12345 }`). */
  statusCodes: Record<string, number>;
  /** Replies whose body is not the expected success (e.g. a GraphQL typed failure or error, which are 200s). */
  mismatches: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  durationSeconds: number;
  /**
   * Every reply's latency (ms), so that slices of one scenario can be merged
   * (`mergeMeasurements`); dropped before the results are written.
   */
  latenciesMs?: number[];
}

/** The value at quantile `q` (0..1) of ascending `sorted`, nearest rank, to 0.01 ms; 0 when empty. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return Math.round(value * 100) / 100;
}

/**
 * One measurement from slices of one scenario (interleaved rounds,
 * `interleave.ts`): counts added, throughput as all requests over all
 * measured seconds, latency percentiles over every reply of every slice.
 * The result carries no raw latencies.
 */
export function mergeMeasurements(slices: readonly HttpMeasurement[]): HttpMeasurement {
  const sum = (pick: (m: HttpMeasurement) => number) => slices.reduce((total, m) => total + pick(m), 0);
  const latencies = slices.flatMap((m) => m.latenciesMs ?? []).sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const m of slices) for (const [code, count] of Object.entries(m.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const durationSeconds = sum((m) => m.durationSeconds);
  const totalRequests = sum((m) => m.totalRequests);
  return {
    requestsPerSecond: durationSeconds > 0 ? Math.round((totalRequests / durationSeconds) * 100) / 100 : 0,
    totalRequests,
    total2xx: sum((m) => m.total2xx),
    latencyMs: {
      p50: quantile(latencies, 0.5),
      p90: quantile(latencies, 0.9),
      p99: quantile(latencies, 0.99),
      max: quantile(latencies, 1),
      average: latencies.length ? Math.round((latencies.reduce((a, b) => a + b, 0) / latencies.length) * 100) / 100 : 0,
    },
    non2xx: sum((m) => m.non2xx),
    statusCodes,
    mismatches: sum((m) => m.mismatches),
    errors: sum((m) => m.errors),
    timeouts: sum((m) => m.timeouts),
    durationSeconds,
  };
}

/** The autocannon options (minus duration and connections) for a job. */
export interface RequestPlan {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  requests: autocannon.RequestSpec[];
  verifyBody: (body: string) => boolean;
}

/**
 * The plan of one kind of request to `job`'s server with its bearer token
 * (and a JSON content type on a POST): `request` is the autocannon request
 * spec without its method.
 */
export function singleRequestPlan(
  job: Pick<LoadJob, 'baseUrl' | 'token'>,
  method: 'GET' | 'POST',
  request: Omit<autocannon.RequestSpec, 'method'>,
  verifyBody: (body: string) => boolean,
): RequestPlan {
  const authorization = `Bearer ${job.token}`;
  const headers: Record<string, string> = method === 'POST' ? { authorization, 'content-type': 'application/json' } : { authorization };
  return { url: job.baseUrl, method, headers, requests: [{ method, ...request }], verifyBody };
}

/**
 * Builds the plan for `job`. The plan holds a counter, so reusing one plan for
 * the warm-up and the measurement keeps every generated document distinct.
 */
export function requestPlan(job: LoadJob): RequestPlan {
  let n = 0;
  const first = job.ids[0] ?? '00000000-0000-0000-0000-000000000000';
  // String checks, not JSON.parse: the load generator shares the CPUs with the servers.
  const noErrors = (body: string) => !body.includes('"errors"');

  switch (job.kind) {
    case 'rest-post-invoice': {
      const body = restInvoiceTemplate();
      const setupRequest: autocannon.RequestSpec['setupRequest'] = (request) => {
        const doc = identity(job.prefix, n++);
        request.body = body(doc.id, doc.number);
        request.headers = { ...request.headers, 'idempotency-key': doc.key };
        return request;
      };
      return singleRequestPlan(
        job,
        'POST',
        { path: '/v1/invoices', setupRequest },
        (reply) => reply.includes('"submission_id"') && reply.includes('"received"'),
      );
    }
    case 'graphql-submit-invoice': {
      const body = graphqlInvoiceTemplate();
      const setupRequest: autocannon.RequestSpec['setupRequest'] = (request) => {
        const doc = identity(job.prefix, n++);
        request.body = body(doc.id, doc.number, doc.key);
        return request;
      };
      return singleRequestPlan(
        job,
        'POST',
        { path: '/graphql', setupRequest },
        (reply) => reply.includes('"__typename":"SubmissionAccepted"') && noErrors(reply),
      );
    }
    case 'rest-get-invoice': {
      const setupRequest: autocannon.RequestSpec['setupRequest'] = (request) => {
        request.path = `/v1/invoices/${job.ids[n++ % job.ids.length]}`;
        return request;
      };
      return singleRequestPlan(job, 'GET', { setupRequest }, (reply) => reply.includes('"submission_id"'));
    }
    case 'rest-get-statuses':
      return singleRequestPlan(
        job,
        'GET',
        { path: `/v1/invoices/${first}/statuses` },
        (reply) => reply.includes('"data"') && reply.includes('"code"'),
      );
    case 'graphql-submission':
      return singleRequestPlan(
        job,
        'POST',
        { path: '/graphql', body: JSON.stringify({ query: SUBMISSION_WITH_STATUSES, variables: { id: first } }) },
        (reply) => reply.includes('"statuses":[{') && noErrors(reply),
      );
  }
}
