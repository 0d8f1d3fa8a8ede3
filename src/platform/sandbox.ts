/**
 * The sandbox PA (sandbox-pa/, an AFNOR XP Z12-013 Flow Service 1.1.0 server)
 * served by the gateway's own HTTP server under `/sandbox-pa` (PLATFORM=sandbox,
 * the default), with a client id and secret generated at start: the quick start
 * exercises the real connector over real HTTP, token endpoint included.
 *
 * The sandbox checks each file before acknowledging it: with the official
 * artefacts on (VALIDATION=official) it runs them through the gateway's
 * validator (XSD, EN 16931, BR-FR) and acknowledges `Error` with
 * `InvalidSchema` (XSD) or `OtherTechnicalError` (a business rule) and the
 * rule in the message; a CDAR status flow (the seller's 212) goes through the
 * CDAR D22B XSD and the BR-FR CDV schematron, refused with the Flow Service's
 * lifecycle reason codes (sandbox-pa/src/cdar-inbound.ts). With `native`
 * validation it checks the UBL's and the CDAR's shape only.
 *
 * Its flows and lifecycle scripts live in the gateway's database (src/platform/sandbox-store.ts): `start` resumes
 * every script a restart interrupted, statuses due meanwhile at once and in order.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { cdarReasonCode } from '../../sandbox-pa/src/cdar-inbound.ts';
import { createSandboxPa, type DirectorySeed, type FileCheckResult } from '../../sandbox-pa/src/index.ts';
import type { Db } from '../db/client.ts';
import type { Validator } from '../validation/index.ts';
import { createSandboxStore } from './sandbox-store.ts';
import type { FlowSettings } from './settings.ts';

/** Where the sandbox is mounted on the gateway's server. */
export const SANDBOX_PREFIX = '/sandbox-pa';

/** The mounted sandbox. */
export interface MountedSandbox {
  /** Serves the request when its path is under SANDBOX_PREFIX; false otherwise (nothing written). */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** The connector's settings once the gateway listens on `baseUrl` (e.g. `http://localhost:4000`). */
  settings(baseUrl: string): FlowSettings;
  /** The sandbox's Directory Service base (`…/sandbox-pa/directory-service`) on `baseUrl`. */
  directoryUrl(baseUrl: string): string;
  /** Plays the lifecycle scripts, resuming those kept in the database; logs what it resumed (once, at info). */
  start(): void;
  close(): Promise<void>;
}

function checkWith(validator: Validator): (syntax: string, bytes: Buffer) => Promise<FileCheckResult> {
  return async (syntax, bytes) => {
    if (syntax === 'CDAR') return checkCdar(validator, bytes);
    if (syntax === 'FRR') return checkReport(validator, bytes);
    if (syntax !== 'UBL' && syntax !== 'CII') return { ok: true, details: [] };
    const report = await validator.validate(syntax === 'UBL' ? 'ubl' : 'cii', bytes.toString('utf8'));
    return resultOf(report, (rule) => (rule === 'XSD' ? 'InvalidSchema' : 'OtherTechnicalError'));
  };
}

/** A check's result from an official report: ok without a fatal finding, each one a detail with `reasonCode` of its rule. */
function resultOf(
  report: { fatal: ReadonlyArray<{ rule: string; message: string }> },
  reasonCode: (rule: string) => string,
): FileCheckResult {
  return {
    ok: report.fatal.length === 0,
    details: report.fatal.map((finding) => ({
      reasonCode: reasonCode(finding.rule),
      reasonMessage: `${finding.rule}: ${finding.message}`.slice(0, 1000),
    })),
  };
}

/** A CDAR status flow through the CDAR D22B XSD and the BR-FR CDV schematron, each finding with its lifecycle reason code. */
async function checkCdar(validator: Validator, bytes: Buffer): Promise<FileCheckResult> {
  return resultOf(await validator.validateCdar(bytes.toString('utf8')), cdarReasonCode);
}

/** An e-report (FRR) through the flux 10 XSD and the F10 schematron: the portal's 301 reasons. */
async function checkReport(validator: Validator, bytes: Buffer): Promise<FileCheckResult> {
  return resultOf(await validator.validateReport(bytes.toString('utf8')), (rule) => (rule === 'XSD' ? 'REJ_SEMAN' : 'REJ_COH'));
}

/** Creates the sandbox with fresh credentials; `stepMs` between two status flows of a document. */
export function mountSandbox(options: {
  /** Where the sandbox keeps its flows and scripts (tables sandbox_pa_*); without, in memory. */
  db?: Db;
  stepMs: number;
  validator: Validator | undefined;
  log: Logger;
  /** Directory lines replacing the sandbox's deterministic ones (sandbox-pa/src/directory.ts). */
  directory?: DirectorySeed;
}): MountedSandbox {
  const clientId = 'passerelle-sandbox';
  const clientSecret = randomBytes(24).toString('base64url');
  const sandbox = createSandboxPa({
    clientId,
    clientSecret,
    stepMs: options.stepMs,
    checkFile: options.validator && checkWith(options.validator),
    onError: (error) => options.log.error({ err: error }, 'sandbox PA: unexpected failure'),
    directory: options.directory,
    state: options.db ? createSandboxStore(options.db) : undefined,
  });
  let started = false;
  return {
    handle(req, res) {
      const url = req.url ?? '/';
      if (url !== SANDBOX_PREFIX && !url.startsWith(`${SANDBOX_PREFIX}/`) && !url.startsWith(`${SANDBOX_PREFIX}?`)) return false;
      sandbox.handle(req, res, url.slice(SANDBOX_PREFIX.length) || '/');
      return true;
    },
    settings(baseUrl) {
      const base = `${baseUrl.replace(/\/+$/, '')}${SANDBOX_PREFIX}`;
      return { flowUrl: `${base}/flow-service`, tokenUrl: `${base}/oauth/token`, clientId, clientSecret, tokenAuth: 'basic' };
    },
    directoryUrl: (baseUrl) => `${baseUrl.replace(/\/+$/, '')}${SANDBOX_PREFIX}/directory-service`,
    start() {
      if (started) return;
      started = true;
      sandbox.start().then(
        ({ scripts, pending }) =>
          options.log.info({ scripts, pending }, `sandbox PA: resumed ${scripts} flows${pending > 0 ? `, ${pending} to acknowledge` : ''}`),
        (error) => options.log.error({ err: error }, 'sandbox PA: could not resume its flows'),
      );
    },
    close: () => sandbox.close(),
  };
}
