/**
 * Configuration from the environment. Every variable is documented in
 * docs/configuration.md (a test keeps them in step); an invalid value stops
 * start-up with a message naming it.
 */
import { join, resolve } from 'node:path';
import { packageRoot } from '../lib/package-root.ts';
import { ConfigError } from './config-error.ts';

export interface Config {
  port: number;
  host: string | undefined;
  /** PostgreSQL URL; when absent, the embedded engine is used. */
  databaseUrl: string | undefined;
  /** Embedded engine data directory (ignored with `databaseUrl`). */
  dataDir: string;
  dbPoolSize: number;
  logLevel: string;
  /** `official`: the pipeline runs the official XSD, EN 16931 and BR-FR artefacts; `native`: the gateway's own rules only. */
  validation: 'official' | 'native';
  /** Worker threads running the official artefacts. */
  validationWorkers: number;
  /** Nice value (0-19) of the validation worker threads: below the threads that acknowledge submissions. */
  validationNice: number;
  /** Validation workers under SCHED_IDLE (Linux; `VALIDATION_SCHED_IDLE`, default true). */
  validationSchedIdle: boolean;
  /** API requests per second at or above which one validation worker stays idle (`VALIDATION_YIELD_RPS`, default 100; 0: never). */
  validationYieldRps: number;
  /** Engine running the official artefacts (`VALIDATION_ENGINE`, default auto: Saxon-HE when Java and its jar are there, else SaxonJS). */
  validationEngine: 'auto' | 'saxon-he' | 'saxon-js';
  /** Heap cap of the Saxon-HE JVM in MB (`VALIDATION_JVM_HEAP_MB`, default 768). */
  validationJvmHeapMb: number;
  /** Saxon-HE's jar (`SAXON_HE_JAR`, default /usr/share/java/Saxon-HE.jar, Debian's libsaxonhe-java). */
  saxonHeJar: string | undefined;
  /** `serve` runs the pipeline and the PA connector too (`WORKERS`, default on); off: API only, a `passerelle worker` does them. */
  workers: boolean;
  /** Base64 of 32 bytes sealing webhook secrets; unset: a key file in `dataDir`. */
  webhookSecretsKey: string | undefined;
  /** Development only: webhooks may go to http:// and private addresses. */
  webhookAllowPrivateUrls: boolean;
  /** Webhook delivery loops in this process (0: this instance delivers nothing). */
  webhookWorkers: number;
  /** `PUBLIC_URL`: the base URL clients reach the gateway at (the OpenAPI `servers`); unset: each request's origin. */
  publicUrl: string | undefined;
  /** The GraphQL fast path (src/http/graphql-fast-path.ts); off sends every request through Yoga (debugging, comparison runs). */
  graphqlFastPath: boolean;
  /** GraphQL-over-WebSocket connections one token may hold open at once. */
  subscriptionConnectionsPerToken: number;
  /** Subscriptions (WebSocket and server-sent events together) one token may run at once. */
  subscriptionsPerToken: number;
  /** Per-tenant rate limits, points per second (0: none). */
  rateLimits: { submissions: number; lookups: number; graphql: number };
  /** How long a PA directory entry is used before the PA is asked again, in seconds (`DIRECTORY_CACHE_TTL_S`, default 86,400). */
  directoryCacheTtlS: number;
  /** E-reporting (docs/e-reporting.md): close delay after a period ends (seconds), B2C/B2BInt invoice flows, the PA's matricule and name (TG-3). */
  eReporting: { closeDelaySeconds: number; invoiceFlows: boolean; platformId: string; platformName: string };
}

/**
 * Every variable, its default and a one-line summary (`[name, default, summary]`): what `passerelle --help`
 * prints. docs/configuration.md says more; a test keeps the three in step.
 */
