/**
 * Keyed statements: hot statements whose every table read is by key (a
 * primary or unique key, or an indexed foreign key), run as named prepared
 * statements on connections of their own that plan with `enable_seqscan = off`.
 *
 * Why both. A prepared statement skips parsing and, after five runs,
 * PostgreSQL keeps one generic plan per connection: planning is about half of
 * the lifecycle batch's cost (docs/performance.md). But a generic plan is made
 * once, from the table sizes of that moment: made while `lifecycle_statuses`
 * is empty (a new installation), it reads the table sequentially, and keeps
 * doing so as the table grows, until an ANALYZE replaces it (measured: 1.9 ms
 * per batch at first, 35 ms after 48,000 rows). Without sequential scans to
 * choose from, the planner reads by the index whatever the sizes say, so the
 * plan stays right as the tables grow. Only statements that never need a
 * sequential scan belong here; `test/integration/keyed-statements.test.ts`
 * checks each one's generic plan on empty tables. The lifecycle batch's
 * outbox transaction (a tenant with webhook endpoints) runs here too: its
 * other statements (the submissions' locks, the fan-out job's insert) read by
 * key or from pg-boss's small queue table.
 *
 * The embedded engine has one connection and no plan cache across queries:
 * there a keyed statement is an ordinary one.
 */
import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from './client.ts';
import { transact } from './transaction.ts';

/** The connection settings of the keyed pool (postgres.js `connection`). */
export const KEYED_CONNECTION_SETTINGS = { enable_seqscan: 'off' } as const;

const keyedHandles = new WeakMap<Db, Db>();
/** Transactions opened by `keyedTransaction`: on the keyed pool, so `executeKeyed` may prepare in them. */
const keyedTransactions = new WeakSet<object>();
const dialect = new PgDialect();

/** Registers `keyed` (a handle on the keyed pool) for the database handle `db` (`openPostgres` does). */
export function registerKeyedHandle(db: Db, keyed: Db): void {
  keyedHandles.set(db, keyed);
}

/** The keyed pool's handle for `db`, or `db` itself when it has none (the embedded engine). */
export function keyedHandle(db: Db): Db {
  return keyedHandles.get(db) ?? db;
}

/**
 * Runs `work` in a transaction on `db`'s keyed pool (on the embedded engine,
 * on `db`). Every statement of `work` is planned there without sequential
 * scans, so `work` must read by key only (or from tables that stay small).
 * @returns the callback's result, after commit.
 * @throws whatever `work` or the database throws (the transaction is rolled back).
 */
export function keyedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transact(keyedHandle(db), (tx) => {
    keyedTransactions.add(tx);
    return work(tx);
  });
}

/**
 * Runs `query` as the prepared statement `name` (postgres.js prepares it once
 * per connection, under a name of its own): on a database handle, on its keyed
 * pool, committed on return; in a `keyedTransaction`, in it. In any other
 * transaction it runs unprepared: that connection is the main pool's, where a
 * generic plan could read sequentially, so it is planned for its values every time.
 * @returns the driver's result as `execute` returns it (rows, or `{ rows }` on PGlite).
 * @throws whatever the database throws.
 */
export function executeKeyed(executor: Executor, name: string, query: SQL): Promise<unknown> {
  const inTransaction = is(executor, PgTransaction);
  if (inTransaction && !keyedTransactions.has(executor)) return executor.execute(query);
  const target = inTransaction ? executor : keyedHandle(executor as Db);
  return target._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
