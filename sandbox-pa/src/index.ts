/**
 * The sandbox PA: an AFNOR XP Z12-013 Flow Service 1.1.0 server (OpenAPI in
 * sandbox-pa/spec/) with its own OAuth2 token endpoint, framework-free so the
 * gateway can mount it under a prefix on its own port, or run alone.
 *
 * Routes, relative to the mount point:
 * - `POST /oauth/token` (client credentials, RFC 6749 §4.4)
 * - `POST /flow-service/v1/flows`, `POST /flow-service/v1/flows/search`,
 *   `GET /flow-service/v1/flows/{flowId}?docType=Metadata|Original` (bearer)
 * - `GET /flow-service/v1/healthcheck` (no token: its operation lists no 401)
 * - `/directory-service/v1/...`: the Directory Service 1.2.0, read-only (src/directory.ts; bearer, healthcheck without)
 * Flows and lifecycle scripts live in the `state` given (src/state.ts): in memory by default, in a data directory
 * (src/journal.ts) or the gateway's database; `start` resumes the scripts of a kept state.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxAuth } from './auth.ts';
import { createDirectoryData, type DirectorySeed, serveDirectory } from './directory.ts';
import { checkSearch } from './flow-info.ts';
import { getFlow } from './get-flow.ts';
import { BodyTooLarge, readJson, sendError, sendJson } from './http.ts';
import { createLifecyclePlayer, type LifecyclePlayer } from './lifecycle.ts';
import { createMemoryState } from './memory-state.ts';
import type { SandboxState } from './state.ts';
import { createFlow, resumeAcknowledgement, type SubmitContext } from './submit.ts';
import type { FileCheckResult } from './types.ts';

/** Options of one sandbox instance. */
export interface SandboxPaOptions {
  clientId: string;
  clientSecret: string;
  /** Delay between two status flows of an invoice, in milliseconds. */
  stepMs: number;
  /** The file check run before acknowledging (XSD, EN 16931, BR-FR in the gateway); none: every readable file is Ok. */
  checkFile?: (syntax: string, bytes: Buffer) => Promise<FileCheckResult>;
  now?: () => Date;
  /** Lifetime of an access token, in seconds (default 3600). */
  tokenTtlSeconds?: number;
  /** Told about unexpected failures (default: console.error). */
  onError?: (error: unknown) => void;
  /** Directory lines replacing the deterministic ones for the SIRENs named (src/directory.ts). */
  directory?: DirectorySeed;
  /**
   * Where flows and scripts live, closed by `close`; the host then calls `start`. Default: in memory, forgotten by a
   * restart, the scripts played at once (no `start` needed).
   */
  state?: SandboxState;
}

/** A running sandbox. */
export interface SandboxPa {
  /**
   * Plays the lifecycle scripts (resuming a kept state's: statuses due while stopped come at once, in order) and
   * acknowledges again the flows a restart left `Pending`. Resolves with how many scripts and flows were resumed.
   * Before it, flows are served but no status is played.
   */
  start(): Promise<{ scripts: number; pending: number }>;
  /** Serves one request; `pathAfterPrefix` is the path below the mount point, with or without its query string. */
  handle(req: IncomingMessage, res: ServerResponse, pathAfterPrefix: string): void;
  /** Serves the sandbox alone on `port` (0: any free port); resolves with the bound port and base URL. */
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  /** Forgets every issued token (for tests of a client's refresh on 401). */
  revokeTokens(): void;
  /** Stops the lifecycle timers and the standalone server if any; failures of work still under way are no longer reported. */
  close(): Promise<void>;
}

const FLOWS = '/flow-service/v1';
const DIRECTORY = '/directory-service/v1';

