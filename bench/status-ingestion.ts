/**
 * The `status-ingestion` scenario: how many lifecycle statuses a second the
 * gateway records through `POST /pa/v1/lifecycle-events` (the PA's inbound
 * path, group-committed by `src/domain/lifecycle/batch-writer.ts`), against
 * the floor's `POST /v1/invoices` in the same run (issue target: ≥ 0.8×).
 *
 * PostgreSQL only, on a database of its own (`<BENCH_DATABASE_URL's
 * database>_statuses`, recreated when that name starts with `bench`), with a
 * gateway (`PLATFORM=none`, so every status is the load generator's) and a
 * floor of its own. It seeds 2,000 invoices over REST (50 with `--quick`), then measures
 * three members in interleaved rounds (`interleave.ts`'s protocol: warm-up
 * once, `--rounds` slices of `--duration / --rounds` each, at
 * `--connections`): the floor's POST, the gateway's REST POST, and statuses,
 * each request a valid non-final status for one of the seeded submissions
 * (round robin) with its own `event_id` (`status-loadgen.ts`).
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { settle } from './monitor.ts';
import type { BenchOptions } from './options.ts';
import { ownDatabase, serverList } from './postgres-scenario.ts';
import { adoptChild, log, runPasserelle, startFloor, startGateway, temporaryDirectory } from './processes.ts';
import { type HttpMeasurement, mergeMeasurements } from './requests.ts';
import { putDemoProfile } from './pipeline-load.ts';
import { prepareDatabase, seedInvoices } from './seed.ts';
import { check, STATUS_INGESTION, type StatusIngestionOutcome } from './status-ingestion-report.ts';
import type { IngestionJob, IngestionReply } from './status-loadgen.ts';

const LOADGEN = fileURLToPath(new URL('./status-loadgen.ts', import.meta.url));

interface Shared {
  options: BenchOptions;
  runId: string;
  /** The gateway environment of the other scenarios (`PLATFORM=none`, `--gateway-env`). */
  gatewayEnv: Record<string, string>;
}

