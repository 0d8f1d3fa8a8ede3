/**
 * The rows of a raw `db.execute`: postgres.js answers an array of rows,
 * PGlite an object holding them in `rows` (none for a statement that returns none).
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Row[];
}
