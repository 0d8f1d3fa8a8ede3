import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/app/config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded engine in ./data on port 4000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: undefined, dbPoolSize: 10 });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('turns the GraphQL fast path on by default, off with GRAPHQL_FAST_PATH=off', () => {
    expect(loadConfig({}).graphqlFastPath).toBe(true);
    expect(loadConfig({ GRAPHQL_FAST_PATH: 'off' }).graphqlFastPath).toBe(false);
  });

  it.each([
    [{ PORT: 'http' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DB_POOL_SIZE: '0' }, /DB_POOL_SIZE/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ GRAPHQL_FAST_PATH: 'maybe' }, /GRAPHQL_FAST_PATH/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
