/**
 * A running gateway for integration tests: the real app factory on a real
 * port, over embedded PGlite (in memory) or PostgreSQL (`TEST_DATABASE_URL`).
 * Tests isolate themselves by creating their own tenants, never by cleaning.
 */
import { randomUUID } from 'node:crypto';
import { buildApp, type App, type PlatformOption, type RealtimeLimits, type WebhookOptions } from '../../src/app/app.ts';
import type { Database, Engine } from '../../src/db/client.ts';
import type { EReportingOptions } from '../../src/app/app-options.ts';
import { openEmbedded, openPostgres, type QueryObserver } from '../../src/db/open.ts';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { setSellerProfile } from '../../src/domain/sellers/sellers-service.ts';
import { createPlatformToken, createToken } from '../../src/domain/tenancy/tenancy-service.ts';
import type { PlatformHooks } from '../../src/platform/hooks.ts';
import type { RateLimitSettings } from '../../src/limits/rate-limits.ts';
import { createLogger, type Logger } from '../../src/lib/logger.ts';
import { Client } from './client.ts';
import { testEngine } from './validation.ts';

/** How long test gateways reuse a token lookup. */
export const AUTH_CACHE_TTL_IN_TESTS_MS = 200;

/** The engines to run integration suites on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface Gateway {
  url: string;
  database: Database;
  /** A new tenant with a fresh token (and the demo seller as its default, unless `seller: false`), and a client that sends it. */
  tenant(name?: string, options?: { seller?: boolean }): Promise<Client & { tenantName: string; token: string }>;
  /** A new tenant without any seller yet (`tenant(undefined, { seller: false })`). */
  sellerlessTenant(): ReturnType<Gateway['tenant']>;
  /** A platform (PA) credential named `name` (default `test-pa`), and a client that sends it. */
  platform(name?: string): Promise<Client & { token: string }>;
  /** A client without credentials (or with the given Authorization header). */
  anonymous(authorization?: string): Client;
  /** The app's GraphQL fast path counts (`App.graphqlFastPath`). */
  graphqlFastPath: App['graphqlFastPath'];
  /** The PA connector's Flow Service settings (`App.paSettings`). */
  paSettings: App['paSettings'];
  stop(): Promise<void>;
}

/** Opens a database of `engine` and migrates it. */
export async function openTestDatabase(
  engine: Engine,
  databaseUrl = process.env.TEST_DATABASE_URL,
  onQuery?: QueryObserver,
): Promise<Database> {
  const database = engine === 'postgres' ? await openPostgres(databaseUrl!, { poolSize: 20, onQuery }) : await openEmbedded({ onQuery });
  await database.migrate();
  return database;
}

/**
 * Starts the gateway on `engine`; call `stop()` in `afterAll`. No platform by
 * default, so nothing reports statuses unless a test asks for it.
 */
export async function startGateway(
  engine: Engine,
  options: {
    platform?: PlatformOption;
    webhooks?: WebhookOptions;
    databaseUrl?: string;
    graphqlFastPath?: boolean;
    realtime?: RealtimeLimits;
    /** Sees every statement the app sends (counting round trips). */
    onQuery?: QueryObserver;
    /** The app's logger (default: silent, or TEST_LOG_LEVEL). */
    log?: Logger;
    rateLimits?: RateLimitSettings;
    /** The pipeline's check (default `native`: the official artefacts cost about 1 s to load and 150 MB per worker). */
    validation?: 'official' | 'native';
    validationWorkers?: number;
    /**
     * Run the pipeline (and the platform connector), so documents go on from `received`. Default: when a `platform`
     * is given; otherwise documents stay `received` (every tenant has the demo seller either way).
     */
    pipeline?: boolean;
    /** Hooks the flow callback (`POST /pa/v1/flow-callbacks`) calls (default: none). */
    platformHooks?: PlatformHooks;
    /** How long directory entries are cached, in seconds (default 24 h). */
    directoryCacheTtlS?: number;
    /** `PUBLIC_URL` (default: unset, the OpenAPI servers are each request's origin). */
    publicUrl?: string;
    /** E-reporting settings (close delay, B2C_INVOICE_FLOWS, …). */
    eReporting?: EReportingOptions;
  } = {},
): Promise<Gateway> {
  const database = await openTestDatabase(engine, options.databaseUrl, options.onQuery);
  const app = buildApp({
    db: database,
    log: options.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    platform: options.platform ?? { kind: 'none' },
    graphqlFastPath: options.graphqlFastPath,
    realtime: options.realtime,
    rateLimits: options.rateLimits,
    validation: options.validation,
    validationWorkers: options.validationWorkers,
    validationEngine: testEngine(),
    platformHooks: options.platformHooks,
    directoryCacheTtlS: options.directoryCacheTtlS,
    publicUrl: options.publicUrl,
    eReporting: options.eReporting,
    workers: options.pipeline ?? options.platform !== undefined,
    // Short, so a revocation test waits a moment rather than 5 s.
    authCacheTtlMs: AUTH_CACHE_TTL_IN_TESTS_MS,
    // Receivers in tests listen on 127.0.0.1: the documented development setting allows it.
    webhooks: { allowPrivateUrls: true, workers: 1, ...options.webhooks },
  });
  const url = await app.start(0, '127.0.0.1');
  const gateway: Gateway = {
    url,
    database,
    async tenant(name = `tenant-${randomUUID()}`, { seller = true }: { seller?: boolean } = {}) {
      const created = await createToken(database.db, name);
      if (seller) {
        const saved = await setSellerProfile(database.db, created.tenant.id, DEMO_SELLER_PROFILE);
        if (!saved.ok) throw new Error(`demo seller profile refused: ${JSON.stringify(saved.violations)}`);
      }
      return Object.assign(new Client(url, `Bearer ${created.token}`), { tenantName: name, token: created.token });
    },
    sellerlessTenant: () => gateway.tenant(undefined, { seller: false }),
    async platform(name = 'test-pa') {
      const created = await createPlatformToken(database.db, name);
      return Object.assign(new Client(url, `Bearer ${created.token}`), { token: created.token });
    },
    anonymous: (authorization) => new Client(url, authorization),
    graphqlFastPath: app.graphqlFastPath,
    paSettings: () => app.paSettings(),
    async stop() {
      await app.stop();
      await database.close();
    },
  };
  return gateway;
}
