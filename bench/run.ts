/**
 * `npm run bench`: the gateway against a hand-written floor (issue 5).
 *
 * One run starts, each in its own process: the gateway (`passerelle serve`),
 * the floor (`bench/floor/server.ts`, PostgreSQL only) and the load generator
 * (autocannon). With `BENCH_DATABASE_URL` set it runs the PostgreSQL section
 * (gateway and floor on that database, ratios and the budget); it always runs
 * the embedded section (PGlite in a temporary directory, reported apart).
 * Then the scenarios that start servers of their own (status ingestion, the
 * default configuration, API and worker processes, the pipeline) and the
 * validation engines side by side (a child process, no database).
 * Prints a table and writes `bench/results.json`.
 *
 * Exit code: 0 whatever the numbers (the budget is reported, not asserted);
 * 1 only when the harness broke (a scenario threw or got no 2xx at all).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench
 *   npm run bench -- --quick        # ~20 s smoke run
 */
import { loadavg } from 'node:os';
import { enginesText, runValidationEngines } from './engines.ts';
import { type EnginesOutcome, VALIDATION_ENGINES } from './engines-types.ts';
import { runDefaultConfiguration } from './default-config.ts';
import { defaultConfigurationText } from './default-config-report.ts';
import { DEFAULT_CONFIGURATION, type DefaultConfigurationOutcome } from './default-config-types.ts';
import { startLoadGenerator } from './load.ts';
import { parseOptions, USAGE } from './options.ts';
import { installCleanup, killChildren } from './processes.ts';
import { buildResults, formatResults, writeResults } from './report.ts';
import { runPipeline } from './pipeline.ts';
import type { PipelineOutcome } from './pipeline-types.ts';
import { SCENARIO_NAMES, selects } from './scenarios.ts';
import { GATEWAY_ENV, runEmbeddedSection, runPostgresSection, type SectionResult } from './sections.ts';
import { runStatusIngestion } from './status-ingestion.ts';
import { STATUS_INGESTION, statusIngestionText, type StatusIngestionOutcome } from './status-ingestion-report.ts';
import { runWorkerProcesses } from './worker-processes.ts';
import { workerProcessesText } from './worker-processes-report.ts';
import { WORKER_PROCESSES, type WorkerProcessesOutcome } from './worker-processes-types.ts';

