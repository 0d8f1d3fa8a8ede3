/**
 * The `worker-processes` scenario (run.ts): API and worker instances on one PostgreSQL database (docs/operations.md,
 * "API and worker instances"). One API instance (`passerelle serve` with `WORKERS=off`) takes a backlog of the
 * benchmark's invoices, nothing processing them, as the pipeline scenario's native run does; then `passerelle
 * worker` processes started on the same database drain it: one in a first run, two in a second (each run a tenant
 * of its own, the workers of the first stopped before the second's backlog). Reported: validated/s from the first
 * validation to the last with one process and with two, each worker's cores over that span, and, from the database
 * once everything was sent, whether any document was validated or sent twice (`worker-processes-db.ts`).
 *
 * PostgreSQL only, on a database of its own (`<BENCH_DATABASE_URL's database>_workers`, recreated when that name
 * starts with `bench`). Every instance: `PLATFORM=sandbox` (each worker sends to the sandbox PA mounted in its own
 * process, whose state is in the shared database, so the PA's flows can be counted), `VALIDATION=official`,
 * `VALIDATION_WORKERS=1` per worker process (two processes then hold the validation threads one `serve` holds by
 * default), the sandbox's statuses an hour apart (none lands within a run: the runs measure validation and
 * sending); `--gateway-env` may change all but PLATFORM and VALIDATION. `--quick` runs the two-process run only.
 */
import { cpus, loadavg } from 'node:os';
import type { BenchOptions } from './options.ts';
import { putDemoProfile } from './pipeline-load.ts';
import { peakRss } from './monitor.ts';
import { serverList } from './postgres-scenario.ts';
import { log, runPasserelle, type ServerProcess, startGateway, stopServer, temporaryDirectory } from './processes.ts';
import { prepareDatabase, seedInvoices } from './seed.ts';
import { startWorkerProcess, treeCpuMs } from './worker-process.ts';
import { type WorkersDatabase, workersDatabase } from './worker-processes-db.ts';
import { check } from './worker-processes-report.ts';
import { WORKER_PROCESSES, type WorkerProcessesOutcome, type WorkersRun } from './worker-processes-types.ts';

interface Shared {
  options: BenchOptions;
  runId: string;
  /** The other scenarios' gateway environment (`PLATFORM=none`, `--gateway-env`): PLATFORM and VALIDATION are replaced. */
  gatewayEnv: Record<string, string>;
}

const POLL_MS = 250;
const round2 = (value: number) => Math.round(value * 100) / 100;

function environment(shared: Shared, notes: string[]): Record<string, string> {
  const { PLATFORM, VALIDATION } = shared.options.gatewayEnv;
  if (PLATFORM || VALIDATION)
    notes.push('--gateway-env PLATFORM / VALIDATION ignored: the workers send to the sandbox PA after official validation');
  // `shared.gatewayEnv` holds `--gateway-env`: it may change the rest (VALIDATION_WORKERS=2, say).
  const { PLATFORM: _platform, VALIDATION: _validation, ...inherited } = shared.gatewayEnv;
  return { PLATFORM: 'sandbox', VALIDATION: 'official', VALIDATION_WORKERS: '1', SIMULATED_PLATFORM_STEP_MS: '3600000', ...inherited };
}

/** Runs the scenario; never throws (a failure is in `problems`). */
export async function runWorkerProcesses(shared: Shared, databaseUrl: string | undefined): Promise<WorkerProcessesOutcome> {
  const { options, runId } = shared;
  const outcome: WorkerProcessesOutcome = {
    name: WORKER_PROCESSES,
    database: '',
    env: {},
    runs: [],
    problems: [],
    notes: [],
    loadAverage: 0,
  };
  if (!databaseUrl) {
    outcome.notes.push('not run: worker processes share a PostgreSQL database (set BENCH_DATABASE_URL)');
    return outcome;
  }
  const url = new URL(databaseUrl);
  const name = `${decodeURIComponent(url.pathname.replace(/^\//, ''))}_workers`;
  url.pathname = `/${encodeURIComponent(name)}`;
  outcome.database = `${url.hostname}:${url.port || 5432}/${name}`;
  const counts = options.quick ? [2] : [1, 2];
  if (options.pinWorkers) outcome.notes.push('--pin-workers: worker i pinned to CPU i (taskset), the API instance and PostgreSQL unpinned');
  if (options.quick)
    outcome.notes.push('--quick: the two-process run only, on a small backlog; its rate means nothing, its duplicate check holds');
  outcome.env = environment(shared, outcome.notes);
  const dataDir = temporaryDirectory('passerelle-bench-workers-');
  // One DATA_DIR for all instances: it holds the webhook key file, which instances sharing a database must share.
  const env = { ...outcome.env, DATABASE_URL: url.toString(), DB_POOL_SIZE: String(options.poolSize), DATA_DIR: dataDir.path };
  const { started, stopAll } = serverList();
  let db: WorkersDatabase | undefined;
  try {
    const { fresh } = await prepareDatabase(url.toString());
    if (!fresh) outcome.notes.push(`database ${name} not recreated (its name does not start with "bench")`);
    db = workersDatabase(url.toString());
    const tenants = counts.map((k) => `workers-${runId}-${k}`);
    // Before the API starts, one at a time: the first migrates the fresh database, and `serve` then finds tenants
    // (on an empty one it would create and print a `dev` tenant).
    const tokens: string[] = [];
    for (const tenant of tenants) tokens.push(await runPasserelle(['token', 'create', '--tenant', tenant, '--create-tenant'], env));
    const api = await startGateway({ ...env, WORKERS: 'off' }, 'api-workers').then(started);
    for (const [i, k] of counts.entries()) {
      const setup = { env, api, token: tokens[i]!, tenant: tenants[i]!, prefix: `${runId}-workers${k}-`, options };
      outcome.runs.push(await drain(setup, k, db));
    }
    const [one, two] = [1, 2].map((k) => outcome.runs.find((run) => run.workers === k)?.validatedPerSecond);
    if (one && two) outcome.scaling = round2(two / one);
  } catch (error) {
    outcome.problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await db?.close().catch(() => {});
    await stopAll();
    dataDir.remove();
  }
  check(outcome);
  outcome.loadAverage = Number(loadavg()[0]!.toFixed(2));
  for (const problem of outcome.problems) log(`[postgres] ${WORKER_PROCESSES} broke: ${problem}`);
  return outcome;
}

