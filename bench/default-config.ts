/**
 * The `default-configuration` scenario (issue 18): the gateway as shipped,
 * `PLATFORM=sandbox` (the sandbox PA mounted under /sandbox-pa, reached over
 * HTTP by the real connector: the sender takes `validated → sent`, the status
 * poller reads the CDAR status flows) and `VALIDATION=official` (SaxonJS in
 * the validation workers), for a tenant with a seller profile, under REST POST
 * load, against the floor measured in the same run; then the drain.
 *
 * PostgreSQL only, on a database of its own (`<BENCH_DATABASE_URL's
 * database>_default`, recreated when that name starts with `bench`), with a
 * gateway and a floor of its own. In order:
 * 1. Warm-up: two documents must come out `sent` with the six scripted
 *    statuses (the chain works, the workers have loaded the artefacts).
 * 2. Bounded batch: `--default-batch` documents POSTed at once on the idle
 *    gateway, drained completely (or to `--drain-max`). It runs first: after
 *    the load it would queue behind the load's backlog.
 * 3. Floor POST and a control, REST POST on the same configuration serving
 *    the API only (`WORKERS=off`, a database of its own: no pipeline), in
 *    interleaved rounds (`--rounds`, `--duration`).
 * 4. Load: REST POST for the profiled tenant (`--warmup`, then `--duration`,
 *    `--connections`), in one block: interleaved with the floor, the floor's
 *    slices would meet the validation workers draining the gateway's backlog.
 * 5. Drain of that backlog, sampled from the database every second until
 *    every document is complete or `--drain-max`, then, if a backlog remains,
 *    the floor's POST again while the gateway drains.
 */
import { loadavg } from 'node:os';
import { batchDrain, type DrainDatabase, drainDatabase, submitBatch, watchDrain } from './default-config-drain.ts';
import { check } from './default-config-report.ts';
import { DEFAULT_CONFIGURATION, type DefaultConfigurationOutcome } from './default-config-types.ts';
import { measureUsage } from './default-config-usage.ts';
import { startLoadGenerator } from './load.ts';
import { peakRss, settle } from './monitor.ts';
import type { BenchOptions } from './options.ts';
import { ownDatabase, serverList } from './postgres-scenario.ts';
import { log, runPasserelle, startFloor, startGateway, temporaryDirectory, type ServerProcess } from './processes.ts';
import { type HttpMeasurement, type LoadJob, mergeMeasurements } from './requests.ts';
import { prepareDatabase } from './seed.ts';
import { putDemoProfile } from './pipeline-load.ts';

interface Shared {
  options: BenchOptions;
  runId: string;
  /** The other scenarios' gateway environment (`PLATFORM=none`, `--gateway-env`): PLATFORM and VALIDATION are replaced. */
  gatewayEnv: Record<string, string>;
}

const WARMUP_DOCUMENTS = 2;

/**
 * The default configuration, written out so the developer's shell cannot change it; `--gateway-env` may still set
 * the other variables (VALIDATION_WORKERS=1, a shorter step). `--quick` shortens the sandbox's step (2000 → 200 ms)
 * and the poll (5000 → 1000 ms) so its drains end within the smoke run: statuses then trail by 2 s, not 17 s.
 */
function gatewayEnvironment(shared: Shared, notes: string[]): Record<string, string> {
  const { PLATFORM, VALIDATION, ...rest } = shared.options.gatewayEnv;
  if (PLATFORM || VALIDATION) notes.push('--gateway-env PLATFORM / VALIDATION ignored: this scenario is the default configuration');
  const quick = shared.options.quick;
  return {
    PLATFORM: 'sandbox',
    VALIDATION: 'official',
    VALIDATION_WORKERS: '2',
    SIMULATED_PLATFORM_STEP_MS: quick ? '200' : '2000',
    PA_POLL_INTERVAL_MS: quick ? '1000' : '5000',
    ...rest,
  };
}

