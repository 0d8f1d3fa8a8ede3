// Table-driven unit tests written once (users: test/unit/**): a function checked against a table of its answers.
import { expect, it } from 'vitest';

/**
 * One test per row `[...args, expected]`: `fn(...args)` is `expected` (toBe). `title` formats the row's cells as
 * `it.each` does (`%s`, `%j`, `%i` …), so `itMaps(title, fn, rows)` names and checks what `it.each(rows)(title, …)` did.
 */
export function itMaps<A extends unknown[], R>(
  title: string,
  fn: (...args: A) => R,
  rows: ReadonlyArray<NoInfer<readonly [...A, R]>>,
): void {
  it.each(rows.map((row) => [...row]))(title, (...row: unknown[]) => {
    expect(fn(...(row.slice(0, -1) as A))).toBe(row.at(-1));
  });
}
