/**
 * The app factory: wires the context factory, GraphQL (Yoga over HTTP and
 * graphql-ws), the REST facade, the event hub and the platform connector onto
 * one HTTP server. Tests and `serve` share it; the database is opened,
 * migrated and closed by the caller.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRestFacade } from '../../rest-facade/index.ts';
import { OPERATIONS } from '../../rest-facade/operations.ts';
import { WEBHOOK_OPERATIONS } from '../../rest-facade/webhook-operations.ts';
import { webhookPayloads } from '../../rest-facade/webhook-payloads.ts';
import { systemClock } from '../lib/clock.ts';
import { contextFactory, type ContextDeps } from './context.ts';
import type { EventSink } from '../domain/events/types.ts';
import { createEventHub } from '../dispatch/hub.ts';
import { createEventSink } from '../dispatch/sink.ts';
import { createEReportEventSink } from '../dispatch/e-report-events.ts';
import { operationRunner } from '../graphql/run-operation.ts';
import { consoleRoute } from '../http/console.ts';
import { handleProbe } from '../http/probes.ts';
import { createRateLimits, DEFAULT_RATE_LIMITS } from '../limits/rate-limits.ts';
import { attachGraphQLWebSocket } from '../http/websocket.ts';
import { graphqlFastPath } from '../http/graphql-fast-path.ts';
import { buildYoga } from '../http/yoga.ts';
import { createLogger } from '../lib/logger.ts';
import { schema } from '../schema/index.ts';
import { createAppPlatform, type PlatformOption } from '../platform/index.ts';
import { onSellerSaved } from '../domain/sellers/sellers-service.ts';
import { createDirectoryService } from '../domain/directory/directory-service.ts';
import { logWaitingForSeller } from '../pipeline/waiting.ts';
import { createPipeline } from '../pipeline/worker.ts';
import { chooseEngine, createValidator } from '../validation/index.ts';
import { DEFAULT_REPORTING } from '../pipeline/commit.ts';
import type { CloseDeps } from '../domain/e-reporting/close-service.ts';
import { createCloser } from '../domain/e-reporting/closer.ts';
import { leaseMsFrom } from '../db/row-leases.ts';
import { createRequestRate } from '../http/request-rate.ts';
import { webhookJobs } from '../webhooks/index.ts';
import type { WebhookSettings } from '../webhooks/index.ts';
import { endpointPresence } from '../webhooks/index.ts';
import { createWebhookQueue } from '../webhooks/index.ts';

import type { App, AppOptions } from './app-options.ts';

export type { PlatformOption };
export type { App, AppOptions, RealtimeLimits, WebhookOptions } from './app-options.ts';

/**
 * The gateway on `options.db` (opened and migrated by the caller): nothing listens or runs until
 * `start`, and `stop` ends all of it. Throws only when an option cannot be honoured (a missing
 * compiled artefact with `validation: 'official'`: createValidator).
 */
