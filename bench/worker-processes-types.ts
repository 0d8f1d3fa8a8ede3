/**
 * The `worker-processes` scenario's outcome (`worker-processes.ts`): what results.json holds under
 * `workerProcesses`. Rates in documents per second, CPU in cores (CPU seconds per wall second), memory in MiB.
 */
export const WORKER_PROCESSES = 'worker-processes';

/** Per document of a run, from the database: how often it was validated, sent, taken by the PA. */
export interface Duplicates {
  documents: number;
  /** Exactly one `processing_state_changed` → validated event. */
  validatedOnce: number;
  /** More than one such event: validated twice (must be 0). */
  validatedTwice: number;
  /** Exactly one → sent event. */
  sentOnce: number;
  sentTwice: number;
  /** Exactly one flow in the sandbox PA with the submission's id as trackingId. */
  oneFlow: number;
  /** More than one: sent twice to the PA (must be 0). */
  severalFlows: number;
  /** `pipeline_attempts` above 1: claimed again after a lease ran out or a failure (not a duplicate in itself). */
  claimedAgain: number;
  /** `platform_flows.attempts` above 1: a createFlow retried (the PA's flows say whether it took two). */
  createFlowAgain: number;
}

/** One `passerelle worker` process over a run, from /proc (its JVM, a child process, included). */
export interface WorkerUsage {
  pid: number;
  /** CPU seconds per wall second between the run's first and last validation. */
  cores?: number;
  /** VmHWM of the worker process (its JVM apart), MiB. */
  peakRssMiB?: number;
}

/** One run: a backlog submitted through the API instance, then drained by `workers` worker processes. */
export interface WorkersRun {
  workers: number;
  backlog: number;
  /** Seconds the API instance took to accept the backlog (8 POSTs at a time), no worker running. */
  submitSeconds: number;
  /** Seconds from the workers' spawn to the first validation (Node start, JVM start, stylesheets compiled). */
  firstValidationAfterSeconds?: number;
  /** Validated documents ÷ seconds from the first validation to the last. */
  validatedPerSecond?: number;
  /** Those seconds. */
  seconds?: number;
  /** Seconds from the workers' spawn until none was left `received`, and until none was left `validated` (all sent). */
  allValidatedAfterSeconds?: number;
  allSentAfterSeconds?: number;
  /** Documents per processing state at the end. */
  states: Record<string, number>;
  duplicates?: Duplicates;
  usage: WorkerUsage[];
  /** The API instance's cores over the same span (it only answers the harness's polls then). */
  apiCores?: number;
}

export interface WorkerProcessesOutcome {
  name: typeof WORKER_PROCESSES;
  /** Where the data lived (no credentials); empty when the scenario could not run. */
  database: string;
  /** The environment of every instance (API and workers), apart from DATABASE_URL and DATA_DIR. */
  env: Record<string, string>;
  runs: WorkersRun[];
  /** Two worker processes' validated/s ÷ one's, when both ran. */
  scaling?: number;
  problems: string[];
  notes: string[];
  loadAverage: number;
}
