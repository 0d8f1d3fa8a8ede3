/**
 * `passerelle serve`: open and migrate the database, start the gateway, and
 * shut down cleanly on SIGINT/SIGTERM (the embedded engine must be closed,
 * and its lock released, before the process exits).
 */
import { listenAdminSocket } from './admin-socket.ts';
import { type AppOptions, buildApp, type PlatformOption } from '../app/app.ts';
import type { Config } from '../app/config.ts';
import type { Database } from '../db/client.ts';
import { openConfigured } from '../db/open.ts';
import { DEMO_SELLER_PROFILE } from '../domain/sellers/seller-defaults.ts';
import { setSellerProfile } from '../domain/sellers/sellers-service.ts';
import { createFirstTenant } from '../domain/tenancy/tenancy-service.ts';
import type { Logger } from '../lib/logger.ts';
import type { PlatformSettings } from '../platform/settings.ts';
import { loadSecretsKey } from '../webhooks/index.ts';
import { stopOnSignals } from './shutdown.ts';

/** The gateway could not start; the message is one line for the operator. */
export class StartupError extends Error {
  override name = 'StartupError';
}

function startupError(error: unknown, port: number): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new StartupError(`port ${port} is in use (set PORT to another port, or stop what holds it)`);
  if (code === 'EACCES') return new StartupError(`port ${port} needs privileges this user does not have (set PORT above 1023)`);
  if (code === 'EADDRNOTAVAIL') return new StartupError(`HOST is not an address of this machine`);
  return new StartupError(`could not listen: ${(error as Error).message}`);
}

/** The `platform` option of the app for the settings (sandbox, a real PA, none). */
function platformOption(settings: PlatformSettings): PlatformOption {
  if (settings.kind === 'sandbox') {
    const { stepMs, pollIntervalMs, directory, organizationId } = settings;
    return { kind: 'sandbox', stepMs, pollIntervalMs, directory, organizationId };
  }
  if (settings.kind === 'afnor') {
    const { directoryUrl, organizationId, pollIntervalMs } = settings;
    return { kind: 'afnor', settings: settings.flow, pollIntervalMs, directoryUrl, organizationId };
  }
  return { kind: 'none' };
}

/** The app's options for the configuration (`serve` and `worker`); `WORKERS=off` makes `serve` an API instance. */
export function appOptions(config: Config, database: Database, log: Logger, platform: PlatformSettings): AppOptions {
  return {
    db: database,
    log,
    graphqlFastPath: config.graphqlFastPath,
    publicUrl: config.publicUrl,
    rateLimits: config.rateLimits,
    realtime: { connectionsPerToken: config.subscriptionConnectionsPerToken, subscriptionsPerToken: config.subscriptionsPerToken },
    validation: config.validation,
    validationWorkers: config.validationWorkers,
    validationNice: config.validationNice,
    validationSchedIdle: config.validationSchedIdle,
    validationYieldRps: config.validationYieldRps,
    validationEngine: config.validationEngine,
    validationJvmHeapMb: config.validationJvmHeapMb,
    validationWarmUp: true,
    saxonHeJar: config.saxonHeJar,
    platform: platformOption(platform),
    workers: config.workers,
    directoryCacheTtlS: config.directoryCacheTtlS,
    eReporting: {
      closeDelayMs: config.eReporting.closeDelaySeconds * 1000,
      invoiceFlows: config.eReporting.invoiceFlows,
      platform: { id: config.eReporting.platformId, name: config.eReporting.platformName },
    },
    webhooks: {
      secretsKey: loadSecretsKey({ configured: config.webhookSecretsKey, dataDir: config.dataDir }),
      allowPrivateUrls: config.webhookAllowPrivateUrls,
      workers: config.webhookWorkers,
    },
  };
}

/**
 * Quick start: an empty database (embedded or PostgreSQL) gets a `dev` tenant, its token shown once on
 * stdout, and the demo seller as its default (docs/api-guide.md, "Seller profile"), so its documents can be
 * processed at once. Does nothing on a database that has any tenant.
 */
