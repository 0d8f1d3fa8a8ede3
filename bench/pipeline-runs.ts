/**
 * The two measured runs of the pipeline scenario, each on a gateway of its
 * own (`passerelle serve`, started and stopped here):
 *
 * - official (`VALIDATION=official`): the tenant gets the demo seller profile,
 *   a few documents warm the validation workers up, then documents are
 *   offered at a fixed rate while the 202 path is timed and the gateway's
 *   memory and CPU are sampled, until the pipeline has processed them all;
 * - native (`VALIDATION=native`): a backlog is submitted through an API-only
 *   gateway (`WORKERS=off`, its documents wait in `received`), then a gateway
 *   with workers drains it, nothing else running.
 *
 * The rates and lags come afterwards from the database (`pipeline-analysis.ts`).
 */
import { settle } from './monitor.ts';
import type { BenchOptions } from './options.ts';
import { expectValidated, offerLoad, putDemoProfile, type Remaining, waitProcessed } from './pipeline-load.ts';
import { GatewayMonitor, rssMiBNow } from './pipeline-monitor.ts';
import type { GatewayUsage, OfficialRun } from './pipeline-types.ts';
import { log, type ServerProcess, startGateway, stopServer } from './processes.ts';
import { seedInvoices } from './seed.ts';

/** What a run needs: the gateway's environment (database included), its tenant's token, how to count what is left. */
export interface RunSetup {
  label: string;
  env: Record<string, string>;
  token: string;
  /** SaaS ids of the measured documents start with `<prefix>-`. */
  prefix: string;
  options: BenchOptions;
  /** Counts the tenant's `received` documents; given the running gateway (the embedded engine asks it). */
  remaining(gateway: ServerProcess): Remaining;
}

/** The official run as measured live; `processed` and the rejections are added from the database. */
export type OfficialLive = Omit<OfficialRun, 'processed' | 'rejectionSamples'>;

/** The native run as measured live. */
export interface NativeLive {
  backlog: { documents: number; submitSeconds: number };
  gateway: GatewayUsage;
}

/** The measured documents' SaaS id prefixes, apart from the warm-up's (which share the official tenant). */
export const MEASURED = { official: 'm', native: 'n', warmup: 'w' } as const;

async function withGateway<T>(setup: RunSetup, validation: 'official' | 'native', run: (gateway: ServerProcess) => Promise<T>): Promise<T> {
  const gateway = await startGateway(
    { ...setup.env, VALIDATION: validation },
    `gateway-${setup.label.replace(/\s+/g, '-')}-${validation}`,
    setup.options.profileDir,
  );
  try {
    return await run(gateway);
  } finally {
    await stopServer(gateway);
  }
}

/**
 * The official run: profile, warm-up (each document must come out
 * `validated`), idle wait, then `documents` offered at `ratePerSecond`.
 * @throws when the gateway does not start, the warm-up is not validated in 2 minutes, or a request breaks the harness.
 */
export async function officialRun(setup: RunSetup, ratePerSecond: number, documents: number): Promise<OfficialLive> {
  const { options, token } = setup;
  const workers = Number(setup.env.VALIDATION_WORKERS ?? 2);
  const warmupDocuments = (options.quick ? 1 : 4) * workers;
  return withGateway(setup, 'official', async (gateway) => {
    // The workers load the artefacts after the gateway answers, busily: quiet for 2 s means loaded.
    await settle(gateway.pid, 2, 60);
    const rssAfterStartMiB = rssMiBNow(gateway.pid);
    const remaining = setup.remaining(gateway);
    await putDemoProfile(gateway.url, token);
    log(`[${setup.label}] official: warming ${workers} validation workers up with ${warmupDocuments} documents`);
    const warmIds = await seedInvoices(gateway.url, token, warmupDocuments, `${setup.prefix}-${MEASURED.warmup}`);
    const left = await waitProcessed(remaining, 120, `[${setup.label}] warm-up`);
    if (left > 0) throw new Error(`warm-up: ${left} of ${warmupDocuments} documents still received after 120 s`);
    await expectValidated(gateway.url, token, warmIds);
    await settle(gateway.pid, options.settleSeconds, options.settleMaxSeconds);

    log(`[${setup.label}] official: ${documents} documents at ${ratePerSecond}/s`);
    const monitor = new GatewayMonitor(gateway.pid);
    monitor.start();
    const { seconds, accepted } = await offerLoad(gateway.url, token, `${setup.prefix}-${MEASURED.official}`, ratePerSecond, documents);
    // At least one document a second: a slower pipeline is reported with what it left unprocessed.
    await waitProcessed(remaining, 60 + documents, `[${setup.label}] official`);
    return {
      validationWorkers: workers,
      rssAfterStartMiB,
      warmupDocuments,
      offered: { ratePerSecond, documents, seconds },
      accepted,
      gateway: monitor.stop(documents),
    };
  });
}

/**
 * The native run: `documents` submitted (eight at a time) through an API-only gateway (`WORKERS=off`: they wait in
 * `received`), then a gateway with workers started on the same database drains the backlog, nothing else running.
 */
export async function nativeRun(setup: RunSetup, documents: number): Promise<NativeLive> {
  const api = { ...setup, env: { ...setup.env, WORKERS: 'off' }, label: `${setup.label} api` };
  const submitSeconds = await withGateway(api, 'native', async (gateway) => {
    log(`[${setup.label}] native: submitting a backlog of ${documents} documents (API-only gateway)`);
    await putDemoProfile(gateway.url, setup.token);
    const started = performance.now();
    await seedInvoices(gateway.url, setup.token, documents, `${setup.prefix}-${MEASURED.native}`);
    return Math.round((performance.now() - started) / 10) / 100;
  });
  return withGateway(setup, 'native', async (gateway) => {
    log(`[${setup.label}] native: a gateway with workers drains the backlog`);
    const monitor = new GatewayMonitor(gateway.pid);
    monitor.start();
    // At least 50 documents a second.
    await waitProcessed(setup.remaining(gateway), 60 + documents / 50, `[${setup.label}] native`);
    return { backlog: { documents, submitSeconds }, gateway: monitor.stop(documents) };
  });
}
