/**
 * Driving one pipeline gateway from the harness: the demo seller profile,
 * documents offered at a fixed rate (an open loop: each request leaves at
 * its time whether or not the earlier ones were answered, so a slow reply
 * never lowers the offered load), and the wait until the pipeline has
 * processed everything. The bodies are the benchmark's 20-line invoices
 * (`invoices.ts`), one distinct document per request.
 */
import { DEMO_SELLER_PROFILE } from '../src/domain/sellers/seller-defaults.ts';
import { identity, restInvoiceTemplate } from './invoices.ts';
import { summarize } from './pipeline-analysis.ts';
import type { OfficialRun } from './pipeline-types.ts';
import { log } from './processes.ts';

const REQUEST_TIMEOUT_MS = 10_000;
const POLL_MS = 250;

/** Sets `DEMO_SELLER_PROFILE` as the tenant's seller profile (`PUT /v1/seller-profile`): its received documents become due. */
export async function putDemoProfile(baseUrl: string, token: string): Promise<void> {
  const reply = await fetch(`${baseUrl}/v1/seller-profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SELLER_PROFILE),
  });
  const text = await reply.text();
  if (reply.status !== 200) throw new Error(`PUT /v1/seller-profile: expected 200, got ${reply.status}: ${text.slice(0, 500)}`);
}

/**
 * Submits `documents` invoices at `ratePerSecond` (REST `POST /v1/invoices`),
 * SaaS ids `<prefix>-<n>`, and times each from just before the request to the
 * end of its reply. Resolves once every reply is in.
 */
export async function offerLoad(
  baseUrl: string,
  token: string,
  prefix: string,
  ratePerSecond: number,
  documents: number,
): Promise<{ seconds: number; accepted: OfficialRun['accepted'] }> {
  const body = restInvoiceTemplate();
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  const send = async (n: number) => {
    const doc = identity(prefix, n);
    const started = performance.now();
    try {
      const reply = await fetch(`${baseUrl}/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': doc.key },
        body: body(doc.id, doc.number),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await reply.text();
      statusCodes[reply.status] = (statusCodes[reply.status] ?? 0) + 1;
      if (reply.status === 202) latencies.push(performance.now() - started);
      else if (errorSamples.length < 3) errorSamples.push(`${reply.status}: ${text.slice(0, 200)}`);
    } catch (error) {
      errors++;
      if (errorSamples.length < 3) errorSamples.push((error as Error).message);
    }
  };
  const start = performance.now();
  const replies: Promise<void>[] = [];
  for (let n = 0; n < documents; n++) {
    const wait = start + (n * 1000) / ratePerSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    replies.push(send(n));
  }
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(replies);
  return { seconds: Math.round(seconds * 100) / 100, accepted: { latencyMs: summarize(latencies), statusCodes, errors, errorSamples } };
}

/** How many documents of a tenant are still `received` (exactly, or capped at a page where counting costs the gateway). */
export type Remaining = () => Promise<number>;

/**
 * A `Remaining` through the gateway: GraphQL `submissions(processingState:
 * RECEIVED, first: 100)`, counted up to 100. For the embedded engine, whose
 * database only the gateway can open while it runs.
 */
export function remainingOverGraphql(baseUrl: string, token: string): Remaining {
  const query = '{ submissions(processingState: RECEIVED, first: 100) { edges { cursor } } }';
  return async () => {
    const reply = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const json = (await reply.json()) as { data?: { submissions: { edges: unknown[] } }; errors?: unknown };
    if (!json.data) throw new Error(`GraphQL submissions(processingState: RECEIVED): ${JSON.stringify(json).slice(0, 300)}`);
    return json.data.submissions.edges.length;
  };
}

/**
 * Polls `remaining` every 250 ms until it says 0 or `timeoutSeconds` passed;
 * resolves with the last count (0: all processed).
 */
export async function waitProcessed(remaining: Remaining, timeoutSeconds: number, label: string): Promise<number> {
  const started = Date.now();
  let lastLog = started;
  for (;;) {
    const left = await remaining();
    if (left === 0) return 0;
    if (Date.now() - started > timeoutSeconds * 1000) {
      log(`${label}: ${left}${left === 100 ? '+' : ''} documents still received after ${timeoutSeconds} s; not waiting longer`);
      return left;
    }
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      log(`${label}: ${left}${left === 100 ? '+' : ''} documents still received`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Throws unless each of `ids` is `validated` (REST `GET /v1/invoices/{id}`):
 * a pipeline that rejects the benchmark's document would measure
 * rejections, not the path to `validated`. The message carries the rejection.
 */
export async function expectValidated(baseUrl: string, token: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const reply = await fetch(`${baseUrl}/v1/invoices/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const record = (await reply.json()) as { processing_state?: string; rejection?: unknown };
    if (record.processing_state !== 'validated') {
      throw new Error(
        `the benchmark's invoice ${id} is ${record.processing_state ?? `unreadable (${reply.status})`}, not validated: ${JSON.stringify(record.rejection ?? record).slice(0, 800)}`,
      );
    }
  }
}
