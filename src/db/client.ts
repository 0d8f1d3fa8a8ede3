/**
 * Database handle types shared by both engines. Stores take an `Executor`
 * (the database or an open transaction) and run every query on it: on PGlite,
 * a query on the global handle inside a transaction waits forever.
 */
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** The database or a transaction on it. */
export type Executor = Db | Tx;

/** Which storage engine is behind a `Database`. */
export type Engine = 'pglite' | 'postgres';

/** An open database, either engine, with the same drizzle schema and migrations. */
export interface Database {
  readonly engine: Engine;
  readonly db: Db;
  /** Where the data lives, safe to log (no credentials). */
  readonly location: string;
  /** Applies `drizzle/` migrations; on PostgreSQL under an advisory lock so concurrent start-ups cannot race. */
  migrate(): Promise<void>;
  /**
   * LISTEN on `channel` (lowercase, no punctuation: PGlite does not quote it).
   * `onNotify` receives each payload; `onListen` runs whenever the listen is
   * (re)established, e.g. after PostgreSQL dropped the connection, so the
   * caller can resync what it may have missed. Resolves to an unlisten function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  /**
   * Raw SQL for libraries that bring their own queries (pg-boss): `$1`-style
   * parameters; a parameterless text may hold several statements.
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's own `db` contract types rows as any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /**
   * Whether the database serves and every migration of this version is
   * applied (`/ready`): `ok`, or why not. Never throws.
   */
  readiness(): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** NOTIFY `channel` with `payload` (under 8000 bytes: send ids, not documents). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}
