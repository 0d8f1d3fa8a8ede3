/**
 * Transactions. Every query inside must use the `tx` handed to the callback:
 * on PGlite a query on the global handle would wait forever.
 */
import type { Db, Tx } from './client.ts';

/**
 * Runs `work` in a transaction on `db`.
 * @returns the callback's result, after commit.
 * @throws whatever `work` or the database throws (the transaction is rolled back).
 */
export function transact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
