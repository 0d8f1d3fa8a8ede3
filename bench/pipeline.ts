/**
 * The `pipeline` scenario (issue 17) on one engine: how fast accepted
 * documents become `validated` e-invoices (the SaaS body mapped to EN 16931,
 * UBL and CII written, the UBL checked by the official artefacts in the
 * gateway's validation workers), what the 202 path keeps meanwhile, what the
 * gateway holds in memory, and where one document's time goes.
 *
 * It runs apart from the request scenarios, on a database of its own (on
 * PostgreSQL `<BENCH_DATABASE_URL's database>_pipeline`, recreated when that
 * name starts with `bench`; embedded, a fresh temporary DATA_DIR): its tenants
 * have a seller profile, which would make the request scenarios' gateway
 * process their documents too, and the native run needs a gateway started
 * with `VALIDATION=native`. Two tenants, one per run, tokens from the CLI.
 * See `pipeline-runs.ts` for the runs, `pipeline-analysis.ts` for the numbers.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { BenchOptions } from './options.ts';
import { embeddedDatabase, offeredLoadProcessed, type PipelineDatabase, postgresDatabase, processed } from './pipeline-analysis.ts';
import { remainingOverGraphql } from './pipeline-load.ts';
import { MEASURED, type NativeLive, nativeRun, type OfficialLive, officialRun, type RunSetup } from './pipeline-runs.ts';
import { measureTimeSplit } from './pipeline-split.ts';
import type { PipelineOutcome } from './pipeline-types.ts';
import { log, ROOT, runPasserelle, temporaryDirectory } from './processes.ts';
import type { Engine } from './scenarios.ts';
import { prepareDatabase } from './seed.ts';

/** What every engine's run shares. */
export interface PipelineShared {
  options: BenchOptions;
  runId: string;
  /** The gateway environment of the other scenarios (`--gateway-env` included); the runs set VALIDATION and the database. */
  gatewayEnv: Record<string, string>;
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : entry.name.endsWith('.ts') ? statSync(path).mtimeMs : 0);
  }
  return newest;
}

/** What `bin/passerelle.mjs` will run: the build when it is at least as new as the sources, else the sources through tsx. */
function gatewayBuild(): PipelineOutcome['gatewayBuild'] {
  const stamp = join(ROOT, 'dist', '.built');
  if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js')) || !existsSync(stamp)) return 'tsx';
  const builtAt = statSync(stamp).mtimeMs;
  return ['src', 'rest-facade'].every((dir) => newestSource(join(ROOT, dir)) <= builtAt) ? 'dist' : 'tsx';
}

/** Where the runs keep their data, and how the harness reads it. */
interface Storage {
  database: string;
  env: Record<string, string>;
  notes: string[];
  /** PostgreSQL: readable while the gateways run. */
  live?: PipelineDatabase;
  /** The database for the analysis, once no gateway runs. */
  open(): Promise<PipelineDatabase>;
  remove(): void;
}

