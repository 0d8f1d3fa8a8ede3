/**
 * The app's side of the PA (issue 18): which connector runs for the
 * `platform` option, the sandbox mounted on the app's own server, and the
 * hooks the Flow Service callback reaches. The AFNOR connector starts once the
 * server listens, since the mounted sandbox is reached through its URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { EventSink } from '../domain/events/types.ts';
import type { Validator } from '../validation/index.ts';
import { NO_PLATFORM, type PlatformConnector, type ReportLifecycleEvent } from './connector.ts';
import { createFlowConnector, type FlowConnector } from './flow-connector.ts';
import type { PlatformHooks } from './hooks.ts';
import { mountSandbox } from './sandbox.ts';
import { realTimers, type Scheduler } from './scheduler.ts';
import type { FlowSettings } from './settings.ts';
import { createSimulatedPlatform } from './simulated.ts';

/**
 * Which platform (PA) the gateway talks to (docs/pa-connection.md):
 * - `sandbox`: the built-in sandbox PA mounted under `/sandbox-pa`, reached over HTTP by the AFNOR connector;
 * - `afnor`: a real PA's Flow Service; `connection` names it (default: its flow URL);
 * - `none`: nothing is sent, documents stop at `validated`;
 * - `simulated`: an in-process script reporting statuses through the inbound mutation, no protocol (tests of the
 *   inbound path that drive time with a scheduler).
 * Delays in milliseconds: `stepMs` between two sandbox statuses (default 2000), `pollIntervalMs` between two looks
 * at the PA (default 5000, 1000 for the sandbox), `timeoutMs` for one exchange with it (default 30,000).
 */
export type PlatformOption =
  | { kind: 'none' }
  | { kind: 'simulated'; stepDelayMs?: number; scheduler?: Scheduler }
  | { kind: 'sandbox'; stepMs?: number; pollIntervalMs?: number }
  | { kind: 'afnor'; settings: FlowSettings; pollIntervalMs?: number; connection?: string; timeoutMs?: number };

/** The platform as the app runs it. */
export interface AppPlatform {
  /** Told after a document is committed `validated`. */
  handOver(submissionId: string): void;
  /** What the Flow Service callback calls (forwarded to the connector once it runs). */
  hooks: PlatformHooks;
  /** Serves a request under `/sandbox-pa` when the sandbox is mounted; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Starts the connector once the server listens on `baseUrl` (a URL this process can reach itself on). */
  start(baseUrl: string): void;
  /** The Flow Service settings the connector uses (the sandbox's generated ones), once started. */
  paSettings(): FlowSettings | undefined;
  /** Stops the connector (before the server closes: its calls to the mounted sandbox get their answers). */
  stopConnector(): Promise<void>;
  /** Stops the mounted sandbox (after the server closed). */
  close(): Promise<void>;
}

const DEFAULT_STEP_MS = 2000;
const DEFAULT_POLL_INTERVAL_MS = 5000;
/** The sandbox is this process: looking every second costs nothing. */
const SANDBOX_POLL_INTERVAL_MS = 1000;

/** The platform for `option`; `report` is the in-process inbound path (the simulated platform's). */
export function createAppPlatform(
  option: PlatformOption,
  deps: { db: Db; events: EventSink; log: Logger; validator: Validator | undefined; report: () => ReportLifecycleEvent },
): AppPlatform {
  const { db, events, log } = deps;
  let connector: PlatformConnector = NO_PLATFORM;
  let flow: FlowConnector | undefined;
  let settings: FlowSettings | undefined;
  const sandbox =
    option.kind === 'sandbox' ? mountSandbox({ stepMs: option.stepMs ?? DEFAULT_STEP_MS, validator: deps.validator, log }) : undefined;
  if (option.kind === 'simulated') {
    connector = createSimulatedPlatform({
      db,
      report: deps.report(),
      scheduler: option.scheduler ?? realTimers,
      stepDelayMs: option.stepDelayMs ?? DEFAULT_STEP_MS,
      log,
    });
  }
  return {
    handOver: (id) => connector.handOver(id),
    hooks: { flowUpdated: (updated) => flow?.hooks.flowUpdated(updated) },
    handle: (req, res) => sandbox?.handle(req, res) ?? false,
    start(baseUrl) {
      if (option.kind !== 'sandbox' && option.kind !== 'afnor') return;
      settings = option.kind === 'sandbox' ? sandbox!.settings(baseUrl) : option.settings;
      const started = createFlowConnector({
        db,
        events,
        log,
        settings,
        connection: option.kind === 'sandbox' ? 'sandbox' : (option.connection ?? settings.flowUrl),
        pollIntervalMs: option.pollIntervalMs ?? (option.kind === 'sandbox' ? SANDBOX_POLL_INTERVAL_MS : DEFAULT_POLL_INTERVAL_MS),
        timeoutMs: option.kind === 'afnor' ? option.timeoutMs : undefined,
      });
      flow = started;
      connector = { handOver: () => started.wake(), stop: () => started.stop() };
      started.start();
    },
    paSettings: () => settings,
    stopConnector: () => connector.stop(),
    close: async () => {
      await sandbox?.close();
    },
  };
}
