/**
 * `passerelle worker`: the gateway's background work without its API: the pipeline (validation
 * included), the PA sender and status poller, webhook deliveries, on the PostgreSQL database the API
 * instances (`serve`, `WORKERS=off` or not) share. Several workers may run: the pipeline claims documents
 * under leases and the sender claims flows the same way, so none is validated or sent twice
 * (docs/operations.md, "API and worker instances"). Called by cli.ts.
 */
import { buildApp } from '../app/app.ts';
import type { Config } from '../app/config.ts';
import { openConfigured } from '../db/open.ts';
import type { Logger } from '../lib/logger.ts';
import type { PlatformSettings } from '../platform/settings.ts';
import { appOptions, StartupError } from './serve.ts';
import { stopOnSignals } from './shutdown.ts';

/** Runs the background work until SIGINT/SIGTERM. @throws StartupError without DATABASE_URL (the embedded database is one process's). */
export async function worker(config: Config, log: Logger, platform: PlatformSettings = { kind: 'none' }): Promise<void> {
  if (!config.databaseUrl) {
    throw new StartupError(
      "passerelle worker needs DATABASE_URL: it shares a PostgreSQL database with the API instances (the embedded one is a single process's)",
    );
  }
  const database = await openConfigured(config);
  await database.migrate();
  const app = buildApp({ ...appOptions(config, database, log, platform), workers: true });
  const sandbox = await app.startWorker();
  log.info(
    { database: database.location, platform: platform.kind, sandbox },
    `Passerelle worker running: pipeline, PA connector (${platform.kind}), webhook deliveries; no API`,
  );
  stopOnSignals(log, async () => {
    await app.stop();
    await database.close();
  });
}
