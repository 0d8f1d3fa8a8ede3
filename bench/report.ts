/**
 * The run's results: the object written to `bench/results.json` and the
 * table printed to stdout. Absolute numbers depend on the machine (2 cores
 * shared by the load generator, the servers and PostgreSQL); the ratios to
 * the floor are what carries from one machine to another.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { checkBudget, failures, FANOUT_SUBSCRIBERS, harnessProblems, MIB, RATIOS, ratios, type BudgetLine } from './budget.ts';
import type { BenchOptions } from './options.ts';
import { checkPipelineTargets, pipelineProblems, pipelineText } from './pipeline-report.ts';
import type { PipelineOutcome } from './pipeline-types.ts';
import { ROOT } from './processes.ts';
import type { FanoutResult } from './scenarios.ts';
import type { SectionResult } from './sections.ts';

export interface Results {
  date: string;
  /** The gateway's git commit, and whether tracked files differed from it; absent outside a git checkout. */
  revision?: { commit: string; modified: boolean };
  quick: boolean;
  /** The options every scenario ran with (their meaning: `BenchOptions`). */
  protocol: Pick<BenchOptions, 'connections' | 'warmupSeconds' | 'durationSeconds' | 'rounds' | 'poolSize' | 'seedCount'> & {
    /** The pipeline scenario's official run (documents offered, per second) and native backlog. */
    pipeline: { ratePerSecond: number; documents: number; backlog: number };
  };
  machine: {
    platform: string;
    release: string;
    arch: string;
    cpuModel: string;
    cpuCount: number;
    totalMemoryMiB: number;
    node: string;
    /** 1-minute load average before the run started: anything else busy on the machine skews every number. */
    loadAverageAtStart: number;
  };
  sections: SectionResult[];
  /** The pipeline scenario (issue 17), one per engine it ran on. */
  pipeline: PipelineOutcome[];
  /** Gateway / floor throughput on PostgreSQL. */
  ratios: Record<string, number>;
  budget: BudgetLine[];
  /** Issue 17's pipeline targets, per engine: reported, never asserted. */
  pipelineTargets: BudgetLine[];
  /** Problems of the harness itself; non-empty means the run proves nothing. */
  harnessProblems: string[];
}

function revision(): Results['revision'] {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return { commit: git('rev-parse', 'HEAD'), modified: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return undefined;
  }
}

/** Assembles the results of a run. */
export function buildResults(
  options: BenchOptions,
  sections: SectionResult[],
  loadAverageAtStart: number,
  pipeline: PipelineOutcome[] = [],
): Results {
  const postgres = sections.find((s) => s.engine === 'postgres');
  const cpuList = cpus();
  return {
    date: new Date().toISOString(),
    revision: revision(),
    quick: options.quick,
    protocol: {
      connections: options.connections,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      poolSize: options.poolSize,
      seedCount: options.seedCount,
      pipeline: { ratePerSecond: options.pipelineRate, documents: options.pipelineDocuments, backlog: options.pipelineBacklog },
    },
    machine: {
      platform: platform(),
      release: release(),
      arch: arch(),
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
      cpuCount: cpuList.length,
      totalMemoryMiB: Math.round(totalmem() / MIB),
      node: process.version,
      loadAverageAtStart,
    },
    sections,
    pipeline,
    ratios: ratios(postgres),
    budget: checkBudget(postgres, options.connections),
    pipelineTargets: checkPipelineTargets(pipeline),
    harnessProblems: [...harnessProblems(sections), ...pipelineProblems(pipeline)],
  };
}

/** Writes `results` as indented JSON to `path`. */
export function writeResults(results: Results, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}

