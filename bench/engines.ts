/**
 * The `validation-engines` scenario of `npm run bench` (run.ts): `validation-engines.ts` in a child process of its
 * own (its CPU is then the engines' alone: SaxonJS's worker threads, the JVM it starts), both engines one after
 * the other, two documents in flight (the bench machine's two cores), then the ratio Saxon-HE / SaxonJS. No
 * database: it runs once per bench run, after the other scenarios have stopped their servers. Saxon-HE is
 * skipped, with the reason, without Java or /usr/share/java/Saxon-HE.jar.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type EnginesOutcome, type EnginesReport, VALIDATION_ENGINES } from './engines-types.ts';
import type { BenchOptions } from './options.ts';
import { adoptChild, log, ROOT } from './processes.ts';

const SCRIPT = fileURLToPath(new URL('./validation-engines.ts', import.meta.url));
/** Documents in flight: one per core of the bench machine, as the gateway's two validation workers. */
const THREADS = 2;

/** Runs `validation-engines.ts --json` and parses its last stdout line. @throws when it exits non-zero or prints no JSON. */
function runChild(args: string[]): Promise<EnginesReport> {
  return new Promise((resolve, reject) => {
    const child = adoptChild(
      spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--json', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) log(`[${VALIDATION_ENGINES}] ${line}`);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`validation-engines.ts exited with ${code ?? signal}: ${last.slice(0, 300)}`));
      try {
        resolve(JSON.parse(last) as EnginesReport);
      } catch {
        reject(new Error(`validation-engines.ts printed no JSON: ${last.slice(0, 300)}`));
      }
    });
  });
}

/** Runs the scenario; never throws (a failure is in `problems`). */
export async function runValidationEngines(options: BenchOptions): Promise<EnginesOutcome> {
  const outcome: EnginesOutcome = { name: VALIDATION_ENGINES, seconds: 0, problems: [], notes: [], loadAverage: 0 };
  const docs = options.engineDocuments;
  const warmup = options.quick ? 2 * THREADS : 40;
  if (options.quick) outcome.notes.push(`--quick: ${docs} documents after ${warmup} warm-up per engine, JIT cold; the ratio means little`);
  log(`${VALIDATION_ENGINES}: ${docs} documents per engine after ${warmup} warm-up, ${THREADS} in flight`);
  const started = performance.now();
  try {
    Object.assign(outcome, await runChild(['--docs', String(docs), '--warmup', String(warmup), '--threads', String(THREADS)]));
    const he = outcome.results?.['saxon-he']?.ubl20Lines;
    const js = outcome.results?.['saxon-js']?.ubl20Lines;
    if (!js) outcome.problems.push('SaxonJS was not measured');
    for (const [engine, row] of Object.entries(outcome.results ?? {}))
      if (row.ubl20Lines.withFatal > 0) outcome.problems.push(`${engine}: ${row.ubl20Lines.withFatal} documents with fatal findings`);
    if (he && js && js.docsPerSecond > 0 && he.cpuMsPerDoc > 0)
      outcome.ratio = {
        docsPerSecond: Math.round((he.docsPerSecond / js.docsPerSecond) * 100) / 100,
        cpuPerDocument: Math.round((js.cpuMsPerDoc / he.cpuMsPerDoc) * 100) / 100,
      };
  } catch (error) {
    outcome.problems.push(error instanceof Error ? error.message : String(error));
  }
  outcome.seconds = Math.round((performance.now() - started) / 100) / 10;
  outcome.loadAverage = Number(loadavg()[0]!.toFixed(2));
  return outcome;
}

const LABELS = { 'saxon-he': 'Saxon-HE (one JVM)', 'saxon-js': 'SaxonJS (worker threads)' } as const;

/**
 * The report's lines: a Markdown table (pastes into docs/performance.md as it is), one row per engine measured or
 * skipped and one for the ratio, then the notes and problems.
 */
export function enginesText(outcome: EnginesOutcome): string[] {
  const threads = outcome.threads ?? THREADS;
  const out = [
    `Validation engines: official artefacts (XSD, EN 16931, BR-FR) on the 20-line invoice as UBL, ${threads} in flight, ` +
      `${outcome.docs ?? '?'} documents after ${outcome.warmup ?? '?'} warm-up, no database (${outcome.seconds} s, load average ${outcome.loadAverage})`,
    '',
    `| Engine (${threads} in flight) | documents/s | CPU ms / document | of which Node | first ${threads} documents |`,
    '|---|---|---|---|---|',
  ];
  for (const engine of ['saxon-he', 'saxon-js'] as const) {
    const row = outcome.results?.[engine];
    const skipped = outcome.skipped?.[engine];
    if (row) {
      const m = row.ubl20Lines;
      out.push(
        `| ${LABELS[engine]} | ${m.docsPerSecond.toFixed(1)} | ${m.cpuMsPerDoc.toFixed(1)} | ${m.nodeCpuMsPerDoc.toFixed(1)} | ${(row.firstDocumentsMs / 1000).toFixed(1)} s |`,
      );
    } else if (skipped) out.push(`| ${LABELS[engine]} | skipped: ${skipped} | | | |`);
  }
  if (outcome.ratio) out.push(`| Saxon-HE / SaxonJS | ${outcome.ratio.docsPerSecond}x | ${outcome.ratio.cpuPerDocument}x less | | |`);
  out.push('', ...outcome.notes.map((note) => `  note: ${note}`), ...outcome.problems.map((problem) => `  PROBLEM: ${problem}`));
  return out;
}
