/**
 * A typed AFNOR XP Z12-013 Directory Service 1.2.0 client (Annex B, read-only): what the directory says of one SIREN,
 * from `GET /v1/siren/code-insee:{siren}` (is the company known?) and `POST /v1/directory-line/search` (its lines).
 * Same OAuth2 client credentials and transport as the Flow Service client (src/platform/afnor/); built by
 * src/platform/index.ts, asked through the cache (src/domain/directory/). Expected failures are data (`unavailable`).
 */
import { randomUUID } from 'node:crypto';
import type { DirectoryAnswer, DirectoryLine } from '../../model/directory.ts';
import { createTokenSource, type TokenSettings } from '../afnor/token.ts';
import { type Answer, exchange, failureOf, json } from '../afnor/transport.ts';
import type { FlowFailure } from '../afnor/types.ts';

/** Settings of the directory connection: `directoryUrl` (PA_DIRECTORY_URL, ending in `/directory-service`) and the PA's OAuth2 client. */
export interface DirectoryClientOptions extends TokenSettings {
  directoryUrl: string;
  /** Limit for one exchange, in milliseconds (default 10,000: a lookup holds a document or an API request). */
  timeoutMs?: number;
}

/** The most lines read for one SIREN (a company with more addressing units gets its first 100). */
export const DIRECTORY_LINES_LIMIT = 100;

/** The Directory Service's line (schema directoryLinePayloadStatusLegalUnitFacilityRoutingCode), the fields used. */
interface WireLine {
  addressingIdentifier?: unknown;
  platformType?: unknown;
  directoryLineStatus?: unknown;
  siren?: unknown;
  siret?: unknown;
  addressingSuffix?: unknown;
  routingCode?: { routingIdentifier?: unknown } | null;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A wire line as the gateway's DirectoryLine, or undefined without an addressing identifier. */
export function lineOf(wire: WireLine): DirectoryLine | undefined {
  const addressing = text(wire.addressingIdentifier);
  if (!addressing) return undefined;
  const siret = text(wire.siret);
  const routing = text(wire.routingCode?.routingIdentifier);
  const suffix = text(wire.addressingSuffix);
  return {
    addressing_identifier: addressing,
    ...(siret && { siret }),
    ...(routing && { routing_code: routing }),
    ...(suffix && { suffix }),
    // UNTDID 3035: WK a PA, DFH the PPF.
    platform: text(wire.platformType) ?? 'WK',
    status: text(wire.directoryLineStatus) ?? 'Enabled',
  };
}

/** What a failure says, for `unavailable.reason`: statuses and codes only, never a credential. */
function reasonOf(failure: FlowFailure, what: string): string {
  if (failure.kind === 'definitive') return `${what}: HTTP ${failure.status}${failure.errorCode ? ` ${failure.errorCode}` : ''}`;
  return `${what}: ${failure.error}`;
}

/**
 * Creates the client: `lookup(siren)` asks the directory about a 9-digit SIREN (uncached). A SIREN the directory does
 * not know (404) or knows without lines (204, or no results) is `registered: false`; `registered` needs a line with
 * status `Enabled`. Any other failure (network, 401 twice, 4xx, 5xx, unreadable answer) is `unavailable` with its reason.
 */
export function createDirectoryClient(options: DirectoryClientOptions): { lookup(siren: string): Promise<DirectoryAnswer> } {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.directoryUrl.replace(/\/+$/, '');
  const tokens = createTokenSource({ ...options, fetch: fetchFn, timeoutMs, now: options.now ?? Date.now });

  /** Sends with a bearer token and a Request-Id, once more after a 401 with a fresh token. */
  async function send(path: string, init: RequestInit): Promise<Answer | FlowFailure> {
    let answer: Answer | FlowFailure | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await tokens.get();
      if (!token.ok) return token;
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token.token}`);
      headers.set('accept', 'application/json');
      // 1.2.0's correlation header, and 1.1.0's name of it.
      const requestId = randomUUID();
      headers.set('request-id', requestId);
      headers.set('x-request-id', requestId);
      answer = await exchange(fetchFn, base + path, { ...init, headers }, timeoutMs, false);
      if ('ok' in answer || answer.status !== 401) return answer;
      tokens.invalidate(token.token);
    }
    return answer!;
  }

  async function lookup(siren: string): Promise<DirectoryAnswer> {
    const checkedAt = new Date(options.now?.() ?? Date.now()).toISOString();
    const none: DirectoryAnswer = { kind: 'entry', entry: { siren, registered: false, lines: [], checked_at: checkedAt } };
    const company = await send(`/v1/siren/code-insee:${encodeURIComponent(siren)}`, { method: 'GET' });
    if ('ok' in company) return { kind: 'unavailable', reason: reasonOf(company, 'siren') };
    if (company.status === 404) return none;
    if (company.status !== 200) return { kind: 'unavailable', reason: reasonOf(failureOf(company), 'siren') };
    const body = JSON.stringify({ filters: { siren: { op: 'strict', value: siren } }, limit: DIRECTORY_LINES_LIMIT });
    const found = await send('/v1/directory-line/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if ('ok' in found) return { kind: 'unavailable', reason: reasonOf(found, 'directory-line search') };
    if (found.status === 204 || found.status === 404) return none;
    if (found.status !== 200 && found.status !== 206)
      return { kind: 'unavailable', reason: reasonOf(failureOf(found), 'directory-line search') };
    const content = json(found.body) as { results?: unknown } | undefined;
    if (!content || !Array.isArray(content.results)) return { kind: 'unavailable', reason: 'directory-line search: unreadable answer' };
    const lines = (content.results as WireLine[])
      .filter((wire) => wire && typeof wire === 'object' && (wire.siren === undefined || wire.siren === siren))
      .map(lineOf)
      .filter((line): line is DirectoryLine => line !== undefined);
    const registered = lines.some((line) => line.status.toLowerCase() === 'enabled');
    return { kind: 'entry', entry: { siren, registered, lines, checked_at: checkedAt } };
  }

  return { lookup };
}
