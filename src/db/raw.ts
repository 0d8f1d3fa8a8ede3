/**
 * Raw `$1`-parameter SQL on a drizzle executor, so a library with its own SQL
 * (pg-boss) can write inside one of our transactions.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import { rowsOf } from './rows.ts';

/** Encodes a parameter the way node-postgres does, which pg-boss expects: undefined as NULL, plain objects as JSON. */
export function asPgParameter(value: unknown): unknown {
  if (value === undefined) return null;
  const plainObject =
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);
  return plainObject ? JSON.stringify(value) : value;
}

/** `select $1::int + $2` with values -> a drizzle SQL with the same parameters. */
export function rawQuery(text: string, values: readonly unknown[]): SQL {
  const query = sql.empty();
  const parts = text.split(/\$(\d+)/);
  parts.forEach((part, index) => {
    if (index % 2 === 0) query.append(sql.raw(part));
    else query.append(sql`${asPgParameter(values[Number(part) - 1])}`);
  });
  return query;
}

/** A pg-boss `db` that runs on `db` (e.g. a transaction). */
export function executeSqlOn(db: Executor): Pick<Database, 'executeSql'> {
  return {
    async executeSql(text, values = []) {
      return { rows: rowsOf(await db.execute(rawQuery(text, values))) };
    },
  };
}
