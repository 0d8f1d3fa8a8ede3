/** PLATFORM and PA_* (src/platform/settings.ts): defaults, and one message naming the variable for each mistake, never the secret. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/app/config-error.ts';
import { loadPlatformSettings } from '../../src/platform/settings.ts';

const PA = {
  PLATFORM: 'afnor',
  PA_FLOW_URL: 'https://pa.example/api/flow-service/',
  PA_TOKEN_URL: 'https://pa.example/oauth/token',
  PA_CLIENT_ID: 'me',
  PA_CLIENT_SECRET: 'top-secret-value-42',
};

describe('loadPlatformSettings', () => {
  it('defaults to the sandbox, a status every 2 s, a look every second', () => {
    expect(loadPlatformSettings({})).toEqual({ kind: 'sandbox', stepMs: 2000, pollIntervalMs: 1000, directory: true });
    expect(loadPlatformSettings({ PLATFORM: 'none' })).toEqual({ kind: 'none' });
  });

  it('reads a real PA: Basic by default, the flow URL without its trailing slash, 5 s between looks', () => {
    expect(loadPlatformSettings(PA)).toEqual({
      kind: 'afnor',
      flow: {
        flowUrl: 'https://pa.example/api/flow-service',
        tokenUrl: 'https://pa.example/oauth/token',
        clientId: 'me',
        clientSecret: 'top-secret-value-42',
        tokenAuth: 'basic',
      },
      pollIntervalMs: 5000,
    });
    expect(loadPlatformSettings({ ...PA, PA_TOKEN_AUTH: 'body', PA_POLL_INTERVAL_MS: '250' })).toMatchObject({
      flow: { tokenAuth: 'body' },
      pollIntervalMs: 250,
    });
  });

  it("reads the directory (the sandbox's unless none; a real PA's when set) and the Organization-Id setting", () => {
    expect(loadPlatformSettings({ PA_DIRECTORY_URL: 'none' })).toMatchObject({ kind: 'sandbox', directory: false });
    expect(loadPlatformSettings({ PA_ORGANIZATION_ID: 'seller' })).toMatchObject({ kind: 'sandbox', organizationId: 'seller' });
    expect(loadPlatformSettings({ ...PA, PA_DIRECTORY_URL: 'https://pa.example/api/directory-service/' })).toMatchObject({
      kind: 'afnor',
      directoryUrl: 'https://pa.example/api/directory-service',
    });
    expect(loadPlatformSettings(PA)).not.toHaveProperty('directoryUrl');
  });

  it.each([
    [
      { ...PA, PA_DIRECTORY_URL: 'https://pa.example/api' },
      'PA_DIRECTORY_URL must be the Directory Service base, ending in /directory-service',
    ],
    [{ PA_DIRECTORY_URL: 'https://pa.example/directory-service' }, 'PA_DIRECTORY_URL with PLATFORM=sandbox'],
    [{ PA_ORGANIZATION_ID: 'two words' }, 'PA_ORGANIZATION_ID must be "seller" or an organisation id'],
    [{ PLATFORM: 'afnor' }, 'PA_FLOW_URL is required with PLATFORM=afnor'],
    [{ ...PA, PA_FLOW_URL: 'https://pa.example/api' }, 'PA_FLOW_URL must be the Flow Service base, ending in /flow-service'],
    [{ ...PA, PA_FLOW_URL: 'ftp://pa.example/flow-service' }, 'PA_FLOW_URL must be an http(s) URL'],
    [{ ...PA, PA_FLOW_URL: 'https://user:pw@pa.example/flow-service' }, 'PA_FLOW_URL must not carry credentials'],
    [{ ...PA, PA_TOKEN_URL: 'not a url' }, 'PA_TOKEN_URL must be an http(s) URL'],
    [{ ...PA, PA_CLIENT_ID: ' ' }, 'PA_CLIENT_ID is required with PLATFORM=afnor'],
    [{ ...PA, PA_CLIENT_SECRET: '' }, 'PA_CLIENT_SECRET is required with PLATFORM=afnor'],
    [{ ...PA, PA_TOKEN_AUTH: 'digest' }, 'PA_TOKEN_AUTH must be "basic" or "body"'],
    [{ PLATFORM: 'simulated' }, 'PLATFORM must be "sandbox", "afnor" or "none"'],
    [{ PA_POLL_INTERVAL_MS: 'often' }, 'PA_POLL_INTERVAL_MS must be an integer'],
    [{ PA_POLL_INTERVAL_MS: '10' }, 'PA_POLL_INTERVAL_MS must be an integer from 50'],
    [{ SIMULATED_PLATFORM_STEP_MS: '-1' }, 'SIMULATED_PLATFORM_STEP_MS must be an integer'],
  ])('%j: %s', (env, message) => {
    let thrown: unknown;
    try {
      loadPlatformSettings(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain(message);
    expect((thrown as Error).message).not.toContain('top-secret-value-42');
  });
});
