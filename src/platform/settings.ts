/**
 * The PA connection's settings (docs/configuration.md): `PLATFORM`
 * picks the connector, `PA_*` describe a real PA's Flow Service. Read only by
 * `serve`: the administrative commands need none of them, so a missing PA
 * setting never stops `passerelle token create`.
 */
import { ConfigError } from '../app/config-error.ts';
import type { FlowClientOptions } from './afnor/client.ts';
import { leaseMsFrom } from '../db/row-leases.ts';

/** The Flow Service connection settings `PLATFORM=afnor` needs (AFNOR XP Z12-013 1.1.0, OAuth2 client credentials). */
export type FlowSettings = Pick<FlowClientOptions, 'flowUrl' | 'tokenUrl' | 'clientId' | 'clientSecret' | 'tokenAuth'>;

/**
 * Which PA the gateway talks to:
 * - `sandbox` (default): the sandbox PA (sandbox-pa/) served by this process under `/sandbox-pa`, reached over HTTP
 *   by the same connector as a real PA; its statuses follow the scripts (SIM-REFUSE, SIM-REJECT), one every `stepMs`;
 * - `afnor`: a real PA's Flow Service (`flow`);
 * - `none`: nothing is sent; documents stop at `validated`.
 * `pollIntervalMs`: how often the connector looks for status flows and acknowledgements (PA_POLL_INTERVAL_MS).
 * The directory: the sandbox's own unless PA_DIRECTORY_URL=none; a real PA's at PA_DIRECTORY_URL (optional).
 * `organizationId`: PA_ORGANIZATION_ID (`seller`, or a fixed value), the Flow Service 1.2.0 `Organization-Id`.
 */
export type PlatformSettings =
  | { kind: 'none' }
  | { kind: 'sandbox'; stepMs: number; pollIntervalMs: number; directory: boolean; organizationId?: string }
  | { kind: 'afnor'; flow: FlowSettings; pollIntervalMs: number; directoryUrl?: string; organizationId?: string };

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`${name} is required with PLATFORM=afnor`);
  return value;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string): string {
  const value = required(env, name);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value.slice(0, 200)}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${name} must be an http(s) URL, got "${value.slice(0, 200)}"`);
  if (url.username || url.password) throw new ConfigError(`${name} must not carry credentials (use PA_CLIENT_ID and PA_CLIENT_SECRET)`);
  return value.replace(/\/+$/, '');
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > 3_600_000) {
    throw new ConfigError(`${name} must be an integer from ${min} to 3600000 (milliseconds), got "${raw}"`);
  }
  return value;
}

/**
 * Reads PLATFORM, PA_*, SIMULATED_PLATFORM_STEP_MS.
 * @throws ConfigError naming the variable when a value is missing or invalid (never echoing PA_CLIENT_SECRET).
 */
export function loadPlatformSettings(env: NodeJS.ProcessEnv = process.env): PlatformSettings {
  const kind = env.PLATFORM || 'sandbox';
  // The sandbox is this process: looking every second costs nothing and keeps the quick start lively.
  const pollIntervalMs = milliseconds(env, 'PA_POLL_INTERVAL_MS', kind === 'sandbox' ? 1000 : 5000, 50);
  if (kind === 'none') return { kind };
  leaseMsFrom(env); // refused at start-up rather than when the connector starts (which reads it: leases.ts)
  const organizationId = organization(env);
  if (kind === 'sandbox') {
    const directory = env.PA_DIRECTORY_URL !== 'none';
    if (env.PA_DIRECTORY_URL && directory)
      throw new ConfigError('PA_DIRECTORY_URL with PLATFORM=sandbox: only "none" (the sandbox serves its own)');
    return { kind, stepMs: milliseconds(env, 'SIMULATED_PLATFORM_STEP_MS', 2000, 0), pollIntervalMs, directory, organizationId };
  }
  if (kind !== 'afnor') throw new ConfigError(`PLATFORM must be "sandbox", "afnor" or "none", got "${kind.slice(0, 40)}"`);
  const flowUrl = httpUrl(env, 'PA_FLOW_URL');
  if (!/\/flow-service$/.test(flowUrl)) {
    throw new ConfigError(
      `PA_FLOW_URL must be the Flow Service base, ending in /flow-service (the OpenAPI's server URL), got "${flowUrl.slice(0, 200)}"`,
    );
  }
  const directoryUrl = env.PA_DIRECTORY_URL?.trim() ? httpUrl(env, 'PA_DIRECTORY_URL') : undefined;
  if (directoryUrl && !/\/directory-service$/.test(directoryUrl)) {
    throw new ConfigError(
      `PA_DIRECTORY_URL must be the Directory Service base, ending in /directory-service (the OpenAPI's server URL), got "${directoryUrl.slice(0, 200)}"`,
    );
  }
  const tokenAuth = env.PA_TOKEN_AUTH || 'basic';
  if (tokenAuth !== 'basic' && tokenAuth !== 'body')
    throw new ConfigError(`PA_TOKEN_AUTH must be "basic" or "body", got "${tokenAuth.slice(0, 40)}"`);
  return {
    kind,
    flow: {
      flowUrl,
      tokenUrl: httpUrl(env, 'PA_TOKEN_URL'),
      clientId: required(env, 'PA_CLIENT_ID'),
      clientSecret: required(env, 'PA_CLIENT_SECRET'),
      tokenAuth,
    },
    pollIntervalMs,
    ...(directoryUrl && { directoryUrl }),
    organizationId,
  };
}

/** PA_ORGANIZATION_ID: `seller`, or an organisation id of at most 100 printable characters; undefined when unset. */
function organization(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.PA_ORGANIZATION_ID?.trim();
  if (!value) return undefined;
  if (!/^[\x21-\x7e]{1,100}$/.test(value)) {
    throw new ConfigError('PA_ORGANIZATION_ID must be "seller" or an organisation id (1 to 100 printable ASCII characters, no space)');
  }
  return value;
}
