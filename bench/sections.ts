/**
 * One engine section of a run: start the servers as child processes, seed,
 * run the selected scenarios one after the other, record the gateway's peak
 * RSS, stop everything. PostgreSQL runs the gateway against the floor;
 * the embedded engine (PGlite inside the gateway process) runs the gateway
 * alone.
 */
import postgres from 'postgres';
import type { LoadGenerator } from './load.ts';
import type { BenchOptions } from './options.ts';
import { RssSampler } from './monitor.ts';
import { log, runPasserelle, startFloor, startGateway, stopServer, temporaryDirectory, type ServerProcess } from './processes.ts';
import { putDemoProfile } from './pipeline-load.ts';
import { runScenarios, type ScenarioOutcome } from './runner.ts';
import type { Engine, ScenarioContext } from './scenarios.ts';
import {
  countStatuses,
  insertStatusesEmbedded,
  insertStatusesPostgres,
  preflightGateway,
  prepareDatabase,
  seedInvoices,
  STATUS_COUNT,
} from './seed.ts';

export interface SectionResult {
  engine: Engine;
  /** Where the gateway's data lives (no credentials). */
  database: string;
  gatewayPeakRss: { bytes: number; source: 'VmHWM' | 'pidusage' };
  scenarios: ScenarioOutcome[];
  notes: string[];
}

/**
 * Gateway environment unless `--gateway-env` says otherwise. No platform: the
 * default simulated one reports 7 statuses per submission, 2 s apart, which
 * would multiply the database writes of every POST scenario by eight and
 * spill into the scenarios after it. Status traffic is the PA's, and gets
 * scenarios of its own.
 */
export const GATEWAY_ENV: Record<string, string> = { PLATFORM: 'none' };

/**
 * The request scenarios measure the API: their gateways run no pipeline (`WORKERS=off`), so the documents they
 * accept (with the demo seller) wait in `received` and cost no validation while the next scenario is measured.
 */
const REQUESTS_ONLY: Record<string, string> = { WORKERS: 'off' };

interface Shared {
  options: BenchOptions;
  runId: string;
  load: LoadGenerator;
}

/** `postgres://user:secret@host:5432/db` → `host:5432/db`, safe to print and store. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/** A note when the statuses scenarios did not read exactly the seeded statuses. */
function statusesNote(atStart: number, atEnd: number): string[] {
  if (atStart === STATUS_COUNT && atEnd === STATUS_COUNT) return [];
  return [
    `the statuses submission had ${atStart} statuses before the scenarios and ${atEnd} after, not ${STATUS_COUNT}: ` +
      'the gateway recorded statuses of its own (its simulated platform)',
  ];
}

/**
 * The PostgreSQL section: gateway and floor on the database of `databaseUrl`
 * (recreated when its name starts with `bench`), the gateway's tenant
 * created with the CLI.
 */
export async function runPostgresSection(databaseUrl: string, shared: Shared): Promise<SectionResult> {
  const { options, runId, load } = shared;
  const notes: string[] = [];
  log(`[postgres] preparing ${describeUrl(databaseUrl)}`);
  const { fresh } = await prepareDatabase(databaseUrl);
  if (!fresh) notes.push('database not recreated (its name does not start with "bench"): tables may hold earlier runs');
  const tenant = `bench-${runId}`;
  // DATA_DIR: the gateway keeps files there even on PostgreSQL (its webhook key); not in the developer's ./data.
  const dataDir = temporaryDirectory('passerelle-bench-pg-');
  const env = {
    ...GATEWAY_ENV,
    ...REQUESTS_ONLY,
    ...options.gatewayEnv,
    DATABASE_URL: databaseUrl,
    DB_POOL_SIZE: String(options.poolSize),
    DATA_DIR: dataDir.path,
  };
  const floorToken = `floor-${runId}`;
  const servers: ServerProcess[] = [];
  const started = <T extends ServerProcess>(server: T): T => {
    servers.push(server);
    return server;
  };
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Both the CLI and the gateway migrate under the advisory lock, so they may start together.
    const [token, platformToken, gateway, floor] = await Promise.all([
      runPasserelle(['token', 'create', '--tenant', tenant, '--create-tenant'], env),
      runPasserelle(['platform-token', 'create', '--name', tenant], env),
      startGateway(env, 'gateway', options.profileDir).then(started),
      startFloor({ databaseUrl, token: floorToken, poolSize: options.poolSize }).then(started),
    ]);
    const rss = new RssSampler(gateway.pid);
    log(`[postgres] gateway pid ${gateway.pid} at ${gateway.url}, floor pid ${floor.pid} at ${floor.url}; seeding`);
    await putDemoProfile(gateway.url, token);
    const [gatewayIds, floorIds] = await Promise.all([
      seedInvoices(gateway.url, token, options.seedCount, `${runId}-postgres-seed`),
      seedInvoices(floor.url, floorToken, options.seedCount, `${runId}-postgres-seed`),
    ]);
    const statusesId = gatewayIds[0]!;
    await insertStatusesPostgres(databaseUrl, statusesId);
    // What autovacuum does within its naptime after the seed: statistics, so the pooled connections' plans are made
    // for tables that hold rows (a server with autovacuum off kept empty-table plans: docs/performance.md 2026-11-28).
    await admin`analyze`;
    const statusesAtStart = await preflightGateway(gateway.url, token, statusesId, `${runId}-postgres`);
    const ctx: ScenarioContext = {
      engine: 'postgres',
      options,
      runId,
      gateway: { url: gateway.url, token, platformToken, tenant, pid: gateway.pid },
      floor: { url: floor.url, token: floorToken },
      seeds: { gatewayIds, floorIds, statusesId },
      databaseUrl,
      load,
    };
    // A checkpoint before each scenario, so none pays for the previous one's dirty pages.
    let checkpoints = true;
    const scenarios = await runScenarios(ctx, rss, async () => {
      if (!checkpoints) return;
      try {
        await admin`checkpoint`;
      } catch {
        checkpoints = false;
        notes.push('no CHECKPOINT between scenarios: refused (needs superuser or pg_checkpoint)');
      }
    });
    notes.push(...statusesNote(statusesAtStart, await countStatuses(gateway.url, token, statusesId)));
    const gatewayPeakRss = rss.peak();
    rss.stop();
    return { engine: 'postgres', database: describeUrl(databaseUrl), gatewayPeakRss, scenarios, notes };
  } finally {
    await Promise.all(servers.map(stopServer));
    await admin.end({ timeout: 5 });
    dataDir.remove();
  }
}

