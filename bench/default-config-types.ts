/**
 * The default-configuration scenario's outcome (`default-config.ts`): what
 * results.json holds under `defaultConfiguration`. Issue 18's target: the
 * default configuration (sandbox PA on, official validation on) under REST
 * POST load keeps ≥ 0.5× the floor with p99 ≤ 100 ms, and the pipeline then
 * catches up, every document `sent` with every scripted status recorded.
 */
import type { PhaseUsage } from './default-config-usage.ts';
import type { HttpMeasurement } from './requests.ts';

export const DEFAULT_CONFIGURATION = 'default-configuration';
/** The target: REST POST/s ≥ this × the floor's POST/s … */
export const DEFAULT_TARGET_RATIO = 0.5;
/** … with this p99 at most, in ms. */
export const DEFAULT_TARGET_P99_MS = 100;
/** The sandbox PA's accepted script (sandbox-pa/src/lifecycle.ts): 200 Déposée … 205 Approuvée. */
export const SCRIPTED_CODES = [200, 201, 202, 203, 204, 205] as const;

/** The run's documents at one instant, from the database. */
export interface DrainSample {
  /** Seconds since the drain's origin (the batch's first POST, or the end of the load). */
  t: number;
  received: number;
  validated: number;
  sent: number;
  rejected: number;
  /** Lifecycle statuses recorded for the run's documents. */
  statuses: number;
  /** Documents `sent` with each of the six scripted codes recorded. */
  complete: number;
}

/**
 * One drain: from its origin until every document is complete or rejected,
 * or until `capSeconds`. Rates in documents per second.
 */
export interface Drain {
  documents: number;
  capSeconds: number;
  /** Seconds measured (the cap when it was hit). */
  seconds: number;
  /** Every document complete or rejected within the cap. */
  finished: boolean;
  first: DrainSample;
  last: DrainSample;
  /** Seconds from the origin until no document was `received` or `validated` any more (all sent or rejected). */
  allSentSeconds?: number;
  /** Seconds from the origin until every document was complete or rejected: the drain time. */
  allDoneSeconds?: number;
  /**
   * Complete-or-rejected documents per second: over the whole drain when it finished, else over its
   * second half (past the start-up: a status trails its sending by the script's 6 steps and a poll).
   */
  doneRate: number;
  /** Sent-or-rejected documents per second, over the same span: the pipeline and sender's pace. */
  sentRate: number;
  /** Not finished: the whole backlog's time at `doneRate`, from the origin (an extrapolation, not a measurement). */
  extrapolatedSeconds?: number;
  /** Every 10th second's sample, and the last. */
  samples: DrainSample[];
  usage: PhaseUsage;
  /** Flows the status poller could not record during the drain (platform_inbound_problems). */
  inboundProblems: number;
  /** A few rejections, when any document was rejected. */
  rejectionSamples: string[];
}

/** The bounded batch: `documents` POSTed at once on an otherwise idle gateway, drained completely (or to the cap). */
export interface BatchDrain extends Drain {
  /** Seconds the POSTs took (all 202 by then). */
  submitSeconds: number;
}

export interface DefaultConfigurationOutcome {
  name: typeof DEFAULT_CONFIGURATION;
  /** Where the data lived (no credentials); empty when the scenario could not run. */
  database: string;
  /** The gateway's configuration as started (PLATFORM, VALIDATION, VALIDATION_WORKERS, the sandbox's step, the poll). */
  gatewayEnv: Record<string, string>;
  /** Seconds until the warm-up documents were complete (first validations load the artefacts). */
  warmupSeconds?: number;
  batch?: BatchDrain;
  /** The floor's POST, the gateway idle (no backlog), interleaved with `idlePost`. */
  floorPost?: HttpMeasurement;
  /** The gateway's REST POST for a tenant without seller profile: same process, pipeline idle (the control). */
  idlePost?: HttpMeasurement;
  /** The gateway's REST POST for the tenant with a profile: the default configuration under load. */
  restPost?: HttpMeasurement;
  /** The floor's POST while the gateway drains the load's backlog (the machine the validation workers leave). */
  floorDuringDrain?: HttpMeasurement;
  ratios: { restPost?: number; idlePost?: number; floorDuringDrain?: number };
  usage: { idle?: PhaseUsage; load?: PhaseUsage; floorDuringDrain?: PhaseUsage };
  /** The load's backlog, drained after the load stopped. */
  backlog?: Drain;
  /** VmHWM of the gateway process at the end, MiB. */
  gatewayPeakRssMiB?: number;
  problems: string[];
  notes: string[];
  loadAverage: number;
}
