#!/usr/bin/env -S node --max-old-space-size=160 --max-semi-space-size=32 --no-allocation-site-pretenuring
// The `passerelle` command. It runs the compiled build in dist/ (made by
// `npm ci`/`npm run build`) when that build is at least as new as the sources,
// else the TypeScript sources through tsx, so a developer never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'src', 'cli', 'main.js');
/** Written when a build finishes (incremental builds leave unchanged outputs untouched). */
const stamp = join(root, 'dist', '.built');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : entry.name.endsWith('.ts') ? statSync(path).mtimeMs : 0);
  }
  return newest;
}

function buildIsFresh() {
  if (!existsSync(built) || !existsSync(stamp)) return false;
  const builtAt = statSync(stamp).mtimeMs;
  return ['src', 'rest-facade', 'sandbox-pa'].every((dir) => newestSource(join(root, dir)) <= builtAt);
}

// A server runs in production mode unless told otherwise (graphql-js, for one,
// skips its development-only checks on every value).
process.env.NODE_ENV ??= 'production';
if (buildIsFresh()) {
  await import(built);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
