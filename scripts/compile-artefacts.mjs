#!/usr/bin/env node
// Compiles the pinned official validation XSLT (artefacts/README.md) to SaxonJS SEF files in
// artefacts/sef/, which the validation workers (src/validation/) load at start-up. SaxonJS cannot
// run XSLT source directly, and compiling one of these stylesheets takes 5-15 s and several
// hundred MB, so it happens once, at build time (`npm run build`, hence `npm ci`), one stylesheet
// at a time, and never at run time. A stamp next to each SEF records the sha256 of its source and
// the compiler version: an unchanged stylesheet is skipped. A missing or stale SEF is first looked up
// in the cache outside the clone (scripts/sef-cache.mjs, keyed by source sha256 + compiler + flags),
// so only the first install of given sources on a machine compiles; later ones copy.
//
// Usage: node scripts/compile-artefacts.mjs [--force] [--quiet] [--only=name,...] [--out=dir]
//   --force recompiles (and refreshes the cache); --only/--out compile some names into another
//   directory (tests: test/unit/validation/sef-cache.test.ts).
// Exit code 1 if a compilation fails (the xslt3 output is printed).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyRewrites } from './saxon-he-rewrites.mjs';
import { cacheEntry, restoreFromCache, sefCacheDir, storeInCache } from './sef-cache.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The stylesheets, by the SEF name src/validation/artefacts.ts loads. */
export const STYLESHEETS = {
  'en16931-ubl': 'artefacts/en16931-1.3.16/ubl/EN16931-UBL-validation.xslt',
  'en16931-cii': 'artefacts/en16931-1.3.16/cii/EN16931-CII-validation.xslt',
  'brfr-ubl': 'artefacts/br-fr-1.4.0.03/BR-FR-Flux2-Schematron-UBL_V1.4.0.03.xslt',
  'brfr-cii': 'artefacts/br-fr-1.4.0.03/BR-FR-Flux2-Schematron-CII_V1.4.0.03.xslt',
  'brfr-cdar': 'artefacts/br-fr-1.4.0.03/BR-FR-CDV-Schematron-CDAR_V1.4.0.03.xslt',
  'flux10-f10': 'artefacts/flux10-1.0/schematron/PPF_Flux10_v1_0.xslt',
};

export const SEF_DIR = join(root, 'artefacts', 'sef');

/** Path of the compiled SEF for a stylesheet name (in `dir`, default SEF_DIR). */
export function sefPath(name, dir = SEF_DIR) {
  return join(dir, `${name}.sef.json`);
}

// -relocate:on: the SEF does not embed the absolute path of the build machine (which also makes it
// reusable from the cache by another clone); -ns:##html5 is what the xslt3 docs recommend for
// stylesheets that are not HTML-producing browser code.
const FLAGS = ['-nogo', '-relocate:on', '-ns:##html5'];

function xslt3Cli() {
  try {
    return require.resolve('xslt3/xslt3.js');
  } catch {
    throw new Error('xslt3 is not installed (it is a devDependency): run `npm ci` without --omit=dev to compile the artefacts');
  }
}

function stampFor(source) {
  const sha = createHash('sha256')
    .update(readFileSync(join(root, source)))
    .digest('hex');
  const version = JSON.parse(readFileSync(join(dirname(xslt3Cli()), 'package.json'), 'utf8')).version;
  return `${sha} xslt3@${version}\n`;
}

/** Names (of `only`, default all) whose SEF in `dir` is missing or stale. */
export function staleStylesheets(dir = SEF_DIR, only = Object.keys(STYLESHEETS)) {
  return Object.entries(STYLESHEETS)
    .filter(([name]) => only.includes(name))
    .filter(([name, source]) => {
      const sef = sefPath(name, dir);
      const stamp = `${sef}.stamp`;
      return !existsSync(sef) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== stampFor(source);
    })
    .map(([name]) => name);
}

/**
 * Brings every missing or stale stylesheet (of `only`) up to date in `out`: copied from the cache
 * (`cache`, default sefCacheDir()) when it holds the same sources' SEF, else compiled, sequentially
 * (each xslt3 run peaks at several hundred MB) and stored in the cache. `force` compiles regardless.
 * Returns `{ compiled, cached }`: the compile time in ms per compiled name, the names copied from the
 * cache; throws on a failed compilation.
 */
export function compileArtefacts({ force = false, log = console.log, only, out = SEF_DIR, cache = sefCacheDir() } = {}) {
  mkdirSync(out, { recursive: true });
  const selected = only ?? Object.keys(STYLESHEETS);
  const names = force ? selected : staleStylesheets(out, selected);
  const timings = {};
  const cached = [];
  for (const name of names) {
    const source = STYLESHEETS[name];
    const sef = sefPath(name, out);
    const stamp = stampFor(source);
    const entry = cache && cacheEntry(cache, name, stamp, FLAGS);
    if (!force && entry && restoreFromCache(entry, sef)) {
      writeFileSync(`${sef}.stamp`, stamp);
      cached.push(name);
      log(`reused ${source} -> ${sef} from the cache ${entry}`);
      continue;
    }
    const partial = `${sef}.partial`;
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      ['--max-old-space-size=2048', xslt3Cli(), `-xsl:${join(root, source)}`, `-export:${partial}`, ...FLAGS],
      { encoding: 'utf8' },
    );
    if (run.status !== 0 || !existsSync(partial)) {
      rmSync(partial, { force: true });
      throw new Error(`compiling ${source} failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    }
    // Rename only a complete SEF, so an interrupted build never leaves a truncated file behind.
    renameSync(partial, sef);
    writeFileSync(`${sef}.stamp`, stamp);
    timings[name] = Math.round(performance.now() - started);
    const stored = entry && storeInCache(entry, sef, cache);
    log(`compiled ${source} -> ${sef} in ${(timings[name] / 1000).toFixed(1)} s${stored ? ` (cached as ${entry})` : ''}`);
  }
  if (names.length === 0) log(`${out} is up to date`);
  // The Saxon-HE engine compiles the XSLT itself at run time; only BR-FR UBL needs its pinned rewrite first.
  if (out === SEF_DIR) applyRewrites({ log });
  return { compiled: timings, cached };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quiet = process.argv.includes('--quiet');
  const value = (flag) => process.argv.find((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);
  const only = value('--only')?.split(',');
  const unknown = only?.filter((name) => !(name in STYLESHEETS)) ?? [];
  if (unknown.length > 0) {
    console.error(`unknown stylesheet ${unknown.join(', ')}; known: ${Object.keys(STYLESHEETS).join(', ')}`);
    process.exit(2);
  }
  try {
    compileArtefacts({
      force: process.argv.includes('--force'),
      log: quiet ? () => {} : console.log,
      only,
      out: value('--out') ? resolve(value('--out')) : SEF_DIR,
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
