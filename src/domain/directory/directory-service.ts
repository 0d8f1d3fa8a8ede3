/**
 * The directory as the gateway asks it: the PA's Directory Service (src/platform/directory/) behind a cache in the
 * database (directory_entries, shared by instances, kept `DIRECTORY_CACHE_TTL_S`). Built once by src/app/app.ts; the
 * pipeline's classification and the API (`GET /v1/directory/{siren}`, `directoryEntry`, createSeller's warning) use it.
 */
import type { Db } from '../../db/client.ts';
import type { DirectoryAnswer, DirectoryLookup } from '../../model/directory.ts';
import { readCachedEntry, saveEntry } from './directory-store.ts';

/** Default time an entry is kept: 24 hours, in seconds. */
export const DEFAULT_DIRECTORY_CACHE_TTL_S = 24 * 3600;

/** What the service needs. */
export interface DirectoryServiceOptions {
  db: Db;
  /** Asks the PA's directory, uncached (`src/platform/index.ts`, AppPlatform.directory). */
  ask: DirectoryLookup;
  /** Whether a directory is configured now; false: every lookup is `unknown`, the cache unread. */
  configured: () => boolean;
  /** How long an entry is used before the directory is asked again, in seconds (0: never cached). */
  ttlSeconds?: number;
}

/**
 * Creates the lookup: a SIREN (9 digits, checked by the caller) → the cached entry when younger than the TTL, else the
 * directory's answer, cached when it is an entry. Concurrent lookups of one SIREN share one question. `unavailable`
 * (network, 5xx…) is never cached: the caller retries later. Never throws on an expected failure.
 */
export function createDirectoryService(options: DirectoryServiceOptions): DirectoryLookup {
  const ttl = options.ttlSeconds ?? DEFAULT_DIRECTORY_CACHE_TTL_S;
  const pending = new Map<string, Promise<DirectoryAnswer>>();

  async function fresh(siren: string): Promise<DirectoryAnswer> {
    if (ttl > 0) {
      const cached = await readCachedEntry(options.db, siren);
      if (cached && cached.ageSeconds < ttl) return { kind: 'entry', entry: cached.entry };
    }
    const answer = await options.ask(siren);
    if (answer.kind !== 'entry') return answer;
    return { kind: 'entry', entry: await saveEntry(options.db, answer.entry) };
  }

  return (siren) => {
    if (!options.configured()) return Promise.resolve({ kind: 'unknown' });
    let running = pending.get(siren);
    if (!running) {
      running = fresh(siren).finally(() => pending.delete(siren));
      pending.set(siren, running);
    }
    return running;
  };
}
