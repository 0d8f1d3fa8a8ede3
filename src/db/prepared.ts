/**
 * Prepared statements built once per database handle (or what holds them,
 * such as the submissions' group-commit writer). drizzle rebuilds a query's
 * SQL on every run unless it is `.prepare(name)`d, and a prepared query
 * belongs to the handle it was built on (the embedded engine and each
 * PostgreSQL pool are separate handles, and tests open several).
 */
import type { Db } from './client.ts';

/** `build(db)` the first time a handle asks, the same statements after that. */
export function preparedPerDatabase<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const built = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
