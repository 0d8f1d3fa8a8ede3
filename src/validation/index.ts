/**
 * Validation of generated e-invoices against the OFFICIAL artefacts: the UBL 2.1 / CII
 * D22B (uncoupled) XSD, the EN 16931 schematron v1.3.16 (CEN/TC 434, ConnectingEurope) and the French BR-FR
 * schematron 1.4.0.03 (FNFE-MPE), see artefacts/README.md. The work runs in worker threads, since
 * one document keeps a core busy for a long time in SaxonJS (docs/performance.md, "Measurements behind design choices").
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { artefactsRoot, type SefName, sefFile } from './artefacts.ts';
import { chooseEngine, type EngineChoice, type EngineSetting } from './engine-choice.ts';
import { WorkerPool } from './pool.ts';
import { createReportCache } from './report-cache.ts';
import { createSaxonHeValidator } from './saxon-he/index.ts';
import { createWarmUp, type WarmState, warmUpDocument } from './warm-up.ts';

const SEF_NAMES: readonly SefName[] = ['en16931-ubl', 'en16931-cii', 'brfr-ubl', 'brfr-cii', 'brfr-cdar', 'flux10-f10'];
import type { Syntax, ValidationJob, ValidationReport } from './types.ts';

export type { EngineChoice, EngineName, EngineSetting } from './engine-choice.ts';
export { chooseEngine } from './engine-choice.ts';
export type { Finding, FindingSource, Syntax, ValidationReport } from './types.ts';
export type { WarmState } from './warm-up.ts';

/** Options of createValidator. */
export interface ValidatorOptions {
  /** Worker threads (default 2). Each holds every artefact, about 150-250 MB. */
  workers?: number;
  /**
   * Nice value of the worker threads, 0-19 (default 10, priority.ts): under load the threads that
   * acknowledge submissions go first. 0 keeps the process's priority.
   */
  nice?: number;
  /**
   * Worker threads under Linux's SCHED_IDLE policy (default false; `serve` sets it from
   * `VALIDATION_SCHED_IDLE`, default true): they run on cores nothing else wants (priority.ts).
   */
  idle?: boolean;
  /**
   * While it answers true (the gateway is taking API requests: `VALIDATION_YIELD_RPS`), one worker
   * fewer takes documents, at least one: on a small machine the second worker's core goes to the
   * requests (docs/performance.md, 2026-11-25). Default: every worker, always.
   */
  yieldWhile?: () => boolean;
  /** Reports kept for documents validated again byte for byte (default 256; 0: none): report-cache.ts. */
  cacheSize?: number;
  /**
   * The engine (engine-choice.ts): a setting, resolved by chooseEngine, or a choice already made. Default
   * `saxon-js` (worker threads); `serve` passes `VALIDATION_ENGINE`, default `auto`. With `saxon-he`,
   * `workers` is the JVM's thread count and `nice`/`idle` apply to the whole JVM process.
   */
  engine?: EngineSetting | EngineChoice;
  /** Saxon-HE's jar (default /usr/share/java/Saxon-HE.jar). */
  saxonHeJar?: string;
  /** The JVM's heap cap in MB (default saxon-he/index.ts DEFAULT_JVM_HEAP_MB). */
  jvmHeapMb?: number;
  /** Told when the JVM starts, is ready or dies. */
  log?: (message: string) => void;
}

/** A pool of validation workers. Calls may overlap; at most `workers` documents are validated at once. */
export interface Validator {
  /**
   * Validates an invoice or credit note: XSD first; if it fails (or the XML is malformed) only the XSD
   * findings are reported, else EN 16931 then BR-FR. Resolves with the report whatever the findings;
   * rejects only if the worker crashed (the pool replaces it), could not load the artefacts, or is closed.
   * A text validated lately resolves with the same (frozen) report again, without a worker (report-cache.ts).
   */
  validate(syntax: Syntax, xml: string): Promise<ValidationReport>;
  /**
   * Validates a CDAR lifecycle message (CDV): the CDAR D22B XSD first (malformed or schema-invalid XML: only
   * XSD findings), then the BR-FR CDV schematron.
   */
  validateCdar(xml: string): Promise<ValidationReport>;
  /**
   * Validates a flux 10 e-reporting document (FRR, `Report`): the flux 10 XSD first, then, if it passes,
   * AIFE's F10 schematron (findings with source `f10` and the Annexe 7 rule, `G8.01`). Same resolution and
   * caching as `validate`.
   */
  validateReport(xml: string): Promise<ValidationReport>;
  /** Terminates the workers; pending calls reject. */
  close(): Promise<void>;
  /**
   * Loads the engine now and validates one official UBL example (warm-up.ts), so the first document does not
   * pay the load; `serve` calls it right after listening. Resolves when warm or failed, never rejects.
   */
  warm(): Promise<void>;
  /** `cold` until warm() (or nothing ran), then `warming`, `warm` or `failed` (`GET /ready`'s `validation`). */
  warmState(): WarmState;
}

