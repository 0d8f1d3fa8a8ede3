// The compiled-SEF cache outside the clone (scripts/sef-cache.mjs, issue 25 item 7): a second install of the
// same sources copies the first one's SEF instead of compiling, and an entry whose bytes changed is not
// trusted. Runs the real compile script on the smallest stylesheet (brfr-cdar) into temporary directories.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/compile-artefacts.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'passerelle-sef-cache-'));
const cache = join(scratch, 'cache');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** One install's compile step into a fresh output directory (a fresh clone's artefacts/sef), with the shared cache. */
function install(name: string): { out: string; log: string } {
  const out = join(scratch, name);
  const log = execFileSync(process.execPath, [script, '--only=brfr-cdar', `--out=${out}`], {
    env: { ...process.env, PASSERELLE_SEF_CACHE: cache },
    encoding: 'utf8',
  });
  return { out, log };
}

describe('compiled SEF cache', { timeout: 300_000 }, () => {
  it('compiles once per artefact hash; a later install of the same sources reuses it, a damaged entry is recompiled', () => {
    const first = install('first');
    expect(first.log).toMatch(/^compiled .*CDAR.* -> .*brfr-cdar\.sef\.json in [\d.]+ s \(cached as /m);
    const entries = readdirSync(cache).filter((file) => file.endsWith('.sef.json'));
    expect(entries).toHaveLength(1);
    const sef = readFileSync(join(first.out, 'brfr-cdar.sef.json'));

    const second = install('second');
    expect(second.log).toMatch(/^reused .*CDAR.* from the cache /m);
    expect(second.log).not.toMatch(/^compiled /m);
    // Byte for byte the first SEF, down to its `buildDateTime`: a compilation would write its own.
    expect(readFileSync(join(second.out, 'brfr-cdar.sef.json')).equals(sef)).toBe(true);
    // The stamp matches the one a compilation writes: the output is up to date for the next run too.
    expect(readFileSync(join(second.out, 'brfr-cdar.sef.json.stamp'), 'utf8')).toBe(
      readFileSync(join(first.out, 'brfr-cdar.sef.json.stamp'), 'utf8'),
    );

    writeFileSync(join(cache, entries[0]!), '{"truncated":');
    const third = install('third');
    expect(third.log).toMatch(/^compiled .*CDAR/m);
    const rebuilt = JSON.parse(readFileSync(join(third.out, 'brfr-cdar.sef.json'), 'utf8')) as { N: string; buildDateTime: string };
    expect(rebuilt.N).toBe('package');
    expect(rebuilt.buildDateTime).not.toBe((JSON.parse(sef.toString('utf8')) as { buildDateTime: string }).buildDateTime);
    // And the fresh compilation repaired the entry: the next install copies again.
    expect(install('fourth').log).toMatch(/^reused /m);
  });
});
