// The Saxon-HE engine's JVM and framed protocol (src/validation/saxon-he/process.ts, Validator.java) with a
// small stand-in stylesheet that compiles in milliseconds: many jobs at once each get their own answer, a
// killed JVM is replaced and the jobs it held are sent again and succeed, errors are data of one job, and a
// JVM that cannot start fails the engine. Skipped without Java and Saxon-HE (`.ci/run` installs them).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEngine } from '../../../src/validation/engine-choice.ts';
import { JvmEngine, type JvmOptions } from '../../../src/validation/saxon-he/process.ts';

const choice = chooseEngine('auto');
const dir = mkdtempSync(join(tmpdir(), 'saxon-he-test-'));
const stylesheet = join(dir, 'echo.xslt');
// Echoes the document's id, after some arithmetic whose size the document sets (jobs that last a while).
writeFileSync(
  stylesheet,
  `<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xsl:template match="/"><echo id="{/doc/@id}" sum="{sum(for $i in 1 to xs:integer(/doc/@work) return $i mod 7)}"/></xsl:template>
</xsl:stylesheet>`,
);

let engine: JvmEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

function start(overrides: Partial<JvmOptions> = {}): JvmEngine {
  engine = new JvmEngine({
    java: choice.java as string,
    jar: choice.jar as string,
    source: fileURLToPath(new URL('../../../src/validation/saxon-he/Validator.java', import.meta.url)),
    stylesheets: { echo: stylesheet },
    threads: 2,
    heapMb: 128,
    ...overrides,
  });
  return engine;
}

const doc = (id: number, work = 1000) => `<doc id="${id}" work="${work}"/>`;
const echoed = (svrl: string | undefined) => /id="(\d+)"/.exec(svrl ?? '')?.[1];

describe.skipIf(choice.engine !== 'saxon-he')('Saxon-HE process and protocol', () => {
  it('answers 200 overlapping jobs, each with its own document, on two threads', async () => {
    const e = start();
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    // Non-ASCII text and a large document cross the frames intact.
    const big = `<doc id="7777" work="10" note="${'é€'.repeat(50_000)}"/>`;
    const [results, large] = await Promise.all([
      Promise.all(ids.map((id) => e.run({ names: ['echo'], xml: doc(id, (id % 5) * 2000) }))),
      e.run({ names: ['echo', 'echo'], xml: big }),
    ]);
    expect(results.map((r) => echoed(r.outputs[0]?.svrl))).toEqual(ids.map(String));
    expect(results.every((r) => r.outputs.length === 1 && r.outputs[0]?.name === 'echo')).toBe(true);
    expect(large.outputs.map((o) => echoed(o.svrl))).toEqual(['7777', '7777']);
    expect(e.starts).toBe(1);
  });

  it('sends the jobs in flight again when the JVM is killed, and they succeed', async () => {
    const e = start();
    await e.run({ names: ['echo'], xml: doc(0) }); // ready, stylesheet compiled
    const firstPid = e.pid as number;
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const jobs = ids.map((id) => e.run({ names: ['echo'], xml: doc(id, 3_000_000) }));
    expect(e.inFlightCount).toBe(2);
    process.kill(firstPid, 'SIGKILL');
    const results = await Promise.all(jobs);
    expect(results.map((r) => echoed(r.outputs[0]?.svrl))).toEqual(ids.map(String));
    expect(e.starts).toBe(2);
    expect(e.pid).not.toBe(firstPid);
  });

  it('rejects a job that keeps killing its JVM after maxAttempts, and carries on', async () => {
    const e = start({ maxAttempts: 2 });
    await e.run({ names: ['echo'], xml: doc(0) });
    const doomed = e.run({ names: ['echo'], xml: doc(1, 50_000_000) });
    for (let kill = 0; kill < 2; kill++) {
      await expect.poll(() => e.inFlightCount, { timeout: 60_000 }).toBe(1);
      const pid = e.pid as number;
      process.kill(pid, 'SIGKILL');
      // The first kill sends the job again to a new JVM; the second rejects it (no JVM until the next job).
      if (kill === 0) await expect.poll(() => e.pid !== pid && e.pid !== undefined, { timeout: 60_000 }).toBe(true);
    }
    await expect(doomed).rejects.toThrow(/died under this job 2 times/);
    await expect(e.run({ names: ['echo'], xml: doc(5) }).then((r) => echoed(r.outputs[0]?.svrl))).resolves.toBe('5');
  });

  it("reports a malformed document or an unknown stylesheet as that job's error only", async () => {
    const e = start();
    await expect(e.run({ names: ['echo'], xml: '<doc id="1"' })).rejects.toThrow(/Saxon-HE: /);
    await expect(e.run({ names: ['nope'], xml: doc(1) })).rejects.toThrow(/unknown stylesheet nope/);
    await expect(e.run({ names: ['echo'], xml: doc(2) }).then((r) => echoed(r.outputs[0]?.svrl))).resolves.toBe('2');
    expect(e.starts).toBe(1);
  });

  it('kills a job over its timeout, and the next job gets a new JVM', async () => {
    const e = start({ jobTimeoutMs: 10_000 });
    await e.run({ names: ['echo'], xml: doc(0, 1) });
    await expect(e.run({ names: ['echo'], xml: doc(1, 2_000_000_000) })).rejects.toThrow(/longer than 10000 ms/);
    await expect(e.run({ names: ['echo'], xml: doc(2) }).then((r) => echoed(r.outputs[0]?.svrl))).resolves.toBe('2');
    expect(e.starts).toBe(2);
  });

  it('fails every job when the JVM cannot start', async () => {
    const e = start({ java: join(dir, 'no-such-java') });
    await expect(e.run({ names: ['echo'], xml: doc(1) })).rejects.toThrow(/failed to start/);
    await expect(e.run({ names: ['echo'], xml: doc(2) })).rejects.toThrow(/failed to start/);
  });
});
