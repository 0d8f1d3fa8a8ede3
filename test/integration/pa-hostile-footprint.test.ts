/**
 * What a hostile PA costs the gateway process, measured on the process itself (docs/pa-connection.md, "What the
 * gateway tolerates from a PA"): `passerelle serve` (PLATFORM=afnor, VALIDATION=native, the heap flags of the bin and
 * `npm start`) polls a fake Flow Service (test/support/hostile-inbound-pa.ts) that serves, round after round, a 9 MB
 * search page, a 9.6 MB status document streamed, documents of 20,000 elements, 5,000 levels, 201,000 attributes
 * (2.3 MB) and 85,000 attributes (under the 1 MiB cap). Throughout: the PA adds less than 64 MiB to the process's
 * peak RSS (VmHWM of /proc, the kernel's own high-water mark), which stays under the 250 MiB budget of a gateway
 * without validation workers (docs/performance.md) on PostgreSQL, and `GET /health`, probed every 10 ms from a process
 * of its own, answers within 100 ms of what the machine's scheduling costs with a quiet PA. On the embedded engine
 * (PGlite runs every query on the gateway's main thread, and holds ~400 MiB itself) both are measured and bounded
 * looser. Figures: docs/pa-connection.md. Linux only (/proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/db/client.ts';
import { fakePaEnv } from '../support/flow-fakes.ts';
import { engines } from '../support/gateway.ts';
import { attributeHeavy, nineMegabyteCdar, nineMegabytePageOver10 } from '../support/hostile-answers.ts';
import { cdarFor, type SentDocument, startInboundFake } from '../support/hostile-inbound-pa.ts';
import { privateDatabase } from '../support/private-database.ts';
import { runCli, spawnServe } from '../support/processes.ts';

/** The budget of a gateway process without validation workers (docs/performance.md, peak RSS ≤ 250 MiB). */
const RSS_BUDGET_MIB = 250;
/** The promise of docs/operations.md while the PA misbehaves. */
const HEALTH_MS = 100;
/** What a hostile PA may add to the process's peak RSS over its idle RSS (measured: 18-37 MiB). */
const PA_COST_MIB = 64;
/** The heap flags of bin/passerelle.mjs and `npm start` (the bin is run here as `node bin/passerelle.mjs`, without them). */
const NODE_OPTIONS = '--max-old-space-size=160 --max-semi-space-size=32';

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Whether bin/passerelle.mjs runs dist/ (built after every source), as it decides, rather than the sources through tsx. */
function compiledBuildRuns(): boolean {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const stamp = join(root, 'dist', '.built');
  if (!existsSync(stamp)) return false;
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const path = join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(path) : entry.name.endsWith('.ts') ? statSync(path).mtimeMs : 0);
    }, 0);
  const builtAt = statSync(stamp).mtimeMs;
  return ['src', 'rest-facade', 'sandbox-pa'].every((dir) => newest(join(root, dir)) <= builtAt);
}

/** VmRSS and VmHWM (peak) of process `pid`, in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/**
 * Probes `url` every 10 ms from a process of its own (this one also plays the PA, whose streaming would delay its
 * own timers) until told to stop; resolves with the latencies in milliseconds.
 */
