/**
 * What the `pipeline` scenario (issue 17) reports, per engine: the official
 * run (202 → validated with the official artefacts at an offered load), the
 * native run (a backlog drained with `VALIDATION=native`), and the time split
 * of one document's steps. Times in ms, rates in documents per second, memory
 * in MiB. Written to `results.json` under `pipeline`.
 */
import type { Engine } from './scenarios.ts';

/** Percentiles of a set of durations, in ms (nearest rank, 0.01 ms); all 0 when `count` is 0. */
export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** The gateway process of one run, read from /proc (all threads: the validation workers are threads of it). */
export interface GatewayUsage {
  /** VmRSS sampled every 200 ms while the run lasted: at its start, highest, mean. */
  rssMiB: { atStart: number; peak: number; mean: number; samples: number };
  /** VmHWM when the run ended: the highest RSS since the process started (its warm-up included). */
  peakRssMiB: number | undefined;
  /** CPU time (user + system) over wall time: cores kept busy. */
  cores: number | undefined;
  /** CPU time per document processed, ms (202 path included in the official run). */
  cpuMsPerDocument: number | undefined;
}

/** How the documents of one run went through the pipeline, from the database's timestamps. */
export interface Processed {
  documents: number;
  validated: number;
  rejected: number;
  /** Still `received` when the wait ended (a timeout, or retries after failures). */
  unprocessed: number;
  /** Seconds the rate is taken over (see each run). */
  seconds: number;
  /** Documents validated per second over `seconds`. */
  validatedPerSecond: number;
  /** From a document's 202 (its `created_at`) to its `processing_state_changed` event. */
  lagMs: Summary;
}

/** `VALIDATION=official`: documents offered at a fixed rate, the 202 path and the pipeline sharing the gateway. */
export interface OfficialRun {
  validationWorkers: number;
  /** The gateway's VmRSS once idle after its start, before any document: its validation workers loaded. */
  rssAfterStartMiB: number | undefined;
  /** Documents validated before the measurement (the workers' first, JIT-cold validations). */
  warmupDocuments: number;
  offered: { ratePerSecond: number; documents: number; seconds: number };
  /** The 202 path at that load, timed by the harness from request to reply. */
  accepted: { latencyMs: Summary; statusCodes: Record<string, number>; errors: number; errorSamples: string[] };
  /** `seconds`: from the first measured 202 to the last document processed. */
  processed: Processed & {
    /** Documents accepted but not processed when the last one was accepted. */
    backlogAtEndOfLoad: number;
    /** Seconds from the last 202 to the last document processed. */
    drainSeconds: number;
  };
  gateway: GatewayUsage;
  /** A few rejections (rule: message), if any document was rejected. */
  rejectionSamples: string[];
}

/** `VALIDATION=native`: a backlog submitted before the seller profile exists, then drained. */
export interface NativeRun {
  backlog: { documents: number; submitSeconds: number };
  /** `seconds`: from the profile's save to the last document processed. */
  processed: Processed;
  gateway: GatewayUsage;
}

/** One step's time per document. */
export interface StepTime {
  p50: number;
  mean: number;
}

/**
 * The time of each step for one document, in the harness process, one
 * document at a time: the gateway's own functions on the benchmark's body
 * (map and write), one validation worker (`createValidator`'s `timingsMs`).
 */
export interface TimeSplit {
  lines: number;
  /** Documents timed through parse, derive, map and write. */
  mapped: number;
  /** Documents timed through the validator. */
  validated: number;
  steps: {
    parse: StepTime;
    derive: StepTime;
    map: StepTime;
    ubl: StepTime;
    cii: StepTime;
    xsd: StepTime;
    en16931: StepTime;
    brfr: StepTime;
    /** The `validate()` call as the caller sees it: the three layers plus the message to and from the worker. */
    validateCall: StepTime;
  };
  /** Fatal findings over the validated documents (0 expected: the benchmark's document is valid). */
  fatal: number;
  /** UBL and CII sizes of the document, bytes. */
  bytes: { ubl: number; cii: number };
}

/** The pipeline scenario on one engine. */
export interface PipelineOutcome {
  name: 'pipeline';
  engine: Engine;
  /** Where its gateways kept their data (no credentials). */
  database: string;
  /** `dist` (the compiled build, as `npm start`) or `tsx` (sources newer than the build: run through tsx). */
  gatewayBuild: 'dist' | 'tsx';
  official?: OfficialRun;
  native?: NativeRun;
  split?: TimeSplit;
  /** Parts that broke (the harness, not a slow pipeline): any makes the run exit 1. */
  problems: string[];
  notes: string[];
  /** 1-minute load average when the scenario ended. */
  loadAverage: number;
}