/** Runs the scenario; never throws (a failure is in `problems`). */
export async function runDefaultConfiguration(shared: Shared, databaseUrl: string | undefined): Promise<DefaultConfigurationOutcome> {
  const { options } = shared;
  const outcome: DefaultConfigurationOutcome = {
    name: DEFAULT_CONFIGURATION,
    database: '',
    gatewayEnv: {},
    ratios: {},
    usage: {},
    problems: [],
    notes: [],
    loadAverage: 0,
  };
  const database = ownDatabase(outcome, databaseUrl, '_default');
  if (!database) return outcome;
  if (options.quick)
    outcome.notes.push('--quick: a smoke run of the harness (sandbox step 200 ms, poll 1 s, short drains); rates mean nothing');
  outcome.gatewayEnv = gatewayEnvironment(shared, outcome.notes);
  const dataDir = temporaryDirectory('passerelle-bench-default-');
  const { started, stopAll } = serverList();
  const load = startLoadGenerator();
  let db: DrainDatabase | undefined;
  try {
    const { fresh } = await prepareDatabase(database.url);
    if (!fresh) outcome.notes.push(`database ${database.name} not recreated (its name does not start with "bench")`);
    const controlDatabase = ownDatabase({ ...outcome, notes: [] }, databaseUrl, '_default_control')!;
    await prepareDatabase(controlDatabase.url);
    db = drainDatabase(database.url);
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir.path };
    await measure(outcome, { shared, env, controlDatabaseUrl: controlDatabase.url, db, load, started });
  } catch (error) {
    outcome.problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    load.close();
    await db?.close().catch(() => {});
    await stopAll();
    dataDir.remove();
  }
  outcome.loadAverage = Number(loadavg()[0]!.toFixed(2));
  for (const problem of outcome.problems) log(`[postgres] ${DEFAULT_CONFIGURATION} broke: ${problem}`);
  return outcome;
}

interface Run {
  shared: Shared;
  env: Record<string, string>;
  /** The control gateway's database (`_default_control`). */
  controlDatabaseUrl: string;
  db: DrainDatabase;
  load: ReturnType<typeof startLoadGenerator>;
  started: (server: ServerProcess) => ServerProcess;
}