async function seedFirstStart(database: Database): Promise<void> {
  const created = await createFirstTenant(database.db, 'dev');
  if (!created) return;
  const profile = await setSellerProfile(database.db, created.tenant.id, DEMO_SELLER_PROFILE);
  if (!profile.ok) throw new Error(`the demo seller profile is refused: ${JSON.stringify(profile.violations)}`);
  process.stdout.write(
    `\nCreated tenant "dev". Its API token is shown once, keep it:\n\n  ${created.token}\n\n` +
      `  export TOKEN=${created.token}\n\n` +
      `It sells as the demo seller "${DEMO_SELLER_PROFILE.name}" (SIREN ${DEMO_SELLER_PROFILE.siren}): GET /v1/seller-profile shows it, PUT replaces it.\n\n`,
  );
}

/**
 * Warns when PostgreSQL runs without autovacuum: nothing then analyzes the tables, so the submit path's plans made
 * on empty tables (kept by each pooled connection) stay, and submissions slow down as the tables grow (a sixth of
 * the bench's floor instead of about half: docs/operations.md, "PostgreSQL settings").
 */
async function warnWithoutAutovacuum(database: Database, log: Logger): Promise<void> {
  const [row] = (await database.executeSql(`select current_setting('autovacuum') as autovacuum`)).rows as Array<{ autovacuum: string }>;
  if (row?.autovacuum === 'off')
    log.warn(
      'PostgreSQL runs with autovacuum off: tables are never analyzed and submissions slow down as they grow; turn it on (docs/operations.md)',
    );
}

/** Runs the gateway until SIGINT/SIGTERM. @throws StartupError (port), ConfigError (PA settings are read by the caller). */
export async function serve(config: Config, log: Logger, platform: PlatformSettings = { kind: 'none' }): Promise<void> {
  const database = await openConfigured(config);
  await database.migrate();
  const app = buildApp(appOptions(config, database, log, platform));
  if (config.databaseUrl && !config.webhookSecretsKey) {
    log.warn(
      `WEBHOOK_SECRETS_KEY is not set: webhook secrets are sealed with the key file in ${config.dataDir}; instances sharing this database must share that key`,
    );
  }
  if (config.webhookAllowPrivateUrls) log.warn('WEBHOOK_ALLOW_PRIVATE_URLS is on: webhooks may reach http:// and private addresses');
  if (database.engine === 'postgres') await warnWithoutAutovacuum(database, log);
  let url: string;
  try {
    url = await app.start(config.port, config.host);
  } catch (error) {
    // Release everything the failed start holds (the embedded database's lock above all).
    await app.stop().catch(() => {});
    await database.close().catch(() => {});
    throw startupError(error, config.port);
  }
  // Only now that the port and the database serve: a start that fails never shows a token it then loses.
  try {
    await seedFirstStart(database);
  } catch (error) {
    await app.stop().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  // The embedded database is this process's alone: the CLI's administrative commands come through here.
  const admin =
    database.engine === 'pglite'
      ? await listenAdminSocket(config.dataDir, database.db, log).catch((error: unknown) => {
          log.warn({ err: error }, 'no admin socket: administrative commands need the gateway stopped');
          return undefined;
        })
      : undefined;
  log.info({ url, engine: database.engine, database: database.location, platform: platform.kind }, `Passerelle listening on ${url}`);
  if (platform.kind === 'sandbox')
    log.info(`PA: the sandbox PA at ${url}/sandbox-pa/flow-service (PLATFORM=afnor with PA_* connects a real one)`);
  if (platform.kind === 'afnor')
    log.info({ flowUrl: platform.flow.flowUrl, directoryUrl: platform.directoryUrl }, 'PA: AFNOR Flow Service');
  if (platform.kind === 'sandbox' && platform.directory) log.info(`PA directory: the sandbox's at ${url}/sandbox-pa/directory-service`);
  if (!config.workers) log.info('WORKERS=off: API only; documents wait in received for an instance that runs the pipeline');

  stopOnSignals(log, async () => {
    await admin?.close();
    await app.stop();
    await database.close();
  });
}
