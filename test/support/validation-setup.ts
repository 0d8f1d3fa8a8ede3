/**
 * vitest globalSetup: compiles the official schematrons to artefacts/sef/ when they are missing or
 * stale (a fresh clone where `npm ci` did not run the build, or an edited artefact), so `npm test`
 * works anywhere. Up to date, it costs the hashing of five files (scripts/compile-artefacts.mjs).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/compile-artefacts.mjs', import.meta.url));
  execFileSync(process.execPath, [script, '--quiet'], { stdio: 'inherit' });
}
