/** Finds every country code anywhere in a submitted document and checks it (code-lists.ts): the invoice and credit-note checks (invoice.ts, credit-note.ts) call it. */
import type { RuleViolation } from '../../model/rule-catalogue.ts';
import { checkCountry } from './code-lists.ts';

// A visited container, linked to its parent so the path is only built when a
// violation is found (most documents have none).
interface Frame {
  value: object;
  parent: Frame | undefined;
  key: string | number;
}

function pathOf(frame: Frame | undefined, last: string): Array<string | number> {
  const path: Array<string | number> = [last];
  for (let f = frame; f?.parent !== undefined; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * Finds every object key named `country`, at any depth of `doc` (including
 * inside arrays and unknown extra fields), and reports each value that is not
 * an uppercase ISO 3166-1 alpha-2 code as `BR-CL-14` (EN 16931 BR-CL-14; spec
 * § Errors cause 3). The spec names `billing_address` but also "a further
 * address-like object" without naming it, hence a scan of the whole document
 * rather than a fixed list of paths.
 *
 * Returns the violations depth first: an object's own `country` before the
 * ones nested in its fields, siblings in key order. Iterative, so a deeply
 * nested body (JSON.parse accepts any depth within the 1 MiB limit) cannot
 * overflow the stack. A parsed body is a tree, walked without remembering
 * what it saw (a set of every visited object cost a third of the scan); a
 * document built in code may share an object (reported at each path that
 * reaches it) or hold a cycle: past more containers than a 1 MiB body can
 * hold, the walk starts again and scans each container once.
 * Descends into a `country` value that is itself an object or array as well.
 */
export function scanCountries(doc: unknown): RuleViolation[] {
  return walk(doc, undefined) ?? (walk(doc, new Set<object>()) as RuleViolation[]);
}

/**
 * More containers than a body within the 1 MiB limit (spec § Limits) can hold, each taking at least
 * two of its bytes (`{}`, `[]`). Only a document built in code gets past it; the walk that follows
 * is correct for any document, so the bound only decides which walk runs.
 */
const TREE_LIMIT = (1024 * 1024) / 2 + 1;

/** The scan; with no `seen`, undefined once it has visited more than TREE_LIMIT containers. */
function walk(doc: unknown, seen: Set<object> | undefined): RuleViolation[] | undefined {
  // Paths are built at the end: a cycle walked as a tree would otherwise build ever longer ones.
  const found: Array<{ frame: Frame; key: string; finding: NonNullable<ReturnType<typeof checkCountry>> }> = [];
  if (typeof doc !== 'object' || doc === null) return [];
  const stack: Frame[] = [{ value: doc, parent: undefined, key: '' }];
  let visited = 0;
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const value = frame.value;
    if (seen) {
      if (seen.has(value)) continue;
      seen.add(value);
    } else if (++visited > TREE_LIMIT) return undefined;
    // Children are pushed in order, then that run of the stack is reversed, so the first is popped first.
    const firstChild = stack.length;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'object' && item !== null) stack.push({ value: item, parent: frame, key: i });
      }
    } else {
      const record = value as Record<string, unknown>;
      // for-in rather than Object.keys: no array of keys per object. Plain data has no inherited enumerable keys.
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        const item = record[key];
        if (key === 'country') {
          const finding = checkCountry(item);
          if (finding !== undefined) found.push({ frame, key, finding });
        }
        if (typeof item === 'object' && item !== null) stack.push({ value: item, parent: frame, key });
      }
    }
    for (let i = firstChild, j = stack.length - 1; i < j; i++, j--) {
      const swap = stack[i]!;
      stack[i] = stack[j]!;
      stack[j] = swap;
    }
  }
  return found.map(({ frame, key, finding }) => ({ path: pathOf(frame, key), ...finding }));
}