const VARIABLES: ReadonlyArray<readonly [name: string, fallback: string, summary: string]> = [
  ['PORT', '4000', 'HTTP port (REST, GraphQL, WebSocket)'],
  ['HOST', 'all interfaces', 'listen address'],
  ['DATABASE_URL', 'unset: embedded', 'postgres:// URL of a PostgreSQL database'],
  ['DATA_DIR', 'data/ in the package', 'embedded database directory (relative: to the current directory)'],
  ['DB_POOL_SIZE', '10', 'PostgreSQL connection pool size (two more connections serve the lifecycle batch)'],
  ['LOG_LEVEL', 'info', 'debug, info, warn, error or silent'],
  ['PLATFORM', 'sandbox', 'sandbox (the built-in sandbox PA), afnor (a real PA, PA_* below) or none'],
  ['PA_FLOW_URL', 'none', 'PLATFORM=afnor: the Flow Service base, ending in /flow-service'],
  ['PA_TOKEN_URL', 'none', "PLATFORM=afnor: the PA's OAuth2 token endpoint"],
  ['PA_CLIENT_ID', 'none', 'PLATFORM=afnor: OAuth2 client id'],
  ['PA_CLIENT_SECRET', 'none', 'PLATFORM=afnor: OAuth2 client secret (never logged)'],
  ['PA_TOKEN_AUTH', 'basic', 'basic (HTTP Basic, RFC 6749) or body (credentials in the form)'],
  ['PA_DIRECTORY_URL', 'sandbox: its own; afnor: none', 'the Directory Service base, ending in /directory-service (none: no directory)'],
  ['PA_ORGANIZATION_ID', 'none', "Flow Service 1.2.0 Organization-Id: seller (each document's seller SIREN) or a fixed id"],
  ['DIRECTORY_CACHE_TTL_S', '86400', 'how long a directory answer is kept, in seconds (0: not cached)'],
  ['PA_POLL_INTERVAL_MS', '5000 (sandbox: 1000)', 'how often statuses and acknowledgements are fetched from the PA'],
  ['VALIDATION', 'official', 'official (XSD, EN 16931 and BR-FR artefacts) or native (own rules only)'],
  ['VALIDATION_WORKERS', '2', 'worker threads running the official artefacts'],
  ['VALIDATION_NICE', '10', 'their CPU priority, 0-19 (Linux): acknowledgements first'],
  ['VALIDATION_SCHED_IDLE', 'true', 'Linux: the workers run only on cores nothing else wants'],
  ['VALIDATION_YIELD_RPS', '100', 'API requests/s from which one worker stays idle (0: never)'],
  ['VALIDATION_ENGINE', 'auto', 'saxon-he (JVM), saxon-js (worker threads) or auto (Saxon-HE when Java is there)'],
  ['VALIDATION_JVM_HEAP_MB', '768', "Saxon-HE: the JVM's heap cap (-Xmx)"],
  ['SAXON_HE_JAR', '/usr/share/java/Saxon-HE.jar', "Saxon-HE's jar (Debian: libsaxonhe-java)"],
  ['WORKERS', 'on', 'off: serve runs the API only (the pipeline and PA connector run in `passerelle worker`)'],
  ['SIMULATED_PLATFORM_STEP_MS', '2000', "delay between two of the sandbox PA's statuses"],
  ['WEBHOOK_SECRETS_KEY', 'a key file in DATA_DIR', 'base64 of 32 bytes sealing webhook secrets'],
  ['WEBHOOK_ALLOW_PRIVATE_URLS', 'false', 'development: webhooks to http:// and private addresses'],
  ['WEBHOOK_WORKERS', '4', 'webhook delivery capacity of this process (0: none)'],
  ['PUBLIC_URL', "the request's origin", 'https://… base URL clients use (the OpenAPI servers)'],
  ['GRAPHQL_FAST_PATH', 'true', 'false: every GraphQL request through Yoga'],
  ['SUBSCRIPTION_CONNECTIONS_PER_TOKEN', '100', 'WebSocket connections per token'],
  ['SUBSCRIPTIONS_PER_TOKEN', '500', 'running subscriptions per token'],
  ['RATE_LIMIT_SUBMISSIONS_PER_SECOND', '20000', 'per tenant (0: none)'],
  ['RATE_LIMIT_LOOKUPS_PER_SECOND', '20000', 'per tenant (0: none)'],
  ['RATE_LIMIT_GRAPHQL_COST_PER_SECOND', '1000000', 'per tenant (0: none)'],
  ['EREPORTING_CLOSE_DELAY', '3600', 'seconds after a period ends before its e-report closes and is sent'],
  ['B2C_INVOICE_FLOWS', 'false', 'true: B2C and B2BInt invoices also go to the PA as invoice flows'],
  ['EREPORTING_PLATFORM_ID', '0000', "the PA's 4-character matricule, sender of the e-reports (TT-8)"],
  ['EREPORTING_PLATFORM_NAME', 'Passerelle', 'its name in the e-reports (TT-9)'],
];

