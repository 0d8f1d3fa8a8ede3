/**
 * The shared setup of the pa-*-hostile integration tests: per engine, one gateway and tenant, and per test a reset
 * hostile fake PA (hostile-inbound-pa.ts) and a fresh status poller on a connection of its own, stopped after it.
 * One place for the wiring so each test file keeps only what it checks.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Engine } from '../../src/db/client.ts';
import { NO_EVENTS } from '../../src/domain/events/types.ts';
import { createLogger, type Logger } from '../../src/lib/logger.ts';
import type { RetryPolicy } from '../../src/platform/inbound/retries.ts';
import { createStatusPoller, type StatusPoller } from '../../src/platform/inbound/status-poller.ts';
import type { Client } from './client.ts';
import type { Gateway } from './gateway.ts';
import { type InboundFake, startInboundFake } from './hostile-inbound-pa.ts';
import { suiteGateway } from './suite-gateway.ts';

/** What a hostile-PA test works with; the fields are set by the hooks `hostilePoller` registers. */
export interface HostilePoller {
  fake: InboundFake;
  gateway: Gateway;
  tenant: Client;
  poller: StatusPoller;
  /** This test's PA connection name (`<prefix>-<uuid>`): the key of its cursor and problems. */
  connection: string;
}

export interface HostilePollerOptions {
  /** The connection names' prefix (one per file, so a test's rows are told apart). */
  prefix: string;
  /** The poller's logger, made before each test (default: silent, or TEST_LOG_LEVEL). */
  log?: () => Logger;
  /** The poller's retry policy (default: the poller's own). */
  retryPolicy?: RetryPolicy;
}

/**
 * Registers, in the calling `describe`, the hooks that start the fake PA and a gateway on `engine` (once), and a
 * fresh poller before each test; `take` receives the rig once the gateway is up and again before each test (assign
 * it to the file's own variables).
 */
export function hostilePoller(engine: Engine, options: HostilePollerOptions, take: (rig: HostilePoller) => void): void {
  const rig = {} as HostilePoller;
  beforeAll(async () => {
    rig.fake = await startInboundFake();
  });
  afterAll(() => rig.fake?.close());
  suiteGateway(engine, (started) => take(Object.assign(rig, started)), { clients: ['tenant'] });
  beforeEach(() => {
    rig.fake.reset();
    rig.connection = `${options.prefix}-${randomUUID()}`;
    const log = options.log?.() ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
    rig.poller = createStatusPoller({
      db: rig.gateway.database.db,
      events: NO_EVENTS,
      client: rig.fake.client(),
      connection: rig.connection,
      log,
      intervalMs: 60_000,
      retryPolicy: options.retryPolicy,
    });
    take(rig);
  });
  afterEach(() => rig.poller.stop());
}
