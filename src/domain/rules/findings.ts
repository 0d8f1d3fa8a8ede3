/** A failed value check (`Finding`: rule and message) and the quoting of values in messages: shared by the rule files and the seller checks. */
import type { RuleId } from '../../model/rule-catalogue.ts';

/**
 * The outcome of a single-value check that failed: which rule, and the message
 * to show. Value checks return this (or `undefined` when the value is fine)
 * and leave the path to the caller, which knows where the value sits.
 */
export interface Finding {
  rule: RuleId;
  message: string;
}

// Long enough for any real code or identifier, short enough that a 1 MiB junk
// value cannot blow up the 422 body or the logs.
const MAX_QUOTED = 40;

/**
 * Renders a client value for a message: strings JSON-quoted (so control
 * characters and quotes stay visible) and cut at 40 characters; other
 * primitives as `String()` gives them (`150`, `NaN`, `null`); arrays and
 * objects by kind only, since they may be large.
 */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value);
  }
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}