/** `VARIABLES` as records: the name, the default and the summary of each variable. */
export const CONFIG_VARIABLES: ReadonlyArray<{ name: string; fallback: string; summary: string }> = VARIABLES.map(
  ([name, fallback, summary]) => ({ name, fallback, summary }),
);

export { ConfigError };

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'false' || raw === '0' || raw === 'off') return false;
  if (raw === 'true' || raw === '1' || raw === 'on') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Reads the configuration. @throws ConfigError naming the variable when a value is invalid. */
function invalidValidation(raw: string): never {
  throw new ConfigError(`VALIDATION must be "official" or "native", got "${raw}"`);
}

/** `PUBLIC_URL`: an absolute http(s) URL without query or fragment, or unset. @throws ConfigError */
function publicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http:// or https:// URL, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`PUBLIC_URL must be an absolute http:// or https:// URL without query, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

function validationEngine(raw: string | undefined): Config['validationEngine'] {
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  if (raw === 'saxon-he' || raw === 'saxon-js') return raw;
  throw new ConfigError(`VALIDATION_ENGINE must be "auto", "saxon-he" or "saxon-js", got "${raw}"`);
}

function platformMatricule(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '0000';
  if (!/^[A-Za-z0-9]{4}$/.test(raw))
    throw new ConfigError(`EREPORTING_PLATFORM_ID must be 4 letters or digits (the PA's matricule), got "${raw}"`);
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return {
    port: integer(env, 'PORT', 4000, 0, 65535),
    host: env.HOST || undefined,
    databaseUrl,
    // Unset: the package's own data/, wherever the command runs from (a CLI run in docs/ finds the gateway's database).
    dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : join(packageRoot(), 'data'),
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10, 1, 200),
    logLevel: env.LOG_LEVEL || 'info',
    validation:
      env.VALIDATION === 'native'
        ? 'native'
        : env.VALIDATION === undefined || env.VALIDATION === 'official'
          ? 'official'
          : invalidValidation(env.VALIDATION),
    validationWorkers: integer(env, 'VALIDATION_WORKERS', 2, 1, 16),
    validationNice: integer(env, 'VALIDATION_NICE', 10, 0, 19),
    validationSchedIdle: boolean(env, 'VALIDATION_SCHED_IDLE', true),
    validationYieldRps: integer(env, 'VALIDATION_YIELD_RPS', 100, 0, 1_000_000),
    validationEngine: validationEngine(env.VALIDATION_ENGINE),
    validationJvmHeapMb: integer(env, 'VALIDATION_JVM_HEAP_MB', 768, 128, 65_536),
    saxonHeJar: env.SAXON_HE_JAR || undefined,
    webhookSecretsKey: env.WEBHOOK_SECRETS_KEY || undefined,
    webhookAllowPrivateUrls: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS'),
    webhookWorkers: integer(env, 'WEBHOOK_WORKERS', 4, 0, 64),
    workers: boolean(env, 'WORKERS', true),
    publicUrl: publicUrl(env.PUBLIC_URL),
    graphqlFastPath: boolean(env, 'GRAPHQL_FAST_PATH', true),
    subscriptionConnectionsPerToken: integer(env, 'SUBSCRIPTION_CONNECTIONS_PER_TOKEN', 100, 1, 100_000),
    subscriptionsPerToken: integer(env, 'SUBSCRIPTIONS_PER_TOKEN', 500, 1, 100_000),
    rateLimits: {
      submissions: integer(env, 'RATE_LIMIT_SUBMISSIONS_PER_SECOND', 20_000, 0, 10_000_000),
      lookups: integer(env, 'RATE_LIMIT_LOOKUPS_PER_SECOND', 20_000, 0, 10_000_000),
      graphql: integer(env, 'RATE_LIMIT_GRAPHQL_COST_PER_SECOND', 1_000_000, 0, 1_000_000_000),
    },
    directoryCacheTtlS: integer(env, 'DIRECTORY_CACHE_TTL_S', 86_400, 0, 31_536_000),
    eReporting: {
      closeDelaySeconds: integer(env, 'EREPORTING_CLOSE_DELAY', 3600, 0, 31 * 86_400),
      invoiceFlows: boolean(env, 'B2C_INVOICE_FLOWS'),
      platformId: platformMatricule(env.EREPORTING_PLATFORM_ID),
      platformName: env.EREPORTING_PLATFORM_NAME || 'Passerelle',
    },
  };
}
