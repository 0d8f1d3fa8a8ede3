/**
 * One gateway (or one bare database) per `describe` for integration tests (test/integration/*.test.ts): started
 * before the block's tests with the clients it asks for, stopped after them. The test file keeps its own `gateway`,
 * `tenant`, `platform` or `database` variables (its tests read them by name); `take` assigns them once it is up.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Database, Engine } from '../../src/db/client.ts';
import { openTestDatabase, startGateway, type Gateway } from './gateway.ts';

/** What `suiteGateway` started: the gateway, and a tenant and a platform client when asked for. */
export interface SuiteGateway {
  gateway: Gateway;
  tenant: Awaited<ReturnType<Gateway['tenant']>>;
  platform: Awaited<ReturnType<Gateway['platform']>>;
}

export type SuiteGatewayOptions = NonNullable<Parameters<typeof startGateway>[1]> & {
  /** The clients to create, in this order (default none): a tenant with the demo seller, the `test-pa` platform. */
  clients?: Array<'tenant' | 'platform'>;
  /** The start's timeout in milliseconds (default Vitest's hook timeout). */
  timeoutMs?: number;
};

/**
 * Registers in the calling `describe` a `beforeAll` starting the gateway on `engine` (then its clients, then `take`)
 * and an `afterAll` stopping it. Fields not asked for (`clients`) are left unset.
 */
export function suiteGateway(engine: Engine, take: (started: SuiteGateway) => void, options: SuiteGatewayOptions = {}): void {
  const { clients = [], timeoutMs, ...gatewayOptions } = options;
  const started = {} as SuiteGateway;
  beforeAll(async () => {
    started.gateway = await startGateway(engine, gatewayOptions);
    for (const client of clients) {
      if (client === 'tenant') started.tenant = await started.gateway.tenant();
      else started.platform = await started.gateway.platform();
    }
    take(started);
  }, timeoutMs);
  afterAll(() => started.gateway?.stop());
}

/** Registers in the calling `describe` the opening of a migrated database on `engine` (given to `take`) and its closing. */
export function suiteDatabase(engine: Engine, take: (database: Database) => void): void {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    take(database);
  });
  afterAll(() => database?.close());
}
