/**
 * The EN 16931 and BR-FR rules the body alone decides, added to the spec's conversion rules at submission: the same
 * `deriveFromBody` the pipeline builds the e-invoice with, so the 422 stage
 * and the generated document cannot disagree on them.
 */
import { type DeriveInput, deriveFromBody } from '../../einvoice/derive.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';

function isPrefix(prefix: RuleViolation['path'], path: RuleViolation['path']): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}

/**
 * `base` (the spec's rules, already found) followed by every body rule
 * violation of `input` (BR-16, BR-CO-10/14/15/16/17, BR-FR-01/02/03/12/15/16,
 * BR-FR-CO-07/09/12, BR-FR-DEC-01/02, BR-x-05, BR-AE-02, BR-IC-02, BR-29; docs/api-guide.md,
 * "Processing"), leaving out those at or under a path `base` already reports
 * (a refused currency or rate is reported once, by the spec's rule),
 * BR-FR-CO-12 when the currency itself is refused, and the sums over the
 * lines when a line is refused. None when the structure is wrong (GW-SHAPE).
 * Pure; never throws on a document the structural check accepted.
 */
export function withBodyRules(base: RuleViolation[], input: DeriveInput): RuleViolation[] {
  // A shape the structural check should have refused: the body cannot be read as a document.
  if (base.some((v) => v.rule === 'GW-SHAPE')) return base;
  const { violations } = deriveFromBody(input);
  const currencyRefused = base.some((v) => v.path.length === 1 && v.path[0] === 'currency');
  const lineRefused = base.some((v) => v.path[0] === 'lines');
  const added = violations.filter(
    (v) =>
      !base.some((b) => isPrefix(b.path, v.path)) &&
      !(currencyRefused && v.rule === 'BR-FR-CO-12') &&
      !(lineRefused && SUMS_OVER_LINES.has(v.rule)),
  );
  return added.length === 0 ? base : base.concat(added);
}

/** Sums over the lines: once a line is refused (two taxes, a rate out of range), they would only repeat it. */
const SUMS_OVER_LINES: ReadonlySet<string> = new Set(['BR-CO-10', 'BR-CO-13', 'BR-CO-14', 'BR-CO-17']);
