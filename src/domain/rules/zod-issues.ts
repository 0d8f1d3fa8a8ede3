/** Between zod and the rule catalogue: a `Finding` added as a zod issue, and zod issues turned back into `RuleViolation`s with their paths. */
import type { z } from 'zod';
import { isRuleId, type RuleViolation } from '../../model/rule-catalogue.ts';
import type { Finding } from './findings.ts';

/** The `ctx` a zod 4 `.superRefine` callback receives. */
type RefinementCtx = z.core.$RefinementCtx<unknown>;

/**
 * Records a finding as a zod issue, carrying the rule id in `params.rule`.
 * `path` is relative to the schema the refinement is attached to. Issues
 * added through `addIssue` are non-aborting (`continue: true`), so the checks
 * of sibling and enclosing schemas still run: one call sees every violation.
 */
export function addFinding(ctx: RefinementCtx, finding: Finding, path: Array<string | number> = []): void {
  ctx.addIssue({ code: 'custom', message: finding.message, path, params: { rule: finding.rule } });
}

/**
 * Turns zod issues into rule violations. An issue without a catalogue rule id
 * is a structural mismatch that the 400 check should have caught; it becomes
 * `GW-SHAPE` instead of an exception, so a gap there degrades to a 422.
 */
export function toViolations(issues: readonly z.core.$ZodIssue[]): RuleViolation[] {
  return issues.map((issue) => {
    const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
    const rule = issue.code === 'custom' ? issue.params?.['rule'] : undefined;
    if (isRuleId(rule)) return { path, rule, message: issue.message };
    return { path, rule: 'GW-SHAPE', message: `Unexpected document shape: ${issue.message}` };
  });
}
