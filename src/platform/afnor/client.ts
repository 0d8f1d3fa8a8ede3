/**
 * A typed AFNOR XP Z12-013 Flow Service client, 1.2.0 and 1.1.0 (operations createFlow,
 * searchFlow, getFlow, getHealth of the OpenAPI document). Every call returns
 * a result union (types.ts): expected failures are data, only programming
 * errors throw. A 401 on a flow endpoint drops the cached token, fetches a new
 * one and sends the request once more; a second 401 is definitive. Every call
 * carries a fresh UUID as `Request-Id` (1.2.0) and `X-Request-Id` (1.1.0), and
 * `Organization-Id` (1.2.0's delegation in a multi-tenancy context) when the
 * caller names the organisation.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createRedactor, MAX_ERROR_TEXT, type Redactor } from './redact.ts';
import { createTokenSource, type TokenSettings } from './token.ts';
import { ANSWER_CAPS, type Answer, exchange, failureOf, json } from './transport.ts';
import type { Flow, FlowFailure, FlowInfo, FlowResult, FullFlowInfo, SearchFlowContent, SearchFlowFilters } from './types.ts';

/** Settings of one PA connection (PA_FLOW_URL, PA_TOKEN_URL, PA_CLIENT_ID, PA_CLIENT_SECRET, PA_TOKEN_AUTH). */
export interface FlowClientOptions extends TokenSettings {
  /** The Flow Service base, ending in `/flow-service` (the OpenAPI's server URL); paths `/v1/...` go below it. */
  flowUrl: string;
  /** Limit for one exchange, answer included, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** `Organization-Id` of every call that names none (PA_ORGANIZATION_ID other than `seller`); none when absent. */
  organizationId?: string;
}

/** The client. `organizationId`: the `Organization-Id` header of the call (1.2.0), none when absent. */
export interface FlowClient {
  /** createFlow: multipart `flowInfo` (JSON) + `file`; sha256 computed when absent. 202 → the FullFlowInfo. */
  submitFlow(input: {
    flowInfo: FlowInfo;
    file: Buffer;
    fileName: string;
    organizationId?: string;
  }): Promise<FlowResult<{ flow: FullFlowInfo }>>;
  /** searchFlow: flows matching `where` (at least one criterion), at most `limit` (1 to 100, default 25). */
  searchFlows(where: SearchFlowFilters, limit?: number, organizationId?: string): Promise<FlowResult<SearchFlowContent>>;
  /** getFlow with docType Metadata: the Flow. */
  getFlow(flowId: string, docType: 'Metadata'): Promise<FlowResult<{ flow: Flow }>>;
  /** getFlow with docType Original (or Converted, ReadableView): the file's bytes and its name from Content-Disposition. */
  getFlow(flowId: string, docType: 'Original' | 'Converted' | 'ReadableView'): Promise<FlowResult<{ bytes: Buffer; fileName?: string }>>;
  /** getHealth: ok when the PA answers 200. */
  healthcheck(): Promise<FlowResult<object>>;
}

