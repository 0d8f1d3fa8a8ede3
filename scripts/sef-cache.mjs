// The compiled-SEF cache outside the clone, used by scripts/compile-artefacts.mjs (issue 25 item 7): a
// SEF is a pure function of its pinned XSLT source, the xslt3 version and the compile flags, so every
// install of the same sources can reuse the first one's output instead of spending minutes in xslt3
// again (a fresh clone, a CI job, `rm -rf node_modules && npm ci` on a machine that already built it).
// Entries are keyed by the sha256 of that triple and carry the sha256 of their own bytes, checked on
// reuse: a truncated or edited entry is ignored (and overwritten by the next compilation).
//
// Where: $PASSERELLE_SEF_CACHE if set (`off` disables the cache), else $XDG_CACHE_HOME/passerelle/sef,
// else ~/.cache/passerelle/sef. A cache that cannot be read or written is no error: compile instead.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The cache directory, or undefined when disabled (`PASSERELLE_SEF_CACHE=off`). */
export function sefCacheDir(env = process.env) {
  if (env.PASSERELLE_SEF_CACHE === 'off') return undefined;
  if (env.PASSERELLE_SEF_CACHE) return env.PASSERELLE_SEF_CACHE;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'passerelle', 'sef');
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** The entry path for a stylesheet `name` whose stamp (source sha256 + compiler version) and flags are given. */
export function cacheEntry(dir, name, stamp, flags) {
  return join(dir, `${name}.${sha256(`${stamp}\n${flags.join(' ')}`)}.sef.json`);
}

/**
 * Copies a cached SEF to `target` (through a partial file, renamed: never a truncated SEF) when the entry
 * exists and its bytes still have the recorded sha256. Returns true if it did.
 */
export function restoreFromCache(entry, target) {
  try {
    if (!existsSync(entry) || !existsSync(`${entry}.sha256`)) return false;
    const bytes = readFileSync(entry);
    if (sha256(bytes) !== readFileSync(`${entry}.sha256`, 'utf8').trim()) return false;
    writeFileSync(`${target}.partial`, bytes);
    renameSync(`${target}.partial`, target);
    return true;
  } catch {
    rmSync(`${target}.partial`, { force: true });
    return false;
  }
}

/** Stores a freshly compiled SEF in the cache (best effort: a read-only or full disk only loses the reuse). */
export function storeInCache(entry, sef, dir) {
  const partial = `${entry}.${process.pid}.partial`;
  try {
    mkdirSync(dir, { recursive: true });
    copyFileSync(sef, partial);
    writeFileSync(`${entry}.sha256`, `${sha256(readFileSync(partial))}\n`);
    renameSync(partial, entry);
    return true;
  } catch {
    rmSync(partial, { force: true });
    return false;
  }
}
