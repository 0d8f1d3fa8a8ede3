/**
 * The validation engines scenario's shapes: what `validation-engines.ts` prints (`--json`) and what results.json
 * holds under `validationEngines` (`engines.ts`). Rates in documents per second, CPU in ms per document.
 */
import type { EngineName } from '../src/validation/index.ts';

export const VALIDATION_ENGINES = 'validation-engines';

/** One engine on one kind of document, `threads` documents in flight. */
export interface EngineMeasurement {
  documents: number;
  /** Wall seconds for `documents`. */
  seconds: number;
  docsPerSecond: number;
  /** This process's CPU (XSD, SVRL reading, SaxonJS's worker threads) plus the JVM's, per document. */
  cpuMsPerDoc: number;
  /** This process's share of `cpuMsPerDoc` (all of it on SaxonJS). */
  nodeCpuMsPerDoc: number;
  /** Documents with fatal findings (0 expected: the benchmark's invoice is valid). */
  withFatal: number;
}

/** `validation-engines.ts`'s output: per engine measured, and per engine skipped the reason. */
export interface EnginesReport {
  docs: number;
  threads: number;
  warmup: number;
  results: Partial<Record<EngineName, { firstDocumentsMs: number; ubl20Lines: EngineMeasurement; cdar?: EngineMeasurement }>>;
  skipped: Partial<Record<EngineName, string>>;
}

/** The scenario in `npm run bench`: the report, and Saxon-HE against SaxonJS when both ran. */
export interface EnginesOutcome extends Partial<EnginesReport> {
  name: typeof VALIDATION_ENGINES;
  /** Saxon-HE's documents/s ÷ SaxonJS's, and SaxonJS's CPU ms per document ÷ Saxon-HE's (both > 1: Saxon-HE ahead). */
  ratio?: { docsPerSecond: number; cpuPerDocument: number };
  /** Wall seconds the scenario took, JVM start, worker loads and compiles included. */
  seconds: number;
  problems: string[];
  notes: string[];
  loadAverage: number;
}