function table(rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (rightAligned(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const TITLES: Record<SectionResult['engine'], string> = { postgres: 'PostgreSQL', pglite: 'Embedded (PGlite)' };

/** The fan-out's lines under the table: the budget's numbers, then what explains them. */
function fanoutText(title: string, f: FanoutResult): string[] {
  const d = f.details;
  const lines = [
    `${title}: ${f.received}/${f.subscribers} subscribers received ${f.rounds === 1 ? 'the status' : `each of ${f.rounds} statuses (worst round)`}, ` +
      `p50 ${f.latencyMs.p50} ms, p99 ${f.latencyMs.p99} ms, max ${f.latencyMs.max} ms from just before the POST, over all receipts; ${f.errors} errors` +
      (f.subscribers < FANOUT_SUBSCRIBERS
        ? ` — ${f.subscribers} subscribers, not the ${FANOUT_SUBSCRIBERS.toLocaleString('en')} of the budget (--quick or --subscribers)`
        : ''),
    `  ${d.connections} graphql-ws connections (one subscription each), ${d.connected} acknowledged in ${d.connectSeconds} s, ${d.live} proven live by ${d.probes} probe status(es) in ${d.readySeconds} s, then ${d.warmupStatuses} unmeasured warm-up statuses`,
    ...d.rounds.map(
      (r, i) =>
        `  status ${i + 1} (code ${r.code}): ${r.received} received, p50 ${r.latencyMs.p50} / p99 ${r.latencyMs.p99} / max ${r.latencyMs.max} ms, ` +
        `POST ${r.recordMs} ms, gateway CPU ${r.gatewayCpuMs ?? '?'} ms, subscriber process busy ${Math.round(r.subscriberEventLoopUtilization * 100)} %`,
    ),
  ];
  if (d.gatewayRssMiB) {
    const m = d.gatewayRssMiB;
    lines.push(
      `  gateway RSS: ${m.beforeConnect} MiB before connecting, ${m.live} MiB with every subscriber live, ${m.afterRounds} MiB after the statuses, ${m.afterClose} MiB 1 s after disconnecting`,
    );
  }
  if (d.otherEvents > 0) lines.push(`  ${d.otherEvents} unexpected events (neither probe nor measured status)`);
  for (const sample of d.errorSamples) lines.push(`  error: ${sample}`);
  return lines;
}

function sectionText(section: SectionResult): string {
  const rows = [['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'bad body', 'errors', 'gw RSS MiB', 'idle wait s', 'load']];
  const fanouts: string[] = [];
  for (const s of section.scenarios) {
    const rss = s.server === 'gateway' ? (s.gatewayPeakRssBytes / MIB).toFixed(0) : '';
    const wait = `${s.settle.seconds.toFixed(1)}${s.settle.idle ? '' : ' busy'}`;
    if (s.error !== undefined) rows.push([s.title, 'BROKE', '', '', '', '', '', rss, wait, s.loadAverage.toFixed(1)]);
    else if (s.result?.kind === 'http') {
      const m = s.result.measurement;
      rows.push([
        s.title,
        m.requestsPerSecond.toFixed(0),
        String(m.latencyMs.p50),
        String(m.latencyMs.p99),
        String(m.non2xx),
        String(m.mismatches),
        String(m.errors),
        rss,
        wait,
        s.loadAverage.toFixed(1),
      ]);
    } else if (s.result?.kind === 'fanout') {
      const f = s.result;
      rows.push([
        s.title,
        '—',
        String(f.latencyMs.p50),
        String(f.latencyMs.p99),
        '',
        '',
        String(f.errors),
        rss,
        wait,
        s.loadAverage.toFixed(1),
      ]);
      fanouts.push(...fanoutText(s.title, f));
    }
  }
  const out = [
    `${TITLES[section.engine]}: ${section.database}`,
    table(rows, (column) => column > 0),
    ...fanouts,
    `gateway peak RSS: ${(section.gatewayPeakRss.bytes / MIB).toFixed(1)} MiB (${section.gatewayPeakRss.source}; "gw RSS" is the peak so far after each scenario)`,
    '"idle wait": time the gateway took to go idle before the scenario ("busy": it never did, the scenario ran anyway);',
    '"load": 1-minute load average at its end (the benchmark alone keeps it near the CPU count; much more means other work)',
    ...section.notes.map((note) => `note: ${note}`),
  ];
  const broken = section.scenarios.filter((s) => failures(s) > 0);
  for (const s of broken) {
    if (s.result?.kind === 'http') out.push(`status codes of ${s.name}: ${JSON.stringify(s.result.measurement.statusCodes)}`);
  }
  return out.join('\n');
}

/** The human-readable report: one table per engine, the ratios and the budget. */
export function formatResults(results: Results): string {
  const p = results.protocol;
  const out = [
    `Passerelle benchmark${results.quick ? ' (--quick smoke run: speed not meaningful)' : ''} — ${results.date}` +
      (results.revision ? ` — ${results.revision.commit.slice(0, 7)}${results.revision.modified ? ' + local changes' : ''}` : ''),
    `${results.machine.cpuCount} × ${results.machine.cpuModel}, ${results.machine.totalMemoryMiB} MiB, Node ${results.machine.node}, ${results.machine.platform} ${results.machine.release}`,
    `${p.connections} connections, ${p.warmupSeconds} s warm-up + ${p.durationSeconds} s per scenario` +
      (p.rounds > 1
        ? ` (floor and gateway scenarios of a ratio take turns: ${p.rounds} rounds of ${+(p.durationSeconds / p.rounds).toFixed(2)} s)`
        : '') +
      `, pool ${p.poolSize}; load generator, servers and database share the machine`,
    `load average before the run: ${results.machine.loadAverageAtStart}${results.machine.loadAverageAtStart > 0.5 ? ' (the machine was not idle: numbers are skewed)' : ''}`,
    '',
  ];
  for (const section of results.sections) out.push(sectionText(section), '');
  for (const outcome of results.pipeline) out.push(...pipelineText(outcome), '');
  const measured = RATIOS.filter((spec) => results.ratios[spec.name] !== undefined);
  if (measured.length > 0) {
    out.push('Ratios gateway / floor (PostgreSQL):');
    for (const spec of measured)
      out.push(`  ${spec.title.padEnd(36)} ${results.ratios[spec.name]!.toFixed(2)}  (budget ≥ ${spec.minimum})`);
    out.push('');
  }
  out.push(`Budget (issue 5, PostgreSQL${results.quick ? '; a quick run is not the budget protocol' : ''}):`);
  for (const line of results.budget) out.push(`  ${line.status.toUpperCase().padEnd(12)} ${line.requirement} — ${line.measured}`);
  if (results.pipelineTargets.length > 0) {
    out.push('', `Pipeline targets (issue 17, reported, not asserted${results.quick ? '; a quick run is not the protocol' : ''}):`);
    for (const line of results.pipelineTargets)
      out.push(`  ${line.status.toUpperCase().padEnd(12)} ${line.requirement} — ${line.measured}`);
  }
  if (results.harnessProblems.length > 0) {
    out.push('', 'HARNESS PROBLEMS (the run proves nothing):', ...results.harnessProblems.map((problem) => `  ${problem}`));
  }
  return out.join('\n');
}
