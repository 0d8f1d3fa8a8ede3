/**
 * The app factory: wires the context factory, GraphQL (Yoga over HTTP and
 * graphql-ws), the REST facade, the event hub and the platform connector onto
 * one HTTP server. Tests and `serve` share it; the database is opened,
 * migrated and closed by the caller.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createRestFacade } from '../rest-facade/index.ts';
import { OPERATIONS } from '../rest-facade/operations.ts';
import { WEBHOOK_OPERATIONS } from '../rest-facade/webhook-operations.ts';
import { webhookPayloads } from '../rest-facade/webhook-payloads.ts';
import { systemClock, type Clock } from './clock.ts';
import { contextFactory, type ContextDeps } from './context.ts';
import type { Database } from './db/client.ts';
import type { EventSink } from './domain/events/types.ts';
import { createEventHub } from './dispatch/hub.ts';
import { createEventSink } from './dispatch/sink.ts';
import { operationRunner } from './graphql/run-operation.ts';
import { handleProbe } from './http/probes.ts';
import { createRateLimits, DEFAULT_RATE_LIMITS, type RateLimitSettings } from './limits/rate-limits.ts';
import { attachGraphQLWebSocket } from './http/websocket.ts';
import { graphqlFastPath, type GraphQLFastPath } from './http/graphql-fast-path.ts';
import { buildYoga } from './http/yoga.ts';
import { createLogger } from './logger.ts';
import { schema } from './schema/index.ts';
import type { PlatformHooks } from './platform/hooks.ts';
import { createAppPlatform, type PlatformOption } from './platform/index.ts';
import type { FlowSettings } from './platform/settings.ts';
import { inProcessReporter, RECORD_LIFECYCLE_STATUS } from './platform/report.ts';
import { onSellerProfileSaved } from './domain/seller-profile/service.ts';
import { createPipeline } from './pipeline/worker.ts';
import { createValidator } from './validation/index.ts';
import { webhookJobs } from './webhooks/deliver.ts';
import type { WebhookSettings } from './webhooks/endpoints.ts';
import { endpointPresence } from './webhooks/presence.ts';
import { createWebhookQueue } from './webhooks/queue.ts';
import type { LookupFn } from './webhooks/url-policy.ts';

export type { PlatformOption };

/** Webhook delivery settings. */
export interface WebhookOptions {
  /** Seals signing secrets at rest. Default: a random key for this process only (tests). */
  secretsKey?: Buffer;
  /** The development setting: allow http:// and private addresses (tests with a local receiver). */
  allowPrivateUrls?: boolean;
  /** Delivery capacity of this process: 25 attempts at once per worker; 0 delivers nothing here (another instance may). Default 4. */
  workers?: number;
  clock?: Clock;
  lookup?: LookupFn;
}

export interface AppOptions {
  db: Database;
  log?: Logger;
  /** Default: the sandbox PA. */
  platform?: PlatformOption;
  webhooks?: WebhookOptions;
  /** How long a successful token lookup is reused; a revocation takes effect within it. Default 5 s. */
  authCacheTtlMs?: number;
  /** Answer plain JSON GraphQL POSTs on the fast path (default true); false sends everything through Yoga. */
  graphqlFastPath?: boolean;
  /** Per-token caps on real-time resources (defaults: 100 WebSocket connections, 500 subscriptions). */
  realtime?: RealtimeLimits;
  /** Per-tenant rate limits, points per second (default DEFAULT_RATE_LIMITS). */
  rateLimits?: RateLimitSettings;
  /**
   * How the pipeline checks generated documents: `official` runs the official XSD, EN 16931 and
   * BR-FR artefacts in `validationWorkers` worker threads; `native` trusts the gateway's own rules
   * (the 422 stage and the mapping). Default `native` here (tests), `official` in `serve` (VALIDATION).
   */
  validation?: 'official' | 'native';
  validationWorkers?: number;
  /** Nice value of the validation workers (0-19, default 10: src/validation/priority.ts). */
  validationNice?: number;
  /** Validation workers under Linux's SCHED_IDLE (default false; `serve`: `VALIDATION_SCHED_IDLE`, default true). */
  validationSchedIdle?: boolean;
  /** Hooks of a PA connector run outside the app (tests); default: the app's own connector's. */
  platformHooks?: PlatformHooks;
}