async function main(): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const apart = [STATUS_INGESTION, DEFAULT_CONFIGURATION, WORKER_PROCESSES, VALIDATION_ENGINES];
  const known = [...SCENARIO_NAMES, ...apart];
  const unknown = options.only.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`bench: unknown scenario ${unknown.join(', ')}; known: ${known.join(', ')}`);
    return 2;
  }
  // These run apart, like the pipeline: `--only` naming them alone starts no section.
  const others = options.only.filter((name) => !apart.includes(name));
  const runSections = options.only.length === 0 || (others.length > 0 && selects(others, 'sections'));
  const runStatuses = options.only.length === 0 || options.only.includes(STATUS_INGESTION);
  const runDefault = options.only.length === 0 || options.only.includes(DEFAULT_CONFIGURATION);
  const runWorkers = options.only.length === 0 || options.only.includes(WORKER_PROCESSES);
  const runEngines = options.only.length === 0 || options.only.includes(VALIDATION_ENGINES);

  installCleanup();
  const loadAverageAtStart = Number(loadavg()[0]!.toFixed(2));
  const started = Date.now();
  // Base 36 time: short, unique per run, and sorts; prefixes tenants and documents.
  const runId = started.toString(36);
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  if (!databaseUrl) process.stderr.write('bench: BENCH_DATABASE_URL not set: embedded engine only, no floor comparison\n');
  if (!databaseUrl && options.skipEmbedded) {
    console.error('bench: --no-embedded without BENCH_DATABASE_URL leaves nothing to run');
    return 2;
  }

  const load = startLoadGenerator();
  const sections: SectionResult[] = [];
  // A section that breaks (a server that will not start, say) is reported, and the others still run.
  const broken: string[] = [];
  const attempt = async (engine: string, run: () => Promise<SectionResult>) => {
    try {
      sections.push(await run());
    } catch (error) {
      broken.push(`${engine} section: ${error instanceof Error ? error.message : String(error)}`);
      process.stderr.write(`bench: the ${engine} section broke: ${(error as Error)?.stack ?? String(error)}\n`);
    }
  };
  try {
    if (runSections) {
      if (databaseUrl) await attempt('postgres', () => runPostgresSection(databaseUrl, { options, runId, load }));
      if (!options.skipEmbedded) await attempt('pglite', () => runEmbeddedSection({ options, runId, load }));
    }
  } finally {
    load.close();
  }
  // After the sections, whose servers are stopped by then: status ingestion and the pipeline start gateways of their own.
  let statuses: StatusIngestionOutcome | undefined;
  if (runStatuses)
    statuses = await runStatusIngestion({ options, runId, gatewayEnv: { ...GATEWAY_ENV, ...options.gatewayEnv } }, databaseUrl);
  // Its own gateway (sandbox PA, official validation), floor and database, like status ingestion.
  let defaults: DefaultConfigurationOutcome | undefined;
  if (runDefault)
    defaults = await runDefaultConfiguration({ options, runId, gatewayEnv: { ...GATEWAY_ENV, ...options.gatewayEnv } }, databaseUrl);
  // API and worker instances on a database of their own; then the engines alone, in a child process, no database.
  let workers: WorkerProcessesOutcome | undefined;
  if (runWorkers)
    workers = await runWorkerProcesses({ options, runId, gatewayEnv: { ...GATEWAY_ENV, ...options.gatewayEnv } }, databaseUrl);
  let engines: EnginesOutcome | undefined;
  if (runEngines) engines = await runValidationEngines(options);
  const pipelines: PipelineOutcome[] = [];
  if (selects(options.only, 'pipeline')) {
    const shared = { options, runId, gatewayEnv: { ...GATEWAY_ENV, ...options.gatewayEnv } };
    if (databaseUrl) pipelines.push(await runPipeline('postgres', shared, databaseUrl));
    if (!options.skipEmbedded) pipelines.push(await runPipeline('pglite', shared));
  }

  const results = buildResults(options, sections, loadAverageAtStart, pipelines);
  results.harnessProblems.unshift(
    ...broken,
    ...(statuses?.problems ?? []).map((problem) => `${STATUS_INGESTION}: ${problem}`),
    ...(defaults?.problems ?? []).map((problem) => `${DEFAULT_CONFIGURATION}: ${problem}`),
    ...(workers?.problems ?? []).map((problem) => `${WORKER_PROCESSES}: ${problem}`),
    ...(engines?.problems ?? []).map((problem) => `${VALIDATION_ENGINES}: ${problem}`),
  );
  writeResults(
    Object.assign(
      results,
      statuses && { statusIngestion: statuses },
      defaults && { defaultConfiguration: defaults },
      workers && { workerProcesses: workers },
      engines && { validationEngines: engines },
    ),
    options.output,
  );
  console.log(formatResults(results));
  if (statuses) console.log(`\n${statusIngestionText(statuses, options.quick).join('\n')}`);
  if (defaults) console.log(`\n${defaultConfigurationText(defaults, options.quick).join('\n')}`);
  if (workers) console.log(`\n${workerProcessesText(workers).join('\n')}`);
  if (engines) console.log(`\n${enginesText(engines).join('\n')}`);
  console.log(`\nResults written to ${options.output} (${((Date.now() - started) / 1000).toFixed(0)} s in all).`);
  return results.harnessProblems.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    killChildren();
    process.exit(code);
  },
  (error: unknown) => {
    console.error('bench: the harness broke:', error);
    killChildren();
    process.exit(1);
  },
);