interface Setup {
  env: Record<string, string>;
  api: ServerProcess;
  token: string;
  tenant: string;
  /** SaaS ids of the run's documents start with it. */
  prefix: string;
  options: BenchOptions;
}

interface Sample {
  at: number;
  cpuMs: Array<number | undefined>;
}

/** One run: the backlog through the API, then `k` workers until every document is sent (or the caps). */
async function drain(setup: Setup, k: number, db: WorkersDatabase): Promise<WorkersRun> {
  const { options, api, tenant, prefix } = setup;
  const label = `[postgres] ${WORKER_PROCESSES} (${k} worker process${k > 1 ? 'es' : ''})`;
  const backlog = options.workersBacklog;
  await putDemoProfile(api.url, setup.token);
  log(`${label}: ${backlog} documents through the API instance, no worker running`);
  const submitStarted = performance.now();
  await seedInvoices(api.url, setup.token, backlog, prefix.slice(0, -1));
  const run: WorkersRun = { workers: k, backlog, submitSeconds: round2((performance.now() - submitStarted) / 1000), states: {}, usage: [] };
  const spawnedAt = Date.now();
  const workers: ServerProcess[] = [];
  const samples: Sample[] = [];
  try {
    log(`${label}: starting ${k} \`passerelle worker\` on the same database`);
    const cpu = (i: number) => (options.pinWorkers ? i % cpus().length : undefined);
    workers.push(
      ...(await Promise.all(Array.from({ length: k }, (_, i) => startWorkerProcess(setup.env, `worker-${k}.${i + 1}`, cpu(i))))),
    );
    const pids = [...workers.map((worker) => worker.pid), api.pid];
    const waitFor = async (state: 'received' | 'validated', capSeconds: number): Promise<number | undefined> => {
      for (;;) {
        samples.push({ at: Date.now(), cpuMs: treeCpuMs(pids) });
        const left = (await db.states(tenant, prefix))[state] ?? 0;
        if (left === 0) return round2((Date.now() - spawnedAt) / 1000);
        if (Date.now() - spawnedAt > capSeconds * 1000) {
          log(`${label}: ${left} documents still ${state} after ${capSeconds} s; not waiting longer`);
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    // Caps: the JVMs' start and compile (tens of seconds on a loaded machine), then at least 5 documents a second.
    run.allValidatedAfterSeconds = await waitFor('received', 120 + backlog / 5);
    if (run.allValidatedAfterSeconds !== undefined) run.allSentAfterSeconds = await waitFor('validated', 150 + backlog / 5);
    run.usage = workers.map((worker) => ({ pid: worker.pid, peakRssMiB: mib(peakRss(worker.pid)) }));
  } finally {
    await Promise.all(workers.map(stopServer));
  }
  const times = await db.validatedTimes(tenant, prefix);
  run.states = await db.states(tenant, prefix);
  run.duplicates = await db.duplicates(tenant, prefix);
  if (times.firstMs !== undefined && times.lastMs !== undefined) {
    run.firstValidationAfterSeconds = round2((times.firstMs - spawnedAt) / 1000);
    run.seconds = round2((times.lastMs - times.firstMs) / 1000);
    if (run.seconds > 0) run.validatedPerSecond = round2((run.duplicates.validatedOnce + run.duplicates.validatedTwice) / run.seconds);
    const cores = coresBetween(samples, times.firstMs, times.lastMs);
    for (const [i, usage] of run.usage.entries()) usage.cores = cores[i];
    run.apiCores = cores[k];
  }
  return run;
}

const mib = (bytes: number | undefined) => (bytes === undefined ? undefined : Math.round((bytes / 1024 / 1024) * 10) / 10);

/** Cores of each sampled process between the last sample at or before `fromMs` and the first at or after `toMs`. */
function coresBetween(samples: readonly Sample[], fromMs: number, toMs: number): Array<number | undefined> {
  const start = samples.findLast((sample) => sample.at <= fromMs) ?? samples[0];
  const end = samples.find((sample) => sample.at >= toMs) ?? samples.at(-1);
  if (!start || !end || end.at <= start.at) return [];
  return start.cpuMs.map((from, i) => {
    const to = end.cpuMs[i];
    return from === undefined || to === undefined ? undefined : round2((to - from) / (end.at - start.at));
  });
}