/** Per-token caps on real-time resources (`src/http/subscription-caps.ts`). */
export interface RealtimeLimits {
  connectionsPerToken: number;
  subscriptionsPerToken: number;
}

export interface App {
  /** The HTTP server (for tests that need its address or a WebSocket upgrade). */
  readonly server: Server;
  /** GraphQL requests answered by the fast path, and those it took but handed to Yoga (`src/http/graphql-fast-path.ts`). */
  readonly graphqlFastPath: GraphQLFastPath['counts'];
  /** The Flow Service settings the PA connector uses (the sandbox's generated ones), once started; undefined without one. */
  paSettings(): FlowSettings | undefined;
  /** Listens on `port` (0: any free port); resolves with the base URL. */
  start(port?: number, host?: string): Promise<string>;
  /** Stops accepting requests, closes connections and subscriptions, stops the platform. */
  stop(): Promise<void>;
}

export function buildApp(options: AppOptions): App {
  const log = options.log ?? createLogger();
  const hub = createEventHub(options.db, log);
  const queue = createWebhookQueue(options.db, log);
  const presence = endpointPresence();
  const validator =
    options.validation === 'official'
      ? createValidator({ workers: options.validationWorkers ?? 2, nice: options.validationNice, idle: options.validationSchedIdle })
      : undefined;
  const events: EventSink = createEventSink({
    hub,
    presence,
    queue,
    afterCommit: (committed) => {
      if (committed.some((event) => event.type === 'received')) pipeline.wake();
    },
  });
  // The platform takes a document once it is validated: what it receives is the generated e-invoice.
  const pipeline = createPipeline({ db: options.db.db, events, validator, log, onValidated: (id) => platform.handOver(id) });
  const stopProfileListener = onSellerProfileSaved(options.db.db, () => pipeline.wake());
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
  };
  const createContext = contextFactory(deps);
  const realtime = options.realtime ?? { connectionsPerToken: 100, subscriptionsPerToken: 500 };
  const yoga = buildYoga({ createContext, log, subscriptionsPerToken: realtime.subscriptionsPerToken });
  const graphql = graphqlFastPath({ yoga, schema, createContext, log });
  const fastPath = options.graphqlFastPath ?? true;
  const run = operationRunner(schema, [...Object.values(OPERATIONS), ...Object.values(WEBHOOK_OPERATIONS), RECORD_LIFECYCLE_STATUS]);
  const platform = createAppPlatform(options.platform ?? { kind: 'sandbox' }, {
    db: options.db.db,
    events,
    log,
    validator,
    report: () => inProcessReporter(run, deps, 'simulated platform', log),
  });
  const jobs = webhookJobs({ db: options.db.db, settings, queue, payloads: webhookPayloads(run, deps), log });
  const rest = createRestFacade({ run, createContext, log });
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (handleProbe(req, res, options.db)) return;
    if (platform.handle(req, res)) return;
    if (/^\/(v1|pa\/v1)(\/|\?|$)/.test(url)) {
      void rest(req, res);
    } else if (!fastPath || !graphql.handle(req, res)) {
      void yoga(req, res);
    }
  });
  const closeWebSocket = attachGraphQLWebSocket(server, { yoga, context: deps, log, connectionsPerToken: realtime.connectionsPerToken });

  return {
    server,
    graphqlFastPath: graphql.counts,
    paSettings: () => platform.paSettings(),
    async start(port = 0, host) {
      await hub.start();
      await queue.start(jobs, options.webhooks?.workers ?? 4);
      pipeline.start();
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const local = host === undefined || address.address === '::' || address.address === '0.0.0.0';
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          const url = `http://${local ? 'localhost' : shown}:${address.port}`;
          platform.start(local ? `http://127.0.0.1:${address.port}` : url);
          resolve(url);
        });
      });
    },
    async stop() {
      await closeWebSocket();
      // Before the server closes: the connector's calls to the mounted sandbox get their answers.
      await platform.stopConnector();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await platform.close();
      stopProfileListener();
      await pipeline.stop();
      await validator?.close();
      await queue.stop();
      await hub.close();
    },
  };
}
