/**
 * A PID lock file on the embedded database's data directory.
 *
 * PGlite takes no lock of its own: a second process would open the same files
 * and corrupt them silently. A mtime-refreshed lock (proper-lockfile) would make
 * a restart after a crash wait for the lock to go stale, and could be stolen
 * while the event loop is busy; a PID file answers "is the holder alive?"
 * directly, which is what a single-machine, single-process engine needs.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Passerelle process (pid ${holderPid}). ` +
        'Stop that process first, or set DATA_DIR to another directory, or use DATABASE_URL for PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** A held lock; `release()` is idempotent. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

const LOCK_NAME = 'passerelle.pid';
/** Locks this process holds: a file naming our own pid but not in here is stale (pid reuse, e.g. pid 1 in containers). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock on `dataDir` (created if missing) for this process.
 * A lock left by a dead process is taken over.
 * @throws DataDirLockedError when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(path);
      return {
        path,
        release() {
          if (!heldHere.delete(path)) return;
          if (readHolder(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      const ours = holder === process.pid;
      if (holder !== undefined && ((ours && heldHere.has(path)) || (!ours && isAlive(holder)))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Stale (crashed holder) or half-written: remove and try again.
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new DataDirLockedError(dataDir, readHolder(path) ?? 0);
}
