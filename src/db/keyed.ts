/**
 * Keyed statements, opened by db/open.ts and run by the lifecycle batch (domain/lifecycle/batch-statement.ts, and
 * batch-writer.ts's outbox transaction): hot statements whose every table read is by key, run as named prepared
 * statements on connections of their own that plan with `enable_seqscan = off`. Why: preparing saves the planning,
 * and a generic plan made while a table was empty would otherwise keep reading it sequentially as it grows
 * (docs/performance.md, "the lifecycle batch on a keyed pool"); without sequential scans the planner reads by key
 * whatever the sizes. Only statements that never need a sequential scan belong here (test/integration/
 * keyed-statements.test.ts checks each generic plan on empty tables). On the embedded engine (one connection) a
 * keyed statement is an ordinary one.
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