/** Runs `job`s in a forked `status-loadgen.ts`, one at a time. */
function startIngestionLoad() {
  const child = adoptChild(fork(LOADGEN, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  let seq = 0;
  return {
    measure(job: IngestionJob): Promise<HttpMeasurement> {
      const mine = ++seq;
      return new Promise((resolve, reject) => {
        const onExit = () => reject(new Error('status load generator exited'));
        child.once('exit', onExit);
        const onMessage = (reply: IngestionReply) => {
          if (reply.seq !== mine) return;
          child.off('message', onMessage).off('exit', onExit);
          if (reply.ok) resolve(reply.measurement);
          else reject(new Error(`status load generator: ${reply.error}`));
        };
        child.on('message', onMessage);
        child.send({ seq: mine, job });
      });
    },
    close: () => child.connected && child.disconnect(),
  };
}

/** Runs the scenario; never throws (a failure is in `problems`). */
export async function runStatusIngestion(shared: Shared, databaseUrl: string | undefined): Promise<StatusIngestionOutcome> {
  const { options, runId } = shared;
  const submissions = options.quick ? 50 : 2000;
  const outcome: StatusIngestionOutcome = {
    name: STATUS_INGESTION,
    database: '',
    submissions,
    ratios: {},
    problems: [],
    notes: [],
    loadAverage: 0,
  };
  const database = ownDatabase(outcome, databaseUrl, '_statuses');
  if (!database) return outcome;
  if (options.quick) outcome.notes.push('--quick: a smoke run of the harness; rates mean nothing');
  const dataDir = temporaryDirectory('passerelle-bench-statuses-');
  const { started, stopAll } = serverList();
  const load = startIngestionLoad();
  const prefix = `${runId}-statuses`;
  try {
    const { fresh } = await prepareDatabase(database.url);
    if (!fresh) outcome.notes.push(`database ${database.name} not recreated (its name does not start with "bench")`);
    // API only, as before sellers were required: the seeded documents wait in `received` (no pipeline beside the load).
    const env = {
      ...shared.gatewayEnv,
      WORKERS: 'off',
      DATABASE_URL: database.url,
      DB_POOL_SIZE: String(options.poolSize),
      DATA_DIR: dataDir.path,
    };
    const tenant = `statuses-${runId}`;
    const floorToken = `floor-${runId}`;
    const [token, platformToken, gateway, floor] = await Promise.all([
      runPasserelle(['token', 'create', '--tenant', tenant, '--create-tenant'], env),
      runPasserelle(['platform-token', 'create', '--name', tenant], env),
      startGateway(env, 'gateway-statuses', options.profileDir).then(started),
      startFloor({ databaseUrl: database.url, token: floorToken, poolSize: options.poolSize }).then(started),
    ]);
    log(`[postgres] ${STATUS_INGESTION}: ${outcome.database}, gateway pid ${gateway.pid}, seeding ${submissions} submissions`);
    await putDemoProfile(gateway.url, token);
    const ids = await seedInvoices(gateway.url, token, submissions, `${prefix}-seed`);
    await preflight(gateway.url, platformToken, ids[0]!, `${prefix}-preflight`);

    const slices = { floorPost: [] as HttpMeasurement[], restPost: [] as HttpMeasurement[], statuses: [] as HttpMeasurement[] };
    const common = { ids, connections: options.connections, warmupSeconds: options.warmupSeconds };
    const members: Array<[keyof typeof slices, (round: number) => IngestionJob]> = [
      [
        'floorPost',
        (r) => ({
          ...common,
          kind: 'rest-post-invoice',
          baseUrl: floor.url,
          token: floorToken,
          prefix: `${prefix}-floor-r${r}`,
          durationSeconds: 0,
        }),
      ],
      [
        'restPost',
        (r) => ({ ...common, kind: 'rest-post-invoice', baseUrl: gateway.url, token, prefix: `${prefix}-post-r${r}`, durationSeconds: 0 }),
      ],
      [
        'statuses',
        (r) => ({
          ...common,
          kind: 'pa-lifecycle-event',
          baseUrl: gateway.url,
          token: platformToken,
          prefix: `${prefix}-r${r}`,
          durationSeconds: 0,
        }),
      ],
    ];
    const settled = await settle(gateway.pid, options.settleSeconds, options.settleMaxSeconds);
    if (!settled.idle) outcome.notes.push(`the gateway was still busy after ${settled.seconds.toFixed(1)} s; measured anyway`);
    log(
      `[postgres] ${STATUS_INGESTION}: floor POST, REST POST and statuses taking turns in ${options.rounds} rounds, ${options.connections} connections`,
    );
    const sliceSeconds = options.durationSeconds / options.rounds;
    for (let round = 0; round < options.rounds; round++) {
      for (const [member, job] of members) {
        const warmupSeconds = round === 0 ? options.warmupSeconds : 0;
        slices[member].push(await load.measure({ ...job(round), warmupSeconds, durationSeconds: sliceSeconds }));
      }
    }
    outcome.floorPost = mergeMeasurements(slices.floorPost);
    outcome.restPost = mergeMeasurements(slices.restPost);
    outcome.statuses = mergeMeasurements(slices.statuses);
    const rate = outcome.statuses.requestsPerSecond;
    if (outcome.floorPost.requestsPerSecond > 0) outcome.ratios.floorPost = rate / outcome.floorPost.requestsPerSecond;
    if (outcome.restPost.requestsPerSecond > 0) outcome.ratios.restPost = rate / outcome.restPost.requestsPerSecond;
    outcome.recorded = await recordedStatuses(database.url, `${prefix}-r`);
    check(outcome);
  } catch (error) {
    outcome.problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    load.close();
    await stopAll();
    dataDir.remove();
  }
  outcome.loadAverage = Number(loadavg()[0]!.toFixed(2));
  for (const problem of outcome.problems) log(`[postgres] ${STATUS_INGESTION} broke: ${problem}`);
  return outcome;
}

/** One status before the load: recorded (201, not a duplicate), or the harness would measure refusals. */
async function preflight(baseUrl: string, platformToken: string, submissionId: string, eventId: string): Promise<void> {
  const reply = await fetch(`${baseUrl}/pa/v1/lifecycle-events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ submission_id: submissionId, code: 200, occurred_at: '2026-11-24T07:00:00Z', event_id: eventId }),
  });
  const text = await reply.text();
  if (reply.status !== 201 || !text.includes('"duplicate":false'))
    throw new Error(`preflight status: ${reply.status} ${text.slice(0, 300)}`);
}

async function recordedStatuses(databaseUrl: string, eventIdPrefix: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<Array<{ n: string }>>`select count(*) as n from lifecycle_statuses where event_id like ${`${eventIdPrefix}%`}`;
    return Number(row?.n ?? 0);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
