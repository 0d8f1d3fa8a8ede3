/**
 * Crash tests' plumbing (test/integration/pa-lease-takeover.test.ts, pipeline-kill.test.ts): `passerelle serve`
 * processes on one private PostgreSQL database, a hard kill that waits for the process to be gone, and a list of
 * clean-ups run after each test, last registered first.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach } from 'vitest';
import { privateDatabase } from './private-database.ts';
import { type ServeProcess, spawnServe } from './processes.ts';

/** Kills `child` with SIGKILL (a crash: nothing of it runs after) and resolves once it exited; at once if it had. */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Registers an `afterEach` running the clean-ups pushed on the returned list, in reverse order, then emptying it. */
export function cleanupsAfterEach(): Array<() => unknown> {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** Two or more `passerelle serve` processes on one private PostgreSQL database, for a crash test. */
export interface CrashCluster {
  /** An SQL client on the private database (dropped after the test), ended after the test. */
  sql: postgres.Sql;
  /** Spawns `passerelle serve` on the database with a data directory of its own and `env`; killed after the test. */
  serve(name: string, env?: Record<string, string>): Promise<ServeProcess>;
}

/** A CrashCluster whose clean-ups go on `cleanups` (cleanupsAfterEach); `tag` names its data directories, `common` is every serve's env. */
export async function crashCluster(
  cleanups: Array<() => unknown>,
  tag: string,
  common: Record<string, string> = {},
): Promise<CrashCluster> {
  const database = (await privateDatabase('postgres'))!;
  cleanups.push(() => database.drop());
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 5 }));
  const serve = (name: string, env: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), `passerelle-${tag}-${name}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return spawnServe({ DATA_DIR: dataDir, DATABASE_URL: database.url, ...common, ...env }, (child) => cleanups.push(() => kill(child)));
  };
  return { sql, serve };
}