/** The file name of `Content-Disposition: attachment;filename=...` (quoted or not). */
function fileNameOf(header: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Creates a client; no request is made until the first call. */
export function createFlowClient(options: FlowClientOptions): FlowClient {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = options.flowUrl.replace(/\/+$/, '');
  const tokens = createTokenSource({ ...options, fetch: fetchFn, timeoutMs, now: options.now ?? Date.now });
  const redactor = createRedactor(() => tokens.credentials());

  /** Sends with a bearer token, once more after a 401 with a fresh token. */
  async function send(
    path: string,
    init: () => RequestInit,
    sideEffect: boolean,
    maxBytes: number,
    organizationId?: string,
  ): Promise<Answer | FlowFailure> {
    let answer: Answer | FlowFailure | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await tokens.get();
      if (!token.ok) return token;
      const request = init();
      const headers = new Headers(request.headers);
      headers.set('authorization', `Bearer ${token.token}`);
      // The OpenAPI's optional correlation header (1.2.0 `Request-Id`, 1.1.0 `X-Request-Id`), so a PA's support can
      // find the call in its logs.
      const requestId = randomUUID();
      headers.set('request-id', requestId);
      headers.set('x-request-id', requestId);
      const organization = organizationId ?? options.organizationId;
      if (organization) headers.set('organization-id', organization);
      answer = await exchange(fetchFn, base + path, { ...request, headers }, timeoutMs, sideEffect, maxBytes);
      if ('ok' in answer || answer.status !== 401) return answer;
      tokens.invalidate(token.token);
    }
    return answer!;
  }

  async function getFlow(flowId: string, docType: string): Promise<FlowResult<{ flow: Flow } | { bytes: Buffer; fileName?: string }>> {
    const path = `/v1/flows/${encodeURIComponent(flowId)}?docType=${encodeURIComponent(docType)}`;
    const answer = await send(path, () => ({ method: 'GET' }), false, ANSWER_CAPS.flow);
    if ('ok' in answer) return answer;
    if (answer.status !== 200) return failureOf(answer);
    if (docType !== 'Metadata') return { ok: true, bytes: answer.body, fileName: fileNameOf(answer.headers.get('content-disposition')) };
    const flow = json(answer.body) as Flow | undefined;
    if (!flow || typeof flow.flowId !== 'string') return { ok: false, kind: 'retryable', status: 200, error: 'unreadable flow metadata' };
    return { ok: true, flow };
  }

  const client: FlowClient = {
    async submitFlow({ flowInfo, file, fileName, organizationId }) {
      const info: FlowInfo = { ...flowInfo, sha256: flowInfo.sha256 ?? createHash('sha256').update(file).digest('hex') };
      const init = () => {
        const form = new FormData();
        form.append('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }), 'flowInfo.json');
        form.append(
          'file',
          new Blob([Uint8Array.from(file)], { type: info.flowSyntax === 'Factur-X' ? 'application/pdf' : 'application/xml' }),
          fileName,
        );
        return { method: 'POST', body: form };
      };
      const answer = await send('/v1/flows', init, true, ANSWER_CAPS.flow, organizationId);
      if ('ok' in answer) return answer;
      if (answer.status < 200 || answer.status >= 300) return failureOf(answer);
      const flow = json(answer.body) as FullFlowInfo | undefined;
      // Accepted but unreadable: the flow may exist; the caller must search by trackingId before sending again.
      if (!flow || typeof flow.flowId !== 'string')
        return { ok: false, kind: 'unknown-outcome', error: `HTTP ${answer.status} without a readable flowId` };
      return { ok: true, flow };
    },

    async searchFlows(where, limit = 25, organizationId) {
      const init = () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ limit, where }) });
      const answer = await send('/v1/flows/search', init, false, ANSWER_CAPS.search(limit), organizationId);
      if ('ok' in answer) return answer;
      if (answer.status !== 200) return failureOf(answer);
      const content = json(answer.body) as SearchFlowContent | undefined;
      if (!content || !Array.isArray(content.results))
        return { ok: false, kind: 'retryable', status: 200, error: 'unreadable search answer' };
      return { ok: true, limit: content.limit ?? limit, filters: content.filters ?? where, results: content.results };
    },

    getFlow: getFlow as FlowClient['getFlow'],

    async healthcheck() {
      const answer = await send('/v1/healthcheck', () => ({ method: 'GET' }), false, ANSWER_CAPS.health);
      if ('ok' in answer) return answer;
      return answer.status === 200 ? { ok: true } : failureOf(answer);
    },
  };
  return redacting(client, redactor);
}

/** A failure's PA texts redacted and bounded. */
function redactFailure(failure: FlowFailure, redactor: Redactor): FlowFailure {
  if (failure.kind !== 'definitive') return { ...failure, error: redactor.text(failure.error, MAX_ERROR_TEXT) };
  return {
    ...failure,
    ...(failure.errorCode === undefined ? {} : { errorCode: redactor.text(failure.errorCode, 100) }),
    ...(failure.errorMessage === undefined ? {} : { errorMessage: redactor.text(failure.errorMessage, MAX_ERROR_TEXT) }),
  };
}

/**
 * `client` with every result passed through `redactor` (redact.ts): failures' texts, Flow JSON, search
 * results and documents' bytes no longer carry our credentials, whatever the PA echoed.
 */
function redacting(client: FlowClient, redactor: Redactor): FlowClient {
  const clean = <T extends FlowResult<object>>(result: T): T => {
    if (!result.ok) return redactFailure(result, redactor) as T;
    if ('bytes' in result && Buffer.isBuffer(result.bytes))
      return {
        ...result,
        bytes: redactor.bytes(result.bytes),
        ...('fileName' in result && result.fileName ? { fileName: redactor.text(String(result.fileName), 255) } : {}),
      };
    return redactor.value(result);
  };
  return {
    submitFlow: async (input) => clean(await client.submitFlow(input)),
    searchFlows: async (where, limit, organizationId) => clean(await client.searchFlows(where, limit, organizationId)),
    getFlow: (async (flowId: string, docType: 'Metadata') => clean(await client.getFlow(flowId, docType))) as FlowClient['getFlow'],
    healthcheck: async () => clean(await client.healthcheck()),
  };
}

export type * from './types.ts';