function startProber(url: string): { stop(): Promise<number[]> } {
  const script = `let stop = false; const latencies = [];
    process.on('message', () => { stop = true; });
    (async () => {
      while (!stop) {
        const started = performance.now();
        const reply = await fetch(${JSON.stringify(url)});
        await reply.arrayBuffer();
        if (reply.status !== 200) latencies.push(-reply.status); else latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      process.send(latencies, () => process.exit(0));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = new Promise<number[]>((resolve, reject) => {
    child.once('message', (latencies) => resolve(latencies as number[]));
    child.once('exit', (code) => reject(new Error(`prober exited (${code})`)));
  });
  cleanups.push(() => child.kill());
  return {
    stop: () => {
      child.send('stop');
      return result;
    },
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

describe.skipIf(!existsSync('/proc/self/status'))('a gateway process against a hostile PA', { timeout: 240_000 }, () => {
  it.each(engines())('keeps its peak RSS under budget and answers /health meanwhile (%s)', async (engine: Engine) => {
    const fake = await startInboundFake();
    cleanups.push(() => fake.close());
    const database = await privateDatabase(engine);
    if (database) cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'passerelle-hostile-footprint-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // The embedded data directory is created by another process first: initdb's peak (about 800 MiB of WebAssembly
    // memory, freed once it is done: docs/operations.md) would otherwise stand in the measured process's VmHWM.
    if (!database)
      expect((await runCli(['token', 'create', '--tenant', 'footprint', '--create-tenant'], { DATA_DIR: dataDir })).code).toBe(0);
    const gateway = await spawnServe(
      {
        DATA_DIR: dataDir,
        ...(database && { DATABASE_URL: database.url }),
        ...fakePaEnv(fake, 'hostile-secret-0123456789'),
        PA_POLL_INTERVAL_MS: '500',
        VALIDATION: 'native',
        NODE_OPTIONS,
      },
      (child) => cleanups.push(() => kill(child)),
    );
    const pid = gateway.child.pid!;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const idle = memoryOf(pid);
    // The same probe for 3 s with a quiet PA: what this machine's scheduling alone costs.
    const quietProbe = startProber(`${gateway.url}/health`);
    await sleep(3_000);
    const quiet = await quietProbe.stop();

    // Statuses about a document the gateway never sent: each ends as a problem, after the PA's answer was read.
    const doc: SentDocument = { id: 'none', number: 'HOSTILE-1', siren: '123456789' };
    const hostile: string[] = [];
    for (let round = 0; round < 3; round++) {
      hostile.push(
        fake.serve(nineMegabyteCdar(doc)),
        fake.serve(cdarFor(doc, 201, '<x/>'.repeat(20_000))),
        fake.serve(cdarFor(doc, 202, `${'<d>'.repeat(5_000)}${'</d>'.repeat(5_000)}`)),
        fake.serve(cdarFor(doc, 203, attributeHeavy(201_000))),
        fake.serve(cdarFor(doc, 204, attributeHeavy(85_000))),
      );
    }
    const last = fake.serve(cdarFor(doc, 205));
    // Every search asking for more than 10 flows gets a 9 MB page.
    fake.search = nineMegabytePageOver10;

    const probe = startProber(`${gateway.url}/health`);
    let peakRss = idle.rss;
    const started = Date.now();
    // Until the last flow was read, and 2 s more for its round to finish (its problem written).
    let end = Number.POSITIVE_INFINITY;
    while (Date.now() < end && Date.now() - started < 180_000) {
      if (fake.gets.includes(last) && end === Number.POSITIVE_INFINITY) end = Date.now() + 2_000;
      peakRss = Math.max(peakRss, memoryOf(pid).rss);
      await sleep(25);
    }
    const latencies = await probe.stop();
    const after = memoryOf(pid);
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `[pa-hostile-footprint] ${engine}: ${hostile.length + 1} flows and ${fake.limits.length} searches in ${seconds.toFixed(1)} s; ` +
        `RSS idle ${idle.rss.toFixed(1)} MiB, sampled max ${peakRss.toFixed(1)} MiB, VmHWM ${after.peak.toFixed(1)} MiB; ` +
        `/health ${latencies.length} answers, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms ` +
        `(quiet PA: p99 ${percentile(quiet, 0.99).toFixed(1)} ms, max ${Math.max(...quiet).toFixed(1)} ms)`,
    );

    expect(fake.gets).toEqual(expect.arrayContaining([...hostile, last]));
    expect(latencies.every((ms) => ms >= 0)).toBe(true);
    expect(fake.cutOff).toContain('search');
    expect(fake.cutOff).toEqual(expect.arrayContaining(hostile.filter((_, i) => i % 5 === 0)));
    // What the PA costs: its answers are cut at their caps and never parsed whole (a 9.6 MB parse took the heap).
    expect(after.peak - idle.rss).toBeLessThan(PA_COST_MIB);
    // The budget holds for the compiled build, which `npm start` and CI run; through tsx the process starts ~150 MiB
    // higher whatever the PA does. The embedded engine's own memory (~400 MiB) is over it with or without a PA.
    if (engine === 'postgres' && compiledBuildRuns()) expect(after.peak).toBeLessThan(RSS_BUDGET_MIB);
    // A loop held by the PA's answers shows as seconds (1.2-7.9 s before the caps); this shared machine's scheduling
    // alone costs up to `quiet` (measured just before): the PA may add no more than 100 ms to it on PostgreSQL. PGlite
    // runs each of the round's queries on the gateway's thread: bounded, measured, not promised (docs/operations.md).
    const worst = Math.max(...latencies);
    if (engine === 'postgres') expect(worst).toBeLessThan(Math.max(...quiet) + HEALTH_MS);
    else expect(worst).toBeLessThan(1_000);
  });
});
