/**
 * The validation engine one worker thread owns: the compiled schematrons (SaxonJS SEF) and the entry
 * XSDs (libxml2-wasm), loaded once, then run in the order the accredited platforms (PA) apply them:
 * XSD, then EN 16931, then BR-FR (e-invoices), XSD then CDV (CDAR), XSD then F10 (flux 10 e-reports).
 * Synchronous transforms; one document at a time.
 */
import { existsSync, readFileSync } from 'node:fs';
import SaxonJS from 'saxon-js';
import { artefactsRoot, type SefName, sefFile } from './artefacts.ts';
import { findingsFromSvrl } from './svrl.ts';
import type { Finding, FindingSource, ValidationJob, ValidationReport } from './types.ts';
import { loadXsdChecker } from './xsd.ts';

/** A loaded engine: validates one document per call. */
export interface Engine {
  run(job: ValidationJob): Promise<ValidationReport>;
}

function loadSef(root: string, name: SefName): object {
  const path = sefFile(root, name);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as object;
  } catch (error) {
    throw new Error(`cannot load ${path} (${(error as Error).message}): run \`npm run build\` or \`node scripts/compile-artefacts.mjs\``);
  }
}

function report(findings: Finding[], timingsMs: ValidationReport['timingsMs']): ValidationReport {
  return { fatal: findings.filter((f) => f.flag === 'fatal'), warnings: findings.filter((f) => f.flag === 'warning'), timingsMs };
}

/** A SEF read on first use: the pipeline validates UBL only, so a gateway's workers never hold the CII and CDAR ones. */
function lazySef(root: string, name: SefName): () => object {
  if (!existsSync(sefFile(root, name))) loadSef(root, name); // throws now, with the hint, so the pool stops respawning
  let loaded: object | undefined;
  return () => (loaded ??= loadSef(root, name));
}

/**
 * Loads the artefacts (about 1-2 s): the UBL schematrons at once, the CII and CDAR ones when first
 * needed (each SEF costs tens of MB of heap once parsed); throws if a SEF is missing.
 */
export function loadEngine(root: string = artefactsRoot()): Engine {
  const sef = {
    en16931: { ubl: lazySef(root, 'en16931-ubl'), cii: lazySef(root, 'en16931-cii') },
    brfr: { ubl: lazySef(root, 'brfr-ubl'), cii: lazySef(root, 'brfr-cii') },
    cdar: lazySef(root, 'brfr-cdar'),
    f10: lazySef(root, 'flux10-f10'),
  };
  sef.en16931.ubl();
  sef.brfr.ubl();
  const checkXsd = loadXsdChecker(root, true);

  function schematron(source: FindingSource, stylesheet: object, sourceNode: object): Finding[] {
    const result = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceNode, destination: 'serialized' }, 'sync');
    return findingsFromSvrl(source, String(result.principalResult));
  }

  return {
    async run(job) {
      const timingsMs = { xsd: 0, en16931: 0, brfr: 0 };
      let started = performance.now();
      const kind = job.kind === 'invoice' ? job.syntax : job.kind;
      const xsdErrors = checkXsd(kind, job.xml);
      timingsMs.xsd = performance.now() - started;
      if (xsdErrors.length > 0) return report(xsdErrors, timingsMs);

      started = performance.now();
      // Parsed once for both schematrons; SaxonJS's parser has no sync entry point.
      const sourceNode = await SaxonJS.getResource({ text: job.xml, type: 'xml' });
      const findings: Finding[] = [];
      if (job.kind === 'invoice') {
        findings.push(...schematron('en16931', sef.en16931[job.syntax](), sourceNode));
        timingsMs.en16931 = performance.now() - started;
        started = performance.now();
        findings.push(...schematron('br-fr', sef.brfr[job.syntax](), sourceNode));
      } else if (job.kind === 'frr') {
        findings.push(...schematron('f10', sef.f10(), sourceNode));
        return report(findings, { ...timingsMs, f10: performance.now() - started });
      } else {
        findings.push(...schematron('br-fr', sef.cdar(), sourceNode));
      }
      timingsMs.brfr = performance.now() - started;
      return report(findings, timingsMs);
    },
  };
}
