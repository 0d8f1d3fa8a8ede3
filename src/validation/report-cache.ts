/**
 * The reports of the documents validated lately, keyed by syntax and the SHA-256 of the exact text.
 * Validation is a pure function of the text (the pinned artefacts), so a second run on the same bytes
 * can only repeat the first; in the default configuration it always comes: the gateway validates the
 * UBL it generated, then the sandbox PA runs the same artefacts on the same file before acknowledging
 * it. A cached report costs a hash instead of a worker's third of a second (docs/performance.md).
 */
import { hash } from 'node:crypto';
import type { Syntax, ValidationReport } from './types.ts';

/** A bounded cache of reports; see the module comment. */
export interface ReportCache {
  /**
   * The report of `xml` in `syntax`: the cached one (the same frozen object every time), else what
   * `validate` resolves with, cached once it resolves. Concurrent calls for the same text share one run.
   * A rejection is passed on and not cached: the next call runs `validate` again.
   */
  get(syntax: Syntax | 'cdar' | 'frr', xml: string, validate: () => Promise<ValidationReport>): Promise<ValidationReport>;
}

function freeze(report: ValidationReport): ValidationReport {
  for (const finding of [...report.fatal, ...report.warnings]) Object.freeze(finding);
  Object.freeze(report.fatal);
  Object.freeze(report.warnings);
  Object.freeze(report.timingsMs);
  return Object.freeze(report);
}

/** A cache of at most `capacity` reports (least recently used out first); 0 caches nothing. */
export function createReportCache(capacity: number): ReportCache {
  const entries = new Map<string, Promise<ValidationReport>>();
  return {
    get(syntax, xml, validate) {
      if (capacity <= 0) return validate();
      const key = `${syntax}:${hash('sha256', xml, 'base64')}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const pending = validate().then(freeze);
      entries.set(key, pending);
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
      return pending;
    },
  };
}
