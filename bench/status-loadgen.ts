/**
 * The load generator process of the status ingestion scenario
 * (`status-ingestion.ts`), forked once per run: autocannon for the warm-up,
 * then the measurement, like `loadgen.ts` (both run `loadgen-worker.ts`),
 * for two kinds of job: a `requests.ts` job (the floor's and the gateway's
 * REST POST of an invoice), and a stream of lifecycle statuses to
 * `POST /pa/v1/lifecycle-events`. One process drives both, so the members of
 * the ratio meet the same generator.
 */
import type autocannon from 'autocannon';
import { type JobReply, type JobRequest, serveJobs } from './loadgen-worker.ts';
import { type LoadJob, type RequestPlan, requestPlan, singleRequestPlan } from './requests.ts';

/** Statuses for existing submissions, each with its own event id, round robin over `ids`. */
export interface StatusJob extends Omit<LoadJob, 'kind'> {
  kind: 'pa-lifecycle-event';
}

export type IngestionJob = LoadJob | StatusJob;
export type IngestionRequest = JobRequest<IngestionJob>;
export type IngestionReply = JobReply;

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
  const setupRequest: autocannon.RequestSpec['setupRequest'] = (request) => {
    const i = n++;
    const submission = job.ids[i % job.ids.length];
    const code = CODES[Math.floor(i / job.ids.length) % CODES.length];
    const occurredAt = new Date(START + i * 1000).toISOString();
    request.body = `{"submission_id":"${submission}","code":${code},"occurred_at":"${occurredAt}","event_id":"${job.prefix}-${i}"}`;
    return request;
  };
  return singleRequestPlan(job, 'POST', { path: '/pa/v1/lifecycle-events', setupRequest }, (reply) => reply.includes('"duplicate":false'));
}

// The orchestrator imports this module for its types only (erased): this runs in the forked process alone.
serveJobs<IngestionJob>((job) => (job.kind === 'pa-lifecycle-event' ? statusPlan(job) : requestPlan(job)));
