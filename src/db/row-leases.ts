/**
 * Leases on queue rows, for every outbox whose row is its own queue entry (a due-at column moved forward by a claim):
 * the pipeline's `received` submissions (src/pipeline/), the PA sender's `validated` ones and 212s
 * (src/platform/outbound/), the e-reports being sent (src/domain/e-reporting/store/jobs-store.ts). The living holder
 * renews the rows it has in hand every quarter of the window (`createRowKeeper`), so a lease is never lost by a live
 * instance however long its work lasts, and a killed instance's rows are due again `leaseMs` after its last renewal.
 * The claim's lease, the postponement after an unexpected failure and the release on shutdown are written here once
 * too. The named leases of the PA connector's single jobs are in src/platform/leases.ts; the rule is the same.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ConfigError } from '../app/config-error.ts';
import type { Db, Executor, Tx } from './client.ts';

/** Default staleness window of a lease, in milliseconds (PA_LEASE_MS; docs/operations.md). */
export const DEFAULT_LEASE_MS = 20_000;

/**
 * PA_LEASE_MS: the staleness window in milliseconds, 5,000 to 600,000 (default 20,000).
 * @throws ConfigError when set to anything else.
 */
export function leaseMsFrom(env: NodeJS.ProcessEnv): number {
  const raw = env.PA_LEASE_MS;
  if (raw === undefined || raw === '') return DEFAULT_LEASE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 5000 || value > 600_000)
    throw new ConfigError(`PA_LEASE_MS must be an integer from 5000 to 600000 (milliseconds), got "${raw.slice(0, 40)}"`);
  return value;
}

/** How often a held lease is renewed: four times per window, so three renewals may be late before it is lost. */
export const renewEveryMs = (leaseMs: number) => Math.max(250, Math.floor(leaseMs / 4));

/**
 * A queue whose rows carry their lease: `table`, its uuid key `id`, its due-at column `dueAt` (timestamptz, null or
 * past: due), and `held`, the condition a claimed row still meets while the lease means something (its state; a row
 * that moved on is never pushed forward).
 */
export interface LeasedRows {
  table: PgTable;
  id: PgColumn;
  dueAt: PgColumn;
  held: SQL;
}

/** `{id,...}`: the uuid[] literal of `ids`, one parameter whatever their number. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Renews the leases of the claimed rows `ids` of `rows`: their due-at pushed to at least `now() + leaseMs`, never
 * earlier (a backoff written meanwhile stands). One statement, whatever the number of ids (a uuid[] parameter). A row
 * another transaction holds locked (its outcome being committed) is skipped, not waited for: a renewal never waits on
 * nor deadlocks with a batch that locks its rows in another order, and the next tick renews what is still held.
 * @throws whatever the database throws (the keeper tries again at its next tick).
 */
export async function renewLeases(db: Executor, rows: LeasedRows, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  const column = sql.identifier(rows.dueAt.name);
  await db.execute(sql`UPDATE ${rows.table} SET ${column} = greatest(${rows.dueAt}, now() + ${Math.round(leaseMs)}::int * interval '1 millisecond')
    WHERE ${rows.id} IN (SELECT ${rows.id} FROM ${rows.table}
      WHERE ${rows.id} = ANY (${uuidArray(ids)}) AND ${rows.held} FOR UPDATE SKIP LOCKED)`);
}

/** Sets the due-at of the rows of `rows` that meet `where` to `value` (one statement). */
function setDueAt(db: Executor, rows: LeasedRows, value: SQL, where: SQL) {
  return db.execute(sql`UPDATE ${rows.table} SET ${sql.identifier(rows.dueAt.name)} = ${value} WHERE ${where}`);
}

/** `now()` plus `ms` milliseconds, in SQL: the due-at of a claim, a postponement or a backoff. */
export const fromNow = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/**
 * Claims rows of `rows` for `leaseMs` in one transaction: `due` selects them `FOR UPDATE SKIP LOCKED` (instances
 * share the work, none waits on another's rows), then their due-at is set to `now() + leaseMs`. Their ids, in order.
 */
export async function claimRows(
  db: Db,
  rows: LeasedRows,
  leaseMs: number,
  due: (tx: Tx) => Promise<Array<{ id: string }>>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = (await due(tx)).map((row) => row.id);
    if (ids.length > 0) await setDueAt(tx, rows, fromNow(leaseMs), sql`${rows.id} = ANY (${uuidArray(ids)})`);
    return ids;
  });
}

/** Postpones the row `id` of `rows` by `delayMs` after an unexpected failure (a no-op once it is no longer held). */
export async function postponeRow(db: Executor, rows: LeasedRows, id: string, delayMs: number): Promise<void> {
  await setDueAt(db, rows, fromNow(delayMs), sql`${rows.id} = ${id} AND ${rows.held}`);
}

/**
 * Gives back the claimed rows `ids` of `rows` that were not started (a stopping worker): due at once, for this
 * instance after a restart or another one, instead of when the lease runs out; only rows still held.
 */
export async function releaseRows(db: Executor, rows: LeasedRows, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await setDueAt(db, rows, sql`NULL`, sql`${rows.id} = ANY (${uuidArray(ids)}) AND ${rows.held}`);
}

/** The claimed rows an instance has in hand, their leases renewed together. */
export interface RowKeeper {
  /** `id` is in hand (claimed): keep its lease. */
  hold(id: string): void;
  /** `id` is done with (finished, postponed, given back): stop renewing it. */
  drop(id: string): void;
  /** Postpones the row `id` by `delayMs` (`postponeRow`), after an unexpected failure. */
  postpone(id: string, delayMs: number): Promise<void>;
  /** Whether the last renewal round succeeded within the window (always true before the first): held rows are still ours. */
  fresh(): boolean;
  start(): void;
  stop(): void;
}

/** Renews, every `renewEveryMs(leaseMs)`, the leases of the ids of `rows` in hand (`renewLeases`). */
export function createRowKeeper(db: Db, rows: LeasedRows, leaseMs: number): RowKeeper {
  const held = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let renewedAt = Date.now();
  return {
    hold: (id) => void held.add(id),
    drop: (id) => void held.delete(id),
    postpone: (id, delayMs) => postponeRow(db, rows, id, delayMs),
    fresh: () => Date.now() - renewedAt < leaseMs,
    start() {
      if (timer) return;
      renewedAt = Date.now();
      timer = setInterval(() => {
        const started = Date.now();
        if (held.size === 0) {
          renewedAt = started;
          return;
        }
        renewLeases(db, rows, [...held], leaseMs).then(
          () => void (renewedAt = started),
          () => {}, // the next tick tries again; the lease outlasts three missed renewals
        );
      }, renewEveryMs(leaseMs));
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
