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

/**
 * Runs the reads of `work` on one snapshot (a read-only REPEATABLE READ
 * transaction), so rows read by separate queries agree with each other, e.g.
 * a webhook delivery and its attempts while a worker records a new one.
 * @throws whatever `work` or the database throws.
 */
export function snapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
