/**
 * Opens the database: embedded PGlite (default, single process, persisted in a
 * data directory) or PostgreSQL through postgres.js with a connection pool.
 */
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { KEYED_CONNECTION_SETTINGS, registerKeyedHandle } from './keyed.ts';
import { acquireDataDirLock } from './lock-file.ts';
import { asPgParameter } from './raw.ts';
import type { Database, Db } from './client.ts';
import * as schema from './schema.ts';

/** `drizzle/` at the package root, whether this module runs from src/ or from the build in dist/. */
function findMigrationsFolder(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle');
  }
  throw new Error('drizzle/ migrations folder not found above ' + fileURLToPath(import.meta.url));
}

const migrationsFolder = findMigrationsFolder();

/** How many migrations this version ships (drizzle's journal). */
const shippedMigrations = (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;

/** How long `/ready` waits for the database before it says not ready. */
const READINESS_TIMEOUT_MS = 2000;

/** `readiness()` over a function returning the number of applied migrations. */
function readinessOf(appliedMigrations: () => Promise<number>): Database['readiness'] {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
    });
    try {
      const applied = await Promise.race([appliedMigrations(), timeout]);
      return applied >= shippedMigrations ? { ok: true } : { ok: false, reason: `${applied} of ${shippedMigrations} migrations applied` };
    } catch (error) {
      return { ok: false, reason: `database unreachable: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  };
}

const APPLIED_MIGRATIONS = 'select count(*)::int as n from drizzle.__drizzle_migrations';

/** How long to wait for a PostgreSQL connection before the request gets its 503. */
const CONNECT_TIMEOUT_SECONDS = 5;
/** Longest statement (server side); migrations run under the same bound. */
const STATEMENT_TIMEOUT_MS = 30_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** Arbitrary but fixed: every Passerelle instance migrating one database takes this lock. */
const MIGRATION_LOCK_KEY = 0x7061_7373; // "pass"

/** Migrating one handle twice is a no-op: both callers wait for the same run. */
function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= run());
}

/**
 * Opens the embedded engine. With `dataDir`, takes the directory's PID lock
 * first (throws `DataDirLockedError` if a live process holds it) and persists
 * there; without it, the database lives in memory (tests).
 */
/** Called with every statement drizzle sends (tests count round trips with it). */
export type QueryObserver = (sql: string) => void;

function loggerFor(onQuery: QueryObserver | undefined) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
}

/**
 * PGlite on `dir`. A new directory is created, closed and opened again: initdb grows the WebAssembly memory to
 * about 800 MiB and it never shrinks; the reopened instance holds only what the database needs (docs/operations.md).
 */
async function openEmbeddedDir(dir: string): Promise<PGlite> {
  if (!existsSync(join(dir, 'PG_VERSION'))) await (await PGlite.create({ dataDir: dir })).close();
  return PGlite.create({ dataDir: dir });
}

export async function openEmbedded(options: { dataDir?: string; onQuery?: QueryObserver } = {}): Promise<Database> {
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir) : undefined;
  try {
    const client = options.dataDir ? await openEmbeddedDir(join(options.dataDir, 'pglite')) : await PGlite.create();
    const db = drizzlePglite({ client, schema, logger: loggerFor(options.onQuery) });
    return {
      engine: 'pglite',
      db: db as unknown as Db,
      location: options.dataDir ?? 'memory',
      // One process holds the lock file, so no second migrator can run.
      migrate: once(() => migratePglite(db, { migrationsFolder })),
      async listen(channel, onNotify, onListen) {
        const unlisten = await client.listen(channel, onNotify);
        onListen?.();
        return unlisten;
      },
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      readiness: readinessOf(async () => (await client.query<{ n: number }>(APPLIED_MIGRATIONS)).rows[0]?.n ?? 0),
      async executeSql(text, values = []) {
        if (values.length > 0) return { rows: (await client.query(text, values)).rows };
        // exec runs several statements; the last result is the one callers read.
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Connections of the keyed pool (`keyed.ts`): its one statement runs one batch at a time. */
const KEYED_POOL_SIZE = 2;

/** A postgres.js pool on `url` of `max` connections, with `settings` on each connection besides the common ones. */
function postgresPool(url: string, max: number, settings: Record<string, string> = {}) {
  return postgres(url, {
    max,
    onnotice: () => {},
    // pg-boss passes undefined for absent parameters; PostgreSQL wants NULL.
    transform: { undefined: null },
    // Fail fast when PostgreSQL is away (503 with Retry-After, see availability.ts) instead of
    // holding requests for postgres.js's 30 s default; bound what one statement or an idle
    // transaction may hold on the server.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    connection: {
      application_name: 'passerelle',
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      ...settings,
    },
  });
}

/**
 * Opens PostgreSQL at `url` with a pool of `poolSize` connections, and the
 * keyed pool of `KEYED_POOL_SIZE` more (`keyed.ts`).
 */
export async function openPostgres(url: string, options: { poolSize?: number; onQuery?: QueryObserver } = {}): Promise<Database> {
  const sql = postgresPool(url, options.poolSize ?? 10);
  const keyedSql = postgresPool(url, KEYED_POOL_SIZE, KEYED_CONNECTION_SETTINGS);
  const db = drizzlePostgres({ client: sql, schema, logger: loggerFor(options.onQuery) });
  const keyed = drizzlePostgres({ client: keyedSql, schema, logger: loggerFor(options.onQuery) });
  registerKeyedHandle(db as unknown as Db, keyed as unknown as Db);
  const parsed = new URL(url);
  return {
    engine: 'postgres',
    db: db as unknown as Db,
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    migrate: once(async () => {
      // drizzle's migrator takes no lock: hold one on a dedicated connection around it.
      const reserved = await sql.reserve();
      try {
        await reserved`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        try {
          await migratePostgres(db, { migrationsFolder });
        } finally {
          await reserved`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
        }
      } finally {
        reserved.release();
      }
    }),
    async listen(channel, onNotify, onListen) {
      // postgres.js keeps one dedicated connection for LISTEN and re-listens after a reconnect.
      const { unlisten } = await sql.listen(channel, onNotify, onListen);
      return unlisten;
    },
    async notify(channel, payload) {
      await sql.notify(channel, payload);
    },
    readiness: readinessOf(async () => ((await sql.unsafe(APPLIED_MIGRATIONS)) as unknown as Array<{ n: number }>)[0]?.n ?? 0),
    async executeSql(text, values = []) {
      if (values.length > 0) return { rows: await sql.unsafe(text, values.map(asPgParameter) as never[]) };
      // Scripts (BEGIN ... COMMIT) must stay on one connection: a pooled query may not.
      const reserved = await sql.reserve();
      try {
        return { rows: await reserved.unsafe(text) };
      } catch (error) {
        // A script that failed midway leaves its transaction open and aborted: end it before the
        // connection goes back to the pool, or every later query on it fails.
        await reserved.unsafe('rollback').catch(() => {});
        throw error;
      } finally {
        reserved.release();
      }
    },
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), keyedSql.end({ timeout: 5 })]);
    },
  };
}

/** Opens the engine the configuration names: PostgreSQL with `databaseUrl`, else PGlite in `dataDir`. */
export function openConfigured(config: { databaseUrl?: string; dataDir: string; dbPoolSize: number }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, { poolSize: config.dbPoolSize }) : openEmbedded({ dataDir: config.dataDir });
}