async function prepareStorage(engine: Engine, options: BenchOptions, databaseUrl: string | undefined): Promise<Storage> {
  const dataDir = temporaryDirectory(`passerelle-bench-pipeline-${engine}-`);
  if (engine === 'pglite' || !databaseUrl) {
    return {
      database: 'embedded PGlite in a temporary DATA_DIR',
      env: { DATA_DIR: dataDir.path },
      notes: [],
      open: () => embeddedDatabase(dataDir.path),
      remove: dataDir.remove,
    };
  }
  const url = new URL(databaseUrl);
  const name = `${decodeURIComponent(url.pathname.replace(/^\//, ''))}_pipeline`;
  url.pathname = `/${encodeURIComponent(name)}`;
  const { fresh } = await prepareDatabase(url.toString());
  const live = postgresDatabase(url.toString());
  return {
    database: `${url.hostname}:${url.port || 5432}/${name}`,
    // DATA_DIR: the gateway keeps its webhook key file there even on PostgreSQL.
    env: { DATABASE_URL: url.toString(), DB_POOL_SIZE: String(options.poolSize), DATA_DIR: dataDir.path },
    notes: fresh ? [] : [`database ${name} not recreated (its name does not start with "bench"): tables may hold earlier runs`],
    live,
    open: async () => live,
    remove: dataDir.remove,
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the scenario on `engine` (`databaseUrl` for PostgreSQL). Never
 * throws: a part that breaks is listed in `problems`, the others still run.
 */
export async function runPipeline(engine: Engine, shared: PipelineShared, databaseUrl?: string): Promise<PipelineOutcome> {
  const { options, runId } = shared;
  const outcome: PipelineOutcome = {
    name: 'pipeline',
    engine,
    database: '',
    gatewayBuild: gatewayBuild(),
    problems: [],
    notes: [],
    loadAverage: 0,
  };
  if (options.quick) outcome.notes.push('--quick: a handful of documents, a smoke run of the harness; rates and percentiles mean nothing');
  if (shared.gatewayEnv.VALIDATION)
    outcome.notes.push(`--gateway-env VALIDATION=${shared.gatewayEnv.VALIDATION} ignored: each run sets its own`);
  const tenants = { official: `pipeline-${runId}-official`, native: `pipeline-${runId}-native` };
  const prefix = `${runId}-${engine}-pipeline`;
  let storage: Storage | undefined;
  let official: OfficialLive | undefined;
  let native: NativeLive | undefined;
  try {
    storage = await prepareStorage(engine, options, databaseUrl);
    outcome.database = storage.database;
    outcome.notes.push(...storage.notes);
    const env = { ...shared.gatewayEnv, ...storage.env };
    log(`[${engine}] pipeline: ${storage.database}, gateway from ${outcome.gatewayBuild}`);
    const create = (tenant: string) => runPasserelle(['token', 'create', '--tenant', tenant, '--create-tenant'], env);
    // PGlite: the CLI needs the data directory to itself, one command at a time.
    const tokens =
      engine === 'postgres'
        ? await Promise.all([create(tenants.official), create(tenants.native)])
        : [await create(tenants.official), await create(tenants.native)];
    const live = storage.live;
    const setup = (tenant: string, token: string): RunSetup => ({
      label: `${engine} pipeline`,
      env,
      token,
      prefix,
      options,
      remaining: (gateway) => (live ? () => live.received(tenant) : remainingOverGraphql(gateway.url, token)),
    });
    try {
      official = await officialRun(setup(tenants.official, tokens[0]!), options.pipelineRate, options.pipelineDocuments);
    } catch (error) {
      outcome.problems.push(`official run: ${message(error)}`);
    }
    try {
      native = await nativeRun(setup(tenants.native, tokens[1]!), options.pipelineBacklog);
    } catch (error) {
      outcome.problems.push(`native run: ${message(error)}`);
    }
    await analyse(outcome, storage, tenants, prefix, official, native);
  } catch (error) {
    outcome.problems.push(message(error));
  } finally {
    await storage?.live?.close().catch(() => {});
    storage?.remove();
  }
  try {
    log(`[${engine}] pipeline: time split per document`);
    outcome.split = await measureTimeSplit(`${prefix}-split`, options.quick ? 20 : 200, options.quick ? 3 : 20);
  } catch (error) {
    outcome.problems.push(`time split: ${message(error)}`);
  }
  outcome.loadAverage = Number(loadavg()[0]!.toFixed(2));
  for (const problem of outcome.problems) log(`[${engine}] pipeline broke: ${problem}`);
  return outcome;
}

/** Adds each run's documents, from the database's timestamps, to what was measured live. */
async function analyse(
  outcome: PipelineOutcome,
  storage: Storage,
  tenants: { official: string; native: string },
  prefix: string,
  official: OfficialLive | undefined,
  native: NativeLive | undefined,
): Promise<void> {
  if (!official && !native) return;
  const db = await storage.open();
  try {
    if (official) {
      const documents = await db.documents(tenants.official, `${prefix}-${MEASURED.official}-`);
      const rejectionSamples = documents.flatMap((d) => (d.rejection ? [d.rejection.slice(0, 300)] : [])).slice(0, 3);
      outcome.official = { ...official, processed: offeredLoadProcessed(documents), rejectionSamples };
    }
    if (native) {
      const documents = await db.documents(tenants.native, `${prefix}-${MEASURED.native}-`);
      // The drain starts with the first document processed (the draining gateway's start-up is not the pipeline's).
      const firstMs = Math.min(...documents.flatMap((d) => (d.processedMs === undefined ? [] : [d.processedMs])));
      if (!Number.isFinite(firstMs)) throw new Error('native run: no document of the backlog was processed');
      outcome.native = { ...native, processed: processed(documents, firstMs) };
    }
  } finally {
    if (db !== storage.live) await db.close();
  }
}