/**
 * The embedded section: the gateway on PGlite in a fresh temporary data
 * directory. PGlite is single-process, so the statuses are inserted while
 * the gateway is stopped: a first gateway seeds over HTTP and stops, the
 * statuses go in, and a second gateway, the measured one, serves the run.
 * The tenant and platform tokens are created by the CLI before any gateway
 * starts; the fan-out records its statuses over HTTP on the measured one.
 */
export async function runEmbeddedSection(shared: Shared): Promise<SectionResult> {
  const { options, runId, load } = shared;
  const { path: dataDir, remove: removeDataDir } = temporaryDirectory('passerelle-bench-');
  const env = { ...GATEWAY_ENV, ...REQUESTS_ONLY, ...options.gatewayEnv, DATA_DIR: dataDir };
  const tenant = `bench-${runId}`;
  const servers: ServerProcess[] = [];
  try {
    log(`[pglite] data directory ${dataDir}`);
    // The CLI needs the data directory for itself (PGlite locks it): it runs before any gateway, one command at a time.
    const token = await runPasserelle(['token', 'create', '--tenant', tenant, '--create-tenant'], env);
    const platformToken = await runPasserelle(['platform-token', 'create', '--name', tenant], env);
    const seeder = await startGateway(env, 'gateway-seed');
    servers.push(seeder);
    log(`[pglite] seeding through gateway pid ${seeder.pid}`);
    await putDemoProfile(seeder.url, token);
    const gatewayIds = await seedInvoices(seeder.url, token, options.seedCount, `${runId}-pglite-seed`);
    await stopServer(seeder);
    const statusesId = gatewayIds[0]!;
    await insertStatusesEmbedded(dataDir, statusesId);

    const gateway = await startGateway(env, 'gateway-embedded', options.profileDir);
    servers.push(gateway);
    const rss = new RssSampler(gateway.pid);
    log(`[pglite] gateway pid ${gateway.pid} at ${gateway.url}`);
    const statusesAtStart = await preflightGateway(gateway.url, token, statusesId, `${runId}-pglite`);
    const ctx: ScenarioContext = {
      engine: 'pglite',
      options,
      runId,
      gateway: { url: gateway.url, token, platformToken, tenant, pid: gateway.pid },
      seeds: { gatewayIds, floorIds: [], statusesId },
      load,
    };
    const scenarios = await runScenarios(ctx, rss, async () => {});
    const notes = [
      'single process: the database runs inside the gateway, so there is no floor to compare with',
      ...statusesNote(statusesAtStart, await countStatuses(gateway.url, token, statusesId)),
    ];
    const gatewayPeakRss = rss.peak();
    rss.stop();
    return { engine: 'pglite', database: 'embedded PGlite in a temporary DATA_DIR', gatewayPeakRss, scenarios, notes };
  } finally {
    await Promise.all(servers.map(stopServer));
    removeDataDir();
  }
}
