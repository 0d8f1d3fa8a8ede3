/**
 * The Saxon-HE engine behind the same Validator interface as the SaxonJS pool: the XSD layer
 * here in Node (xsd.ts, the same libxml2 as SaxonJS's workers, so XSD findings are the same), then the
 * official schematrons in one long-lived JVM (process.ts, Validator.java), whose SVRL svrl.ts reads as it
 * reads SaxonJS's. The BR-FR UBL stylesheet is compiled from its pinned rewrite (scripts/saxon-he-rewrites.mjs).
 * Created by createValidator (../index.ts) when the engine is `saxon-he`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { artefactsRoot, type SefName, XSLT_SOURCES, xsltFile } from '../artefacts.ts';
import { createReportCache } from '../report-cache.ts';
import { findingsFromSvrl } from '../svrl.ts';
import type { Finding, FindingSource, ValidationReport } from '../types.ts';
import { loadXsdChecker, type XsdChecker, type XsdKind } from '../xsd.ts';
import { JvmEngine, type JvmOptions } from './process.ts';

/** The default heap cap of the JVM (-Xmx); the process measured 295-313 MB of RSS with the UBL, CII and CDAR stylesheets compiled (docs/configuration.md). */
export const DEFAULT_JVM_HEAP_MB = 768;

/** Options of createSaxonHeValidator. */
export interface SaxonHeOptions {
  java: string;
  jar: string;
  /** Threads of the JVM (jobs at once). Default 2. */
  threads?: number;
  heapMb?: number;
  nice?: number;
  idle?: boolean;
  concurrency?: () => number;
  cacheSize?: number;
  jobTimeoutMs?: number;
  log?: (message: string) => void;
}

/** Where the rewritten BR-FR UBL stylesheet is written (scripts/saxon-he-rewrites.mjs, REWRITES.brfr-ubl.output). */
function rewrittenBrfrUbl(root: string): string {
  const path = join(root, 'sef', 'saxon-he', 'BR-FR-Flux2-Schematron-UBL_V1.4.0.03.saxon-he.xslt');
  if (existsSync(path)) return path;
  const script = join(dirname(root), 'scripts', 'saxon-he-rewrites.mjs');
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  if (run.status !== 0 || !existsSync(path)) throw new Error(`cannot write ${path} (node ${script}): ${run.stderr || run.error?.message}`);
  return path;
}

/** The stylesheet paths the JVM compiles, by SEF name. */
export function saxonHeStylesheets(root: string = artefactsRoot()): Record<SefName, string> {
  const paths = Object.fromEntries(Object.keys(XSLT_SOURCES).map((name) => [name, xsltFile(root, name as SefName)])) as Record<
    SefName,
    string
  >;
  paths['brfr-ubl'] = rewrittenBrfrUbl(root);
  return paths;
}

/** A Saxon-HE validator plus its engine, for tests and the bench (pid, restarts). */
export interface SaxonHeValidator {
  validate(syntax: 'ubl' | 'cii', xml: string): Promise<ValidationReport>;
  validateCdar(xml: string): Promise<ValidationReport>;
  validateReport(xml: string): Promise<ValidationReport>;
  close(): Promise<void>;
  /** Compiles the named stylesheets now (the bench; otherwise each compiles on its first document, 2-10 s). */
  warm(names: readonly SefName[]): Promise<void>;
  readonly engine: JvmEngine;
}

function report(findings: Finding[], timingsMs: ValidationReport['timingsMs']): ValidationReport {
  return { fatal: findings.filter((f) => f.flag === 'fatal'), warnings: findings.filter((f) => f.flag === 'warning'), timingsMs };
}

/**
 * A validator running the schematrons in Saxon-HE; the JVM starts on the first document.
 * @throws Error when the rewritten BR-FR UBL stylesheet cannot be written (the pinned original changed).
 */
export function createSaxonHeValidator(options: SaxonHeOptions): SaxonHeValidator {
  const root = artefactsRoot();
  const source = join(dirname(fileURLToPath(import.meta.url)), 'Validator.java');
  // dist/ holds no .java: the source stays beside the TypeScript one.
  const javaSource = existsSync(source) ? source : source.replace(`${join('dist', 'src')}`, 'src');
  const jvmOptions: JvmOptions = {
    java: options.java,
    jar: options.jar,
    source: javaSource,
    stylesheets: saxonHeStylesheets(root),
    threads: options.threads ?? 2,
    heapMb: options.heapMb ?? DEFAULT_JVM_HEAP_MB,
    nice: options.nice,
    idle: options.idle,
    concurrency: options.concurrency,
    jobTimeoutMs: options.jobTimeoutMs,
    log: options.log,
  };
  const engine = new JvmEngine(jvmOptions);
  let xsd: XsdChecker | undefined;
  const cache = createReportCache(options.cacheSize ?? 256);

  async function run(kind: XsdKind, layers: Array<[FindingSource, SefName]>, xml: string): Promise<ValidationReport> {
    const timingsMs: ValidationReport['timingsMs'] = { xsd: 0, en16931: 0, brfr: 0 };
    const started = performance.now();
    xsd ??= loadXsdChecker(root);
    const xsdErrors = xsd(kind, xml);
    timingsMs.xsd = performance.now() - started;
    if (xsdErrors.length > 0) return report(xsdErrors, timingsMs);
    const result = await engine.run({ names: layers.map(([, name]) => name), xml });
    const findings: Finding[] = [];
    layers.forEach(([layer, name], i) => {
      const output = result.outputs[i];
      if (!output || output.name !== name) throw new Error(`Saxon-HE answered ${output?.name} for ${name}`);
      findings.push(...findingsFromSvrl(layer, output.svrl));
      const ms = output.micros / 1000;
      if (layer === 'en16931') timingsMs.en16931 = ms;
      else if (layer === 'f10') timingsMs.f10 = ms;
      else timingsMs.brfr = ms;
    });
    return report(findings, timingsMs);
  }

  return {
    engine,
    validate: (syntax, xml) =>
      cache.get(syntax, xml, () =>
        run(
          syntax,
          [
            ['en16931', `en16931-${syntax}`],
            ['br-fr', `brfr-${syntax}`],
          ],
          xml,
        ),
      ),
    validateCdar: (xml) => cache.get('cdar', xml, () => run('cdar', [['br-fr', 'brfr-cdar']], xml)),
    validateReport: (xml) => cache.get('frr', xml, () => run('frr', [['f10', 'flux10-f10']], xml)),
    warm: async (names) => {
      await engine.run({ names, xml: '' });
    },
    close: () => engine.close(),
  };
}
