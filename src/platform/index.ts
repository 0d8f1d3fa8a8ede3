/**
 * The platform (PA) module's public face, used by the app factory and the resolvers: which connector runs for the
 * `platform` option, the sandbox mounted on the app's own server, the hooks the Flow Service callback reaches, and
 * the reads the schema shows (a submission's delivery). The AFNOR connector starts once the server listens, since
 * the mounted sandbox is reached through its URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { EReportEventSink, EventSink } from '../domain/events/types.ts';
import type { DirectorySeed } from '../../sandbox-pa/src/index.ts';
import type { DirectoryAnswer } from '../model/directory.ts';
import type { Validator } from '../validation/index.ts';
import { type ConnectorDeps, NO_PLATFORM, type PlatformConnector } from './connector.ts';
import { createFlowConnector, type FlowConnector } from './flow-connector.ts';
import type { PlatformHooks } from './hooks.ts';
import { mountSandbox } from './sandbox.ts';
import { createDirectoryClient } from './directory/client.ts';
import type { FlowSettings } from './settings.ts';

export type { AcknowledgementDetail, Flow, FlowAckStatus, FlowDirection, FlowProfile, FlowSyntax, ProcessingRule } from './afnor/types.ts';
export type { ConnectorDeps, PlatformConnector } from './connector.ts';
export { type DeliveryView, findDelivery } from './outbound/delivery-view.ts';

/**
 * Which platform (PA) the gateway talks to (docs/pa-connection.md):
 * - `sandbox`: the built-in sandbox PA mounted under `/sandbox-pa`, reached over HTTP by the AFNOR connector;
 * - `afnor`: a real PA's Flow Service; `connection` names it (default: its flow URL);
 * - `none`: nothing is sent, documents stop at `validated`;
 * - `custom`: a connector made by the caller (the tests' simulated platform, an in-process script).
 * Delays in milliseconds: `stepMs` between two sandbox statuses (default 2000), `pollIntervalMs` between two looks
 * at the PA (default 5000, 1000 for the sandbox), `timeoutMs` for one exchange with it (default 30,000).
 * The directory (Directory Service 1.2.0): the sandbox's own with `directory` (true, or a seed of lines by SIREN),
 * a real PA's at `directoryUrl` (PA_DIRECTORY_URL) with the same OAuth2 client; none otherwise (lookups: `unknown`).
 * `organizationId` (PA_ORGANIZATION_ID): the Flow Service 1.2.0 `Organization-Id` header, `seller` for each document's
 * seller SIREN.
 */
export type PlatformOption =
  | { kind: 'none' }
  | { kind: 'custom'; connector: (deps: ConnectorDeps) => PlatformConnector }
  | { kind: 'sandbox'; stepMs?: number; pollIntervalMs?: number; directory?: boolean | DirectorySeed; organizationId?: string }
  | {
      kind: 'afnor';
      settings: FlowSettings;
      pollIntervalMs?: number;
      connection?: string;
      timeoutMs?: number;
      directoryUrl?: string;
      organizationId?: string;
    };

/** The platform as the app runs it. */
export interface AppPlatform {
  /** Wakes the sender: a document was committed `validated`. */
  wakeSender(): void;
  /** What the Flow Service callback calls (forwarded to the connector once it runs). */
  hooks: PlatformHooks;
  /** Serves a request under `/sandbox-pa` when the sandbox is mounted; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** The server listens on `baseUrl` (a URL this process can reach itself on): the sandbox's directory can be asked. */
  listening(baseUrl: string): void;
  /** Starts the connector once the server listens on `baseUrl` (a URL this process can reach itself on). */
  start(baseUrl: string): void;
  /** Asks the PA's Directory Service about a SIREN (uncached); `unknown` when no directory is configured. */
  directory(siren: string): Promise<DirectoryAnswer>;
  /** Whether a directory is configured (the sandbox's too before the server listens: it answers `unavailable` until then). */
  hasDirectory(): boolean;
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

/** The platform for `option`. */
export function createAppPlatform(
  option: PlatformOption,
  deps: { db: Db; events: EventSink; log: Logger; validator: Validator | undefined; eReportEvents?: EReportEventSink },
): AppPlatform {
  const { db, events, log } = deps;
  let connector: PlatformConnector = NO_PLATFORM;
  let flow: FlowConnector | undefined;
  let settings: FlowSettings | undefined;
  const seed = option.kind === 'sandbox' && typeof option.directory === 'object' ? option.directory : undefined;
  const sandbox =
    option.kind === 'sandbox'
      ? mountSandbox({ db, stepMs: option.stepMs ?? DEFAULT_STEP_MS, validator: deps.validator, log, directory: seed })
      : undefined;
  if (option.kind === 'custom') connector = option.connector({ db, events, log });
  let directory: ReturnType<typeof createDirectoryClient> | undefined;
  const sandboxDirectory = option.kind === 'sandbox' && Boolean(option.directory);
  if (option.kind === 'afnor' && option.directoryUrl)
    directory = createDirectoryClient({ ...option.settings, directoryUrl: option.directoryUrl });
  return {
    listening(baseUrl) {
      if (option.kind === 'sandbox' && option.directory) {
        directory = createDirectoryClient({ ...sandbox!.settings(baseUrl), directoryUrl: sandbox!.directoryUrl(baseUrl) });
      }
    },
    hasDirectory: () => directory !== undefined || sandboxDirectory,
    // The sandbox's directory before the server listens (the pipeline starts first): not yet askable, so retried.
    directory: (siren) =>
      directory
        ? directory.lookup(siren)
        : Promise.resolve(sandboxDirectory ? { kind: 'unavailable', reason: 'the sandbox PA is not listening yet' } : { kind: 'unknown' }),
    wakeSender: () => connector.wake(),
    hooks: { flowUpdated: (updated) => flow?.hooks.flowUpdated(updated) },
    handle: (req, res) => sandbox?.handle(req, res) ?? false,
    start(baseUrl) {
      if (option.kind !== 'sandbox' && option.kind !== 'afnor') return;
      settings = option.kind === 'sandbox' ? sandbox!.settings(baseUrl) : option.settings;
      sandbox?.start();
      const started = createFlowConnector({
        db,
        events,
        log,
        settings,
        connection: option.kind === 'sandbox' ? 'sandbox' : (option.connection ?? settings.flowUrl),
        pollIntervalMs: option.pollIntervalMs ?? (option.kind === 'sandbox' ? SANDBOX_POLL_INTERVAL_MS : DEFAULT_POLL_INTERVAL_MS),
        timeoutMs: option.kind === 'afnor' ? option.timeoutMs : undefined,
        organizationId: option.organizationId,
        validator: deps.validator,
        eReportEvents: deps.eReportEvents,
      });
      flow = started;
      connector = started;
      started.start();
    },
    paSettings: () => settings,
    stopConnector: () => connector.stop(),
    close: async () => {
      await sandbox?.close();
    },
  };
}