/**
 * A worker's heap cap, well above what the artefacts and one document need (docs/performance.md); a
 * transform that runs away is stopped at 512 MB (the worker dies, the pool replaces it)
 * instead of taking the gateway's memory.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512 };

/** The workers' default nice value (ValidatorOptions.nice). */
export const DEFAULT_NICE = 10;

/**
 * Spawns a validation worker at nice `nice` (0: the process's priority), under SCHED_IDLE when `idle`
 * (Linux; see priority.ts). Built (dist/): worker.js. From the TypeScript sources (vitest, tsx): a
 * worker thread does not inherit the parent's loader, so a small bootstrap imports worker.ts through tsx.
 */
export function spawnValidationWorker(nice = 0, idle = false): Worker {
  const self = import.meta.url;
  const options = { resourceLimits: RESOURCE_LIMITS, workerData: { nice, idle } };
  if (!self.endsWith('.ts')) return new Worker(new URL('./worker.js', self), options);
  // tsx's ESM API by absolute URL (an eval worker resolves bare names from the cwd). Its CJS twin,
  // which require.resolve finds, registers its loader at a wrong relative path (tsx 4.23).
  const tsx = pathToFileURL(
    createRequire(self)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./worker.ts', self).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * A validator on the engine `options.engine` selects (default SaxonJS; Saxon-HE: saxon-he/index.ts, one JVM
 * started on the first document). SaxonJS: a validator whose workers start on the first document (each loads the artefacts in about 1-2 s;
 * calls made meanwhile wait), so a gateway with nothing to validate does not hold their memory.
 * @throws Error at once when a compiled artefact is missing for SaxonJS (`npm run build` makes them), or for
 *   `engine: 'saxon-he'` when Java or the jar is missing.
 */
export function createValidator(options: ValidatorOptions = {}): Validator {
  const choice =
    typeof options.engine === 'object' ? options.engine : chooseEngine(options.engine ?? 'saxon-js', { jar: options.saxonHeJar });
  if (choice.engine === 'saxon-he' && choice.java && choice.jar) {
    const workers = options.workers ?? 2;
    const yieldWhile = options.yieldWhile;
    const heValidator = createSaxonHeValidator({
      java: choice.java,
      jar: choice.jar,
      threads: workers,
      heapMb: options.jvmHeapMb,
      nice: options.nice ?? DEFAULT_NICE,
      idle: options.idle,
      concurrency: yieldWhile && (() => (yieldWhile() ? workers - 1 : workers)),
      cacheSize: options.cacheSize,
      log: options.log,
    });
    // The JVM compiles the two UBL stylesheets in parallel (one per JVM thread), then the example runs once.
    const warmUp = createWarmUp(
      'saxon-he',
      async () => {
        await Promise.all([heValidator.warm(['en16931-ubl']), heValidator.warm(['brfr-ubl'])]);
        await heValidator.validate('ubl', warmUpDocument());
      },
      options.log,
    );
    return { ...heValidator, warm: warmUp.warm, warmState: warmUp.state };
  }
  const root = artefactsRoot();
  for (const name of SEF_NAMES) {
    if (!existsSync(sefFile(root, name))) {
      throw new Error(`${sefFile(root, name)} is missing: run \`npm run build\` (or \`npm run artefacts:compile\`)`);
    }
  }
  const nice = options.nice ?? DEFAULT_NICE;
  const idle = options.idle ?? false;
  const workers = options.workers ?? 2;
  const yieldWhile = options.yieldWhile;
  const pool = new WorkerPool<ValidationJob, ValidationReport>(() => spawnValidationWorker(nice, idle), workers, {
    lazy: true,
    concurrency: yieldWhile && (() => (yieldWhile() ? workers - 1 : workers)),
  });
  const cache = createReportCache(options.cacheSize ?? 256);
  // One job per worker, past the report cache: each worker that takes one runs the whole UBL path once.
  const warmUp = createWarmUp(
    'saxon-js',
    () => Promise.all(Array.from({ length: workers }, () => pool.run({ kind: 'invoice', syntax: 'ubl', xml: warmUpDocument() }))),
    options.log,
  );
  return {
    warm: warmUp.warm,
    warmState: warmUp.state,
    validate: (syntax, xml) => cache.get(syntax, xml, () => pool.run({ kind: 'invoice', syntax, xml })),
    validateCdar: (xml) => cache.get('cdar', xml, () => pool.run({ kind: 'cdar', xml })),
    validateReport: (xml) => cache.get('frr', xml, () => pool.run({ kind: 'frr', xml })),
    close: () => pool.close(),
  };
}