/** Creates a sandbox PA. */
export function createSandboxPa(options: SandboxPaOptions): SandboxPa {
  const now = options.now ?? (() => new Date());
  const report = options.onError ?? ((error: unknown) => console.error('sandbox-pa:', error));
  let closed = false;
  // A file check still running when the sandbox closes fails with its validator (closed next): not a failure to report.
  const onError = (error: unknown) => {
    if (!closed) report(error);
  };
  const auth = createSandboxAuth({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    now,
  });
  const state = options.state ?? createMemoryState({ now });
  let player: LifecyclePlayer | undefined;
  const context: SubmitContext = {
    state,
    player: { play: (dueAt) => player?.play(dueAt), stop: () => player?.stop() },
    stepMs: options.stepMs,
    now,
    checkFile: options.checkFile,
    onError,
  };
  const directory = createDirectoryData(options.directory);
  let server: Server | undefined;

  async function route(req: IncomingMessage, res: ServerResponse, pathAfterPrefix: string): Promise<void> {
    const url = new URL(
      pathAfterPrefix.includes('?') ? pathAfterPrefix : pathAfterPrefix + (req.url?.match(/\?.*$/)?.[0] ?? ''),
      'http://sandbox',
    );
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (path === '/oauth/token') {
      if (method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use POST', { allow: 'POST' });
      return auth.token(req, res);
    }
    if (path === `${FLOWS}/healthcheck`) {
      if (method !== 'GET' && method !== 'HEAD') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use GET', { allow: 'GET, HEAD' });
      res.writeHead(200, { 'content-length': '0' });
      return void res.end();
    }
    if (path === `${DIRECTORY}/healthcheck`) {
      res.writeHead(200, { 'content-length': '0' });
      return void res.end();
    }
    if (path.startsWith(`${DIRECTORY}/`)) {
      if (!auth.authorize(req, res)) return;
      return serveDirectory(req, res, path.slice(DIRECTORY.length), directory);
    }
    if (!path.startsWith(`${FLOWS}/`)) return sendError(res, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
    if (!auth.authorize(req, res)) return;
    if (path === `${FLOWS}/flows`) {
      if (method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use POST', { allow: 'POST' });
      return createFlow(req, res, context);
    }
    if (path === `${FLOWS}/flows/search`) {
      if (method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use POST', { allow: 'POST' });
      const checked = checkSearch(await readJson(req, 64 * 1024));
      if ('invalid' in checked) return sendError(res, 400, checked.invalid.errorCode, checked.invalid.errorMessage);
      return sendJson(res, 200, {
        limit: checked.limit,
        filters: checked.where,
        results: await state.search(checked.where, checked.limit),
      });
    }
    const match = /^\/flow-service\/v1\/flows\/([^/]+)$/.exec(path);
    if (!match) return sendError(res, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
    if (method !== 'GET') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use GET', { allow: 'GET' });
    return getFlow(res, state, decodeURIComponent(match[1]!), url.searchParams.get('docType') ?? 'Metadata');
  }

  function handle(req: IncomingMessage, res: ServerResponse, pathAfterPrefix: string): void {
    route(req, res, pathAfterPrefix).catch((error) => {
      if (error instanceof BodyTooLarge) return sendError(res, 413, 'FILE_SIZE_EXCEEDED', 'the body is too large');
      onError(error);
      if (!res.headersSent) sendError(res, 500, 'INTERNAL_ERROR', 'unexpected sandbox failure');
      else res.destroy();
    });
  }

  let started: Promise<{ scripts: number; pending: number }> | undefined;
  async function resume(): Promise<{ scripts: number; pending: number }> {
    const resumable = await state.resumable();
    if (closed) return { scripts: 0, pending: 0 };
    player = createLifecyclePlayer({ state, now, onError });
    for (const entry of resumable.pending) void resumeAcknowledgement(entry, context).catch(onError);
    return { scripts: resumable.scripts, pending: resumable.pending.length };
  }
  const start = () => (started ??= resume());
  if (options.state === undefined) start().catch(onError);

  return {
    start,
    handle,
    async listen(port, host = '127.0.0.1') {
      const bound = createServer((req, res) => handle(req, res, req.url ?? '/'));
      server = bound;
      await new Promise<void>((resolve, reject) => {
        bound.once('error', reject);
        bound.listen(port, host, () => resolve());
      });
      const address = bound.address() as AddressInfo;
      const shown = host.includes(':') ? `[${host}]` : host;
      return { port: address.port, url: `http://${shown}:${address.port}` };
    },
    revokeTokens: () => auth.revokeAll(),
    async close() {
      closed = true;
      player?.stop();
      const running = server;
      server = undefined;
      if (running) {
        running.closeAllConnections();
        await new Promise<void>((resolve) => running.close(() => resolve()));
      }
      await state.close();
    },
  };
}

export type { FileCheckResult, Flow, FlowInfo, SearchFlowFilters } from './types.ts';
export { checkSeed, type DirectorySeed } from './directory.ts';
export type { NewFlow, SandboxState, ScriptRun, StoredFlow } from './state.ts';
export { createMemoryState } from './memory-state.ts';
