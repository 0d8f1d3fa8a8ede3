/**
 * The load generator process (forked by `load.ts`): receives `LoadJob`s over
 * IPC, runs autocannon for the warm-up and then for the measurement, and
 * sends back the measurement (`loadgen-worker.ts`). Kept apart from the
 * servers so generating load never competes with serving it inside one
 * event loop.
 */
import { type JobReply, type JobRequest, serveJobs } from './loadgen-worker.ts';
import { type LoadJob, requestPlan } from './requests.ts';

/** IPC request from the orchestrator. */
export type LoadRequest = JobRequest<LoadJob>;

/** IPC reply to the orchestrator. */
export type LoadReply = JobReply;

serveJobs(requestPlan);
