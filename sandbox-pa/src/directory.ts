/**
 * The sandbox's Directory Service (AFNOR XP Z12-013 Annex B, 1.2.0, read-only), served by sandbox-pa/src/index.ts
 * under `/directory-service/v1`: deterministic lines, every valid SIREN (9 digits, Luhn key) has one SIREN-level line
 * on the sandbox platform (addressing identifier = the SIREN, platform type WK, status Enabled), except SIRENs that
 * begin with `999`, which the directory does not know; a seed (`--directory FILE`) replaces the lines of the SIRENs it names.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendError, sendJson } from './http.ts';

/** A directory line as the Directory Service answers it (schema directoryLinePayloadStatusLegalUnitFacilityRoutingCode, fields used). */
export interface SandboxDirectoryLine {
  addressingIdentifier: string;
  siren: string;
  siret?: string;
  addressingSuffix?: string;
  routingCode?: { routingIdentifier: string };
  platformType: 'WK' | 'DFH';
  directoryLineStatus: 'Enabled' | 'Disabled' | 'Upcoming';
}

/**
 * A seed: SIREN → its lines (each `addressingIdentifier` required; `platformType` default WK, `directoryLineStatus`
 * default Enabled, `siren` filled in). An empty list: a known company with no line.
 */
export type DirectorySeed = Record<string, Array<Partial<SandboxDirectoryLine> & { addressingIdentifier: string }>>;

/** 9 digits with a valid Luhn key (INSEE). */
export function validSiren(siren: string): boolean {
  if (!/^\d{9}$/.test(siren)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let digit = siren.charCodeAt(8 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks a seed's shape. @throws Error naming the first bad entry. */
export function checkSeed(value: unknown): DirectorySeed {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('the directory seed must be an object: { "<SIREN>": [lines] }');
  for (const [siren, lines] of Object.entries(value)) {
    if (!/^\d{9}$/.test(siren)) throw new Error(`directory seed: "${siren.slice(0, 20)}" is not a SIREN (9 digits)`);
    if (!Array.isArray(lines)) throw new Error(`directory seed: the lines of ${siren} must be an array`);
    for (const line of lines) {
      if (!line || typeof line.addressingIdentifier !== 'string' || line.addressingIdentifier === '') {
        throw new Error(`directory seed: every line of ${siren} needs an addressingIdentifier`);
      }
    }
  }
  return value as DirectorySeed;
}

/** The sandbox directory's data: the seed first, then the deterministic rule. */
export function createDirectoryData(seed: DirectorySeed = {}) {
  const seeded = new Map<string, SandboxDirectoryLine[]>(
    Object.entries(seed).map(([siren, lines]) => [
      siren,
      lines.map((line) => ({ platformType: 'WK' as const, directoryLineStatus: 'Enabled' as const, ...line, siren })),
    ]),
  );
  /** The company is known: seeded, or valid and not 999…. */
  const known = (siren: string) => seeded.has(siren) || (validSiren(siren) && !siren.startsWith('999'));
  const linesOf = (siren: string): SandboxDirectoryLine[] =>
    seeded.get(siren) ?? (known(siren) ? [{ addressingIdentifier: siren, siren, platformType: 'WK', directoryLineStatus: 'Enabled' }] : []);
  return {
    known,
    linesOf,
    /** The line whose addressing identifier is `code`, among seeded lines and the deterministic ones. */
    line(code: string): SandboxDirectoryLine | undefined {
      for (const lines of seeded.values()) {
        const found = lines.find((line) => line.addressingIdentifier === code);
        if (found) return found;
      }
      const siren = code.slice(0, 9);
      return linesOf(siren).find((line) => line.addressingIdentifier === code);
    },
  };
}

export type DirectoryData = ReturnType<typeof createDirectoryData>;

/** The filter value `{ op, value }` of a search body, or undefined. */
function filterValue(filters: Record<string, unknown> | undefined, name: string): string | undefined {
  const filter = filters?.[name] as { value?: unknown } | undefined;
  return typeof filter?.value === 'string' ? filter.value : undefined;
}

/**
 * Serves `path` (below `/directory-service/v1`, the bearer already checked): `GET /siren/code-insee:{siren}`,
 * `POST /directory-line/search` (filters `siren` and `addressingIdentifier`, strict; `limit` ≤ 100, `ignore`),
 * `GET /directory-line/code:{addressing-identifier}`. Errors in the Directory Service's Error schema.
 */
export async function serveDirectory(req: IncomingMessage, res: ServerResponse, path: string, data: DirectoryData): Promise<void> {
  const method = req.method ?? 'GET';
  const siren = /^\/siren\/code-insee:([^/]+)$/.exec(path);
  if (siren) {
    if (method !== 'GET') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use GET', { allow: 'GET' });
    const value = decodeURIComponent(siren[1]!);
    if (!/^\d{9}$/.test(value)) return sendError(res, 400, 'INVALID_FIELD_VALUE', 'siren must be 9 digits');
    if (!data.known(value)) return sendError(res, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
    return sendJson(res, 200, {
      siren: value,
      businessName: `Sandbox company ${value}`,
      entityType: 'PrivateVatRegistered',
      administrativeStatus: 'A',
    });
  }
  if (path === '/directory-line/search') {
    if (method !== 'POST') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use POST', { allow: 'POST' });
    const body = (await readJson(req, 64 * 1024)) as { filters?: Record<string, unknown>; limit?: unknown; ignore?: unknown } | undefined;
    if (!body || typeof body !== 'object') return sendError(res, 400, 'INVALID_FIELD_VALUE', 'the body must be a JSON searchDirectoryLine');
    const bySiren = filterValue(body.filters, 'siren');
    const byCode = filterValue(body.filters, 'addressingIdentifier');
    if (bySiren === undefined && byCode === undefined) {
      return sendError(res, 400, 'MISSING_REQUIRED_FIELD', 'the sandbox searches by filters.siren or filters.addressingIdentifier');
    }
    const limit = typeof body.limit === 'number' && body.limit > 0 ? Math.min(body.limit, 100) : 50;
    const ignore = typeof body.ignore === 'number' && body.ignore > 0 ? body.ignore : 0;
    let results = bySiren !== undefined ? data.linesOf(bySiren) : [];
    if (byCode !== undefined) {
      results =
        bySiren !== undefined
          ? results.filter((line) => line.addressingIdentifier === byCode)
          : [data.line(byCode)].filter((l) => l !== undefined);
    }
    if (results.length === 0) {
      res.writeHead(204);
      return void res.end();
    }
    return sendJson(res, 200, { search: body, totalNumberOfResults: results.length, results: results.slice(ignore, ignore + limit) });
  }
  const code = /^\/directory-line\/code:([^/]+)$/.exec(path);
  if (code) {
    if (method !== 'GET') return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'use GET', { allow: 'GET' });
    const line = data.line(decodeURIComponent(code[1]!));
    return line ? sendJson(res, 200, line) : sendError(res, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
  }
  return sendError(res, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
}
