/**
 * What `buildApp` takes and returns (src/app/app.ts): the options tests and
 * `serve` set, and the running app's handle.
 */
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.ts';
import type { Database } from '../db/client.ts';
import type { GraphQLFastPath } from '../http/graphql-fast-path.ts';
import type { RateLimitSettings } from '../limits/rate-limits.ts';
import type { PlatformHooks } from '../platform/hooks.ts';
import type { PlatformOption } from '../platform/index.ts';
import type { FlowSettings } from '../platform/settings.ts';
import type { LookupFn } from '../webhooks/index.ts';
import type { DirectoryLookup } from '../model/directory.ts';

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

/** What `buildApp` takes: the database (opened and migrated by the caller) and every setting, tests' and `serve`'s. */
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
  /** The gateway's public base URL (`PUBLIC_URL`): the OpenAPI document's `servers`; unset, each request's origin. */
  publicUrl?: string;
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
  /** API requests/s from which one validation worker stays idle (default 0 here: never; `serve`: `VALIDATION_YIELD_RPS`). */
  validationYieldRps?: number;
  /** The engine of `validation: 'official'` (src/validation/engine-choice.ts): default `saxon-js` here (tests), `serve`: `VALIDATION_ENGINE`, default auto. */
  validationEngine?: 'auto' | 'saxon-he' | 'saxon-js';
  /** Saxon-HE: the JVM's heap cap in MB and the jar (defaults in src/validation/saxon-he/index.ts, engine-choice.ts). */
  validationJvmHeapMb?: number;
  saxonHeJar?: string;
  /**
   * Warm the validator (load the engine, validate one example) right after listening, in the background, so the
   * first document does not pay the load (`GET /ready` shows its state): default false here (tests), true in `serve`.
   */
  validationWarmUp?: boolean;
  /** Hooks of a PA connector run outside the app (tests); default: the app's own connector's. */
  platformHooks?: PlatformHooks;
  /**
   * Run the background work here: the pipeline and the PA connector (sender, status poller). Default true; false
   * serves the API only (documents wait in `received` for an instance that runs them).
   */
  workers?: boolean;
  /**
   * The PA directory, through its cache; default: the platform's Directory Service (`platform` option: the sandbox's
   * with `directory`, a real PA's with `directoryUrl`) behind the database cache, `unknown` when it has none (French
   * company buyers are then B2B with their SIREN as BT-49).
   */
  directory?: DirectoryLookup;
  /** How long a directory entry is used before the PA is asked again, in seconds (default 86,400; `DIRECTORY_CACHE_TTL_S`). */
  directoryCacheTtlS?: number;
  /** E-reporting (docs/e-reporting.md); every member has a default. */
  eReporting?: EReportingOptions;
}

/** E-reporting settings (`serve`: EREPORTING_CLOSE_DELAY, B2C_INVOICE_FLOWS, EREPORTING_PLATFORM_ID/NAME). */
export interface EReportingOptions {
  /** After a period ends, how long before its report closes by itself, in milliseconds (default 3,600,000). */
  closeDelayMs?: number;
  /** B2C and B2BInt documents also go to the PA as invoice flows (default false: they are e-reported only). */
  invoiceFlows?: boolean;
  /** The sender of the reports (TG-3): the PA's 4-character matricule and name (default `0000`, `Passerelle`). */
  platform?: { id: string; name: string };
  /** How often the closer looks for periods due to close, in milliseconds (default 5000). */
  pollMs?: number;
}

/** Per-token caps on real-time resources (`src/http/subscription-caps.ts`). */
export interface RealtimeLimits {
  connectionsPerToken: number;
  subscriptionsPerToken: number;
}

/** A built gateway: one HTTP server for REST, GraphQL and WebSocket, and the background work behind it. */
export interface App {
  /** The HTTP server (for tests that need its address or a WebSocket upgrade). */
  readonly server: Server;
  /** GraphQL requests answered by the fast path, and those it took but handed to Yoga (`src/http/graphql-fast-path.ts`). */
  readonly graphqlFastPath: GraphQLFastPath['counts'];
  /** The Flow Service settings the PA connector uses (the sandbox's generated ones), once started; undefined without one. */
  paSettings(): FlowSettings | undefined;
  /** Listens on `port` (0: any free port); resolves with the base URL. */
  start(port?: number, host?: string): Promise<string>;
  /**
   * `passerelle worker`: the background work only (pipeline, PA sender and status poller, webhook deliveries), no
   * API. With the sandbox PA, the server listens on a loopback port for that sandbox alone (the connector reaches
   * it over HTTP); otherwise nothing listens. Resolves with the sandbox's base URL, or undefined.
   */
  startWorker(): Promise<string | undefined>;
  /** Stops accepting requests, closes connections and subscriptions, stops the platform. */
  stop(): Promise<void>;
}