export function buildApp(options: AppOptions): App {
  const log = options.log ?? createLogger();
  const hub = createEventHub(options.db, log);
  const queue = createWebhookQueue(options.db, log);
  const presence = endpointPresence();
  const yieldRps = options.validationYieldRps ?? 0;
  // Counted only when something reads it.
  const requests = yieldRps > 0 ? createRequestRate() : undefined;
  const engine =
    options.validation === 'official' ? chooseEngine(options.validationEngine ?? 'saxon-js', { jar: options.saxonHeJar }) : undefined;
  if (engine) log.info({ engine: engine.engine, reason: engine.reason }, `validation engine: ${engine.engine} (${engine.reason})`);
  const validator =
    engine !== undefined
      ? createValidator({
          engine,
          jvmHeapMb: options.validationJvmHeapMb,
          log: (message) => log.info(message),
          workers: options.validationWorkers ?? 2,
          nice: options.validationNice,
          idle: options.validationSchedIdle,
          yieldWhile: requests && (() => requests.perSecond() >= yieldRps),
        })
      : undefined;
  const events: EventSink = createEventSink({
    hub,
    presence,
    queue,
    afterCommit: (committed) => {
      if (committed.some((event) => event.type === 'received')) pipeline.wake();
    },
  });
  const reporting = {
    closeDelayMs: options.eReporting?.closeDelayMs ?? DEFAULT_REPORTING.closeDelayMs,
    invoiceFlows: options.eReporting?.invoiceFlows ?? DEFAULT_REPORTING.invoiceFlows,
  };
  const closeDeps: CloseDeps = {
    db: options.db.db,
    check: validator && ((xml) => validator.validateReport(xml)),
    sender: options.eReporting?.platform ?? { id: '0000', name: 'Passerelle' },
    closeDelayMs: reporting.closeDelayMs,
    leaseMs: leaseMsFrom(process.env),
    onClosed: () => platform.wakeSender(),
  };
  const closer = createCloser({ ...closeDeps, log, pollMs: options.eReporting?.pollMs });
  // The platform takes a document once it is validated: what it receives is the generated e-invoice.
  const pipeline = createPipeline({
    reporting,
    db: options.db.db,
    events,
    validator,
    log,
    onValidated: () => platform.wakeSender(),
    directory: (siren) => directory(siren),
  });
  const workers = options.workers ?? true;
  const stopProfileListener = onSellerSaved(options.db.db, () => pipeline.wake());
  const settings: WebhookSettings = {
    secretsKey: options.webhooks?.secretsKey ?? randomBytes(32),
    urlPolicy: { allowPrivate: options.webhooks?.allowPrivateUrls ?? false },
    clock: options.webhooks?.clock ?? systemClock,
    lookup: options.webhooks?.lookup,
    endpointsChanged: (tenantId) => presence.changed(tenantId),
  };
  const deps: ContextDeps = {
    db: options.db.db,
    events,
    hub,
    webhooks: { settings, enqueueAttempt: (deliveryId) => queue.enqueueAttempt(deliveryId) },
    rateLimits: createRateLimits(options.rateLimits ?? DEFAULT_RATE_LIMITS),
    authCacheTtlMs: options.authCacheTtlMs,
    platform: options.platformHooks ?? { flowUpdated: (flow) => platform.hooks.flowUpdated(flow) },
    directory: (siren) => directory(siren),
    eReporting: closeDeps,
  };
  const contexts = contextFactory(deps);
  const { createContext } = contexts;
  const realtime = options.realtime ?? { connectionsPerToken: 100, subscriptionsPerToken: 500 };
  const yoga = buildYoga({ createContext, log, subscriptionsPerToken: realtime.subscriptionsPerToken });
  const graphql = graphqlFastPath({ yoga, schema, createContext, log });
  const fastPath = options.graphqlFastPath ?? true;
  const run = operationRunner(schema, [...Object.values(OPERATIONS), ...Object.values(WEBHOOK_OPERATIONS)]);
  const platform = createAppPlatform(options.platform ?? { kind: 'sandbox' }, {
    db: options.db.db,
    events,
    log,
    validator,
    eReportEvents: createEReportEventSink({ hub, presence, queue }),
  });
  // One lookup, through the cache, for the pipeline's classification and the API.
  const directory =
    options.directory ??
    createDirectoryService({
      db: options.db.db,
      ask: (siren) => platform.directory(siren),
      configured: () => platform.hasDirectory(),
      ttlSeconds: options.directoryCacheTtlS,
    });
  const jobs = webhookJobs({ db: options.db.db, settings, queue, payloads: webhookPayloads(run, contexts), log });
  const rest = createRestFacade({ run, createContext, log, publicUrl: options.publicUrl });
  const consolePages = consoleRoute();
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (handleProbe(req, res, options.db, validator && (() => validator.warmState()))) return;
    if (platform.handle(req, res)) return;
    requests?.note();
    if (/^\/(v1|pa\/v1)(\/|\?|$)/.test(url)) {
      void rest(req, res);
    } else if (consolePages.handle(req, res)) {
      return;
    } else if (!fastPath || !graphql.handle(req, res)) {
      void yoga(req, res);
    }
  });
  const closeWebSocket = attachGraphQLWebSocket(server, { yoga, contexts, log, connectionsPerToken: realtime.connectionsPerToken });

  return {
    server,
    graphqlFastPath: graphql.counts,
    paSettings: () => platform.paSettings(),
    async start(port = 0, host) {
      await hub.start();
      await queue.start(jobs, options.webhooks?.workers ?? 4);
      if (workers) {
        pipeline.start();
        closer.start();
        void logWaitingForSeller(options.db.db, log);
      }
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const local = host === undefined || address.address === '::' || address.address === '0.0.0.0';
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          const url = `http://${local ? 'localhost' : shown}:${address.port}`;
          platform.listening(local ? `http://127.0.0.1:${address.port}` : url);
          if (workers) platform.start(local ? `http://127.0.0.1:${address.port}` : url);
          // After listen, in the background: the API answers while the validator loads (GET /ready: `validation`).
          if (workers && options.validationWarmUp) void validator?.warm();
          resolve(url);
        });
      });
    },
    async startWorker() {
      await hub.start();
      await queue.start(jobs, options.webhooks?.workers ?? 4);
      if (options.validationWarmUp) void validator?.warm();
      pipeline.start();
      closer.start();
      void logWaitingForSeller(options.db.db, log);
      if ((options.platform ?? { kind: 'sandbox' }).kind !== 'sandbox') {
        platform.start('');
        return undefined;
      }
      // The sandbox PA lives in this process and its connector reaches it over HTTP: loopback only.
      const url = await new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      });
      // As `start` does: the sandbox's directory is askable once it listens (else every document waits for it).
      platform.listening(url);
      platform.start(url);
      return url;
    },
    async stop() {
      await closeWebSocket();
      // Before the server closes: the connector's calls to the mounted sandbox get their answers.
      await platform.stopConnector();
      if (server.listening) {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        });
      }
      await platform.close();
      stopProfileListener();
      await pipeline.stop();
      await closer.stop();
      await validator?.close();
      await queue.stop();
      await hub.close();
    },
  };
}
