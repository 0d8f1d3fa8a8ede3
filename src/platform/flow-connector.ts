/**
 * The AFNOR XP Z12-013 connector (PLATFORM=afnor, and PLATFORM=sandbox against
 * the built-in sandbox PA): the sender moves validated documents to the PA
 * (`validated → sent`, outbound/), the status poller brings their lifecycle back
 * from CDAR status flows (inbound/), and the Flow Service callback makes
 * either look at once.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { EventSink } from '../domain/events/types.ts';
import { createFlowClient } from './afnor/client.ts';
import type { PlatformHooks } from './hooks.ts';
import { createSender } from './outbound/flow-sender.ts';
import { create212Sender } from './outbound/status-212-sender.ts';
import type { Validator } from '../validation/index.ts';
import type { FlowSettings } from './settings.ts';
import { createStatusPoller } from './inbound/status-poller.ts';
import { createEReportSender } from './outbound/e-report-sender.ts';
import type { EReportRow } from '../domain/e-reporting/store/close-store.ts';
import type { EReportEventSink } from '../domain/events/types.ts';
import { leaseMsFrom } from '../db/row-leases.ts';

/** A running connection to one PA. */
export interface FlowConnector {
  hooks: PlatformHooks;
  /** A document was validated: send it now rather than at the next poll. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Creates the connector for the PA `settings` describe; `connection` names it (the key of its status cursor:
 * a different PA starts its own cursor). Nothing is sent before `start`.
 */
export function createFlowConnector(options: {
  db: Db;
  events: EventSink;
  log: Logger;
  settings: FlowSettings;
  connection: string;
  pollIntervalMs: number;
  /** Limit for one HTTP exchange with the PA, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** `Organization-Id` (Flow Service 1.2.0): `seller` the document's seller SIREN on its calls, another value on every call. */
  organizationId?: string;
  /** The official artefacts the 212 Encaissée flows are checked with before sending (none: VALIDATION=native). */
  validator?: Validator | undefined;
  /** Told when an e-report's state changed (sent, accepted, rejected). */
  onEReportChanged?: (report: EReportRow) => void;
  /** Where e-report state changes become events (in their transaction) and webhooks (src/dispatch/e-report-events.ts). */
  eReportEvents?: EReportEventSink;
  /** Staleness window of the leases shared with other instances, in milliseconds (default: PA_LEASE_MS, leases.ts). */
  leaseMs?: number;
}): FlowConnector {
  const perSeller = options.organizationId === 'seller';
  const client = createFlowClient({
    ...options.settings,
    timeoutMs: options.timeoutMs,
    organizationId: perSeller ? undefined : options.organizationId,
  });
  const leaseMs = options.leaseMs ?? leaseMsFrom(process.env);
  // One holder id for this connector's named leases: `platform_leases` shows which instance polls.
  const common = { db: options.db, events: options.events, client, connection: options.connection, leaseMs, leaseHolder: randomUUID() };
  const log = options.log.child({ component: 'pa-connector', connection: options.connection });
  const sender = createSender({ ...common, log, pollMs: options.pollIntervalMs, organizationPerSeller: perSeller });
  const poller = createStatusPoller({ ...common, log, intervalMs: options.pollIntervalMs });
  const payments = create212Sender({ ...common, log, validator: options.validator, pollMs: options.pollIntervalMs });
  const reports = createEReportSender({
    db: options.db,
    client,
    log,
    pollMs: options.pollIntervalMs,
    onChanged: options.onEReportChanged,
    events: options.eReportEvents,
    leaseMs,
  });
  return {
    hooks: {
      flowUpdated(flow) {
        if (flow.flowDirection === 'Out') {
          void sender.acknowledge(flow);
          payments.wake();
        } else poller.wake();
      },
    },
    wake() {
      sender.wake();
      reports.wake();
    },
    start() {
      sender.start();
      poller.start();
      payments.start();
      reports.start();
    },
    async stop() {
      await Promise.all([sender.stop(), poller.stop(), payments.stop(), reports.stop()]);
    },
  };
}