/** The scenario's steps (module comment), filling `outcome`. @throws when a step breaks. */
async function measure(outcome: DefaultConfigurationOutcome, run: Run): Promise<void> {
  const { options, runId } = run.shared;
  const env: Record<string, string> = {
    ...run.shared.gatewayEnv,
    ...outcome.gatewayEnv,
    ...run.env,
    DB_POOL_SIZE: String(options.poolSize),
  };
  const tenant = `default-${runId}`;
  const control = `default-${runId}-control`;
  const floorToken = `floor-${runId}`;
  // The control: the same configuration serving the API only (WORKERS=off) on a database of its own, so no
  // pipeline (of its own, or of the measured gateway on a shared database) ever takes its documents.
  const controlEnv = { ...env, WORKERS: 'off', DATABASE_URL: run.controlDatabaseUrl, DATA_DIR: `${env.DATA_DIR}/control` };
  const [token, controlToken, gateway, controlGateway, floor] = await Promise.all([
    runPasserelle(['token', 'create', '--tenant', tenant, '--create-tenant'], env),
    runPasserelle(['token', 'create', '--tenant', control, '--create-tenant'], controlEnv),
    startGateway(env, 'gateway-default', options.profileDir).then(run.started),
    startGateway(controlEnv, 'gateway-control').then(run.started),
    startFloor({ databaseUrl: env.DATABASE_URL!, token: floorToken, poolSize: options.poolSize }).then(run.started),
  ]);
  await putDemoProfile(controlGateway.url, controlToken);
  const label = `[postgres] ${DEFAULT_CONFIGURATION}`;
  const prefix = `${runId}-default`;
  const drainTarget = (saasPrefix: string, capSeconds: number) => ({
    db: run.db,
    tenant,
    saasPrefix,
    label,
    capSeconds,
    gatewayPid: gateway.pid,
  });
  await putDemoProfile(gateway.url, token);

  log(`${label}: ${outcome.database}, gateway pid ${gateway.pid}; ${WARMUP_DOCUMENTS} warm-up documents`);
  const warm = await batchDrain(
    drainTarget(`${prefix}-warmup-`, options.quick ? 60 : 120),
    () => submitBatch(gateway.url, token, `${prefix}-warmup`, WARMUP_DOCUMENTS, WARMUP_DOCUMENTS),
    WARMUP_DOCUMENTS,
  );
  if (!warm.finished || warm.last.rejected > 0) {
    const { last } = warm;
    throw new Error(
      `the warm-up documents did not come out sent with their 6 statuses within ${warm.capSeconds} s: ${last.received} received, ` +
        `${last.validated} validated, ${last.sent} sent (${last.complete} complete), ${last.rejected} rejected, ${last.statuses} statuses, ` +
        `${warm.inboundProblems} unrecorded status flows ${warm.rejectionSamples.join(' | ')}`,
    );
  }
  outcome.warmupSeconds = warm.allDoneSeconds;

  log(`${label}: bounded batch of ${options.defaultBatch} documents, drained to at most ${options.drainMaxSeconds} s`);
  outcome.batch = await batchDrain(
    drainTarget(`${prefix}-batch-`, options.drainMaxSeconds),
    () => submitBatch(gateway.url, token, `${prefix}-batch`, options.defaultBatch, options.connections),
    options.defaultBatch,
  );

  const settled = await settle(gateway.pid, options.settleSeconds, options.settleMaxSeconds);
  if (!settled.idle) outcome.notes.push(`the gateway was still busy after ${settled.seconds.toFixed(1)} s; measured anyway`);
  const job = (baseUrl: string, jobToken: string, jobPrefix: string): LoadJob => ({
    kind: 'rest-post-invoice',
    baseUrl,
    token: jobToken,
    ids: [],
    prefix: jobPrefix,
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
  });
  log(`${label}: floor POST and the control (API only, a database of its own) taking turns in ${options.rounds} rounds`);
  const slices = { floor: [] as HttpMeasurement[], idle: [] as HttpMeasurement[] };
  const idleUsage = measureUsage(controlGateway.pid);
  for (let round = 0; round < options.rounds; round++) {
    const slice = { warmupSeconds: round === 0 ? options.warmupSeconds : 0, durationSeconds: options.durationSeconds / options.rounds };
    slices.floor.push(await run.load.measure({ ...job(floor.url, floorToken, `${prefix}-floor-r${round}`), ...slice }));
    slices.idle.push(await run.load.measure({ ...job(controlGateway.url, controlToken, `${prefix}-control-r${round}`), ...slice }));
  }
  outcome.usage.idle = idleUsage();
  outcome.floorPost = mergeMeasurements(slices.floor);
  outcome.idlePost = mergeMeasurements(slices.idle);

  log(`${label}: REST POST under the default configuration, ${options.connections} connections`);
  const loadUsage = measureUsage(gateway.pid);
  const { latenciesMs: _raw, ...restPost } = await run.load.measure(job(gateway.url, token, `${prefix}-load`));
  const origin = performance.now();
  outcome.usage.load = loadUsage();
  outcome.restPost = restPost;

  log(`${label}: the load's backlog draining, at most ${options.drainMaxSeconds} s`);
  outcome.backlog = await watchDrain({ ...drainTarget(`${prefix}-load-`, options.drainMaxSeconds), origin });
  if (!outcome.backlog.finished) {
    log(`${label}: floor POST while the gateway drains`);
    const drainUsage = measureUsage(gateway.pid);
    const { latenciesMs: _floorRaw, ...during } = await run.load.measure(job(floor.url, floorToken, `${prefix}-floor-drain`));
    outcome.usage.floorDuringDrain = drainUsage();
    outcome.floorDuringDrain = during;
  }

  const floorRate = outcome.floorPost.requestsPerSecond;
  if (floorRate > 0) {
    outcome.ratios.restPost = restPost.requestsPerSecond / floorRate;
    outcome.ratios.idlePost = outcome.idlePost.requestsPerSecond / floorRate;
    if (outcome.floorDuringDrain) outcome.ratios.floorDuringDrain = outcome.floorDuringDrain.requestsPerSecond / floorRate;
  }
  const peak = peakRss(gateway.pid);
  if (peak !== undefined) outcome.gatewayPeakRssMiB = Math.round((peak / 1024 / 1024) * 10) / 10;
  outcome.notes.push(
    `the control's ${outcome.idlePost.total2xx}+ documents stay received: its gateway serves the API only (WORKERS=off) on a database of its own`,
  );
  check(outcome);
}
