/**
 * Sends one validated document to the PA (AFNOR XP Z12-013 Flow Service
 * 1.2.0 or 1.1.0, operation createFlow, with the file's `name`) at most once: the attempt is committed as
 * "outcome unknown" before the request, so after a lost answer or a crash the
 * next attempt first searches the PA by trackingId (the submission id) and
 * takes the flow it finds as the 202 would have given it, searching again over
 * a grace period (UNKNOWN_OUTCOME_GRACE) before it sends again with the same
 * trackingId. No transaction is
 * open during an HTTP call (PGlite has a single connection).
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../domain/events/types.ts';
import type { FlowClient } from '../afnor/client.ts';
import type { AcknowledgementDetail, Flow, FlowAckStatus, FlowFailure, FlowInfo, ProcessingRule } from '../afnor/types.ts';
import { retryDelayMs } from './backoff.ts';
import { type Applied, applyFlow, type FlowFacts, rejectRefused } from './outcome.ts';
import { beginAttempt, loadSending, msSinceAttempt, recordFailure, type SendingInput } from './outbound-store.ts';

/** What sending needs. */
export interface SendDeps {
  db: Db;
  events: EventSink;
  client: FlowClient;
  log: Logger;
  /** How long an attempt holds the row (must exceed the client's timeout), in milliseconds. */
  leaseMs: number;
  /** After an unknown outcome: how long to keep searching before sending again (default UNKNOWN_OUTCOME_GRACE). */
  unknownOutcome?: UnknownOutcomeGrace;
  /** The document's seller SIREN goes as `Organization-Id` on its createFlow and trackingId search (PA_ORGANIZATION_ID=seller). */
  organizationPerSeller?: boolean;
}

/** After an unknown outcome, search by trackingId every `searchEveryMs` until `graceMs` after the attempt began. */
export interface UnknownOutcomeGrace {
  graceMs: number;
  searchEveryMs: number;
}

/**
 * 120 s from the attempt, a search every 20 s (six searches): four times the 30 s request timeout, so a PA that stores
 * a flow well after our timeout (33 s in one PA probe, docs/pa-connection.md) is found rather than sent a second flow. Waiting costs
 * two minutes; sending twice costs a duplicate invoice. docs/pa-connection.md.
 */
export const UNKNOWN_OUTCOME_GRACE: UnknownOutcomeGrace = { graceMs: 120_000, searchEveryMs: 20_000 };

/**
 * How one round went: `sent` (or `rejected`) committed; `retry`: postponed with backoff; `gone`: nothing to do
 * (no longer `validated`, another worker finished it).
 */
export type SendResult = 'sent' | 'rejected' | 'retry' | 'gone';

const RULES: readonly ProcessingRule[] = ['B2B', 'B2BInt', 'B2C', 'B2G', 'B2GInt', 'B2GOutOfScope'];

/** `<BT-1>.xml`, reduced to characters any PA's storage accepts. */
export function flowFileName(number: string): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 200);
  return `${safe || 'invoice'}.xml`;
}

/** The createFlow `flowInfo` of a submission. */
function flowInfoOf(input: SendingInput, document: NonNullable<SendingInput['document']>): FlowInfo {
  const rule = RULES.find((r) => r === document.processingRule);
  return {
    flowSyntax: 'UBL',
    // CIUS: the generated UBL is an EN 16931 invoice with the French CIUS rules (BR-FR) on top, neither the
    // Extended-CTC-FR profile nor the reduced Basic one.
    flowProfile: 'CIUS',
    // The #BAR# rule of the document itself (BR-FR-20); a value the Flow Service does not know is left to the PA.
    ...(rule ? { processingRule: rule } : {}),
    trackingId: input.submission.id,
    name: flowFileName(input.submission.number),
  };
}

/** A failure as stored in `last_error` and logged: statuses, codes and the PA's message; never a credential. */
export function describeFailure(failure: FlowFailure): string {
  if (failure.kind !== 'definitive') {
    const wait = failure.kind === 'retryable' && failure.retryAfterMs !== undefined ? ` (Retry-After ${failure.retryAfterMs} ms)` : '';
    return `${failure.error}${wait}`;
  }
  const code = failure.errorCode ? ` ${failure.errorCode}` : '';
  return `HTTP ${failure.status}${code}${failure.errorMessage ? `: ${failure.errorMessage}` : ''}`;
}

/** The earliest outgoing flow the PA holds with trackingId `submissionId` (searchFlow), or undefined; a failure as is. */
async function findSent(
  client: FlowClient,
  submissionId: string,
  organizationId?: string,
): Promise<{ ok: true; flow: Flow | undefined } | FlowFailure> {
  const found = await client.searchFlows({ trackingId: submissionId, flowDirection: ['Out'] }, 100, organizationId);
  if (!found.ok) return found;
  const ours = found.results.filter((flow) => flow.trackingId === submissionId && typeof flow.flowId === 'string');
  ours.sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt));
  return { ok: true, flow: ours[0] };
}

function settled(applied: Applied): SendResult {
  if (!applied.matched || applied.state === undefined) return 'gone';
  return applied.state === 'rejected' ? 'rejected' : 'sent';
}

/** Sends (or finishes sending) the submission `submissionId`; see the module comment. Throws only on the unexpected. */
export async function sendOne(deps: SendDeps, submissionId: string): Promise<SendResult> {
  const { db, events, client, log } = deps;
  const input = await loadSending(db, submissionId);
  if (!input) return 'gone';
  const { document, flow } = input;
  const apply = (facts: FlowFacts) => applyFlow(db, events, { submissionId }, facts).then(settled);
  // The PA holds it already (its flowId recorded without the move, which this module never commits apart): finish the move.
  if (flow?.flowId) {
    const acknowledgement = {
      status: flow.ackStatus as FlowAckStatus,
      details: (flow.ackDetails as AcknowledgementDetail[] | null) ?? undefined,
    };
    return apply({ flowId: flow.flowId, submittedAt: flow.submittedAt ?? undefined, acknowledgement });
  }
  if (!document) throw new Error('validated submission without generated documents');
  const organizationId = deps.organizationPerSeller ? (document.sellerSiren ?? undefined) : undefined;

  const fail = async (failure: FlowFailure, attempt: number, outcomeUnknown: boolean, what = 'createFlow') => {
    const error = `${what}: ${describeFailure(failure)}`;
    log.warn({ submissionId, attempt, error }, 'pa sender: attempt failed, will retry');
    const wait = failure.kind === 'retryable' ? failure.retryAfterMs : undefined;
    await recordFailure(db, submissionId, { outcomeUnknown, error, delayMs: retryDelayMs(attempt, wait) });
    return 'retry' as const;
  };

  if (flow?.outcomeUnknown) {
    const found = await findSent(client, submissionId, organizationId);
    if (!found.ok) return fail(found, flow.attempts, true, 'search by trackingId');
    if (found.flow) return apply(found.flow);
    // Prefer waiting: a PA may store the flow after our timeout; search again until the grace period has passed.
    const grace = deps.unknownOutcome ?? UNKNOWN_OUTCOME_GRACE;
    const since = await msSinceAttempt(db, submissionId);
    if (since < grace.graceMs) {
      const delayMs = Math.min(grace.searchEveryMs, grace.graceMs - since);
      const error = `createFlow: outcome unknown, no flow with this trackingId yet; searching again until ${Math.round(grace.graceMs / 1000)} s after the attempt`;
      log.info(
        { submissionId, attempt: flow.attempts, sinceAttemptMs: Math.round(since) },
        'pa sender: no flow found yet after an unknown outcome; waiting',
      );
      await recordFailure(db, submissionId, { outcomeUnknown: true, error, delayMs });
      return 'retry';
    }
    log.info(
      { submissionId, attempt: flow.attempts },
      'pa sender: earlier attempt left no flow on the PA after the grace period, sending again',
    );
  }

  const attempt = await beginAttempt(
    db,
    {
      submissionId,
      tenantId: input.submission.tenantId,
      invoiceNumber: input.submission.number,
      // Null only when the seller has no SIREN: status messages about the flow then cannot be joined by it.
      sellerSiren: document.sellerSiren ?? '',
    },
    deps.leaseMs,
  );
  if (attempt === undefined) return 'gone';
  const file = Buffer.from(document.ubl, 'utf8');
  const result = await client.submitFlow({
    flowInfo: flowInfoOf(input, document),
    file,
    fileName: flowFileName(input.submission.number),
    organizationId,
  });
  if (result.ok) return apply(result.flow);
  if (result.kind === 'retryable') return fail(result, attempt, false);
  if (result.kind === 'unknown-outcome') return fail(result, attempt, true);
  // Refused credentials (token endpoint, 401 after a refresh, 403) say the connection's settings are wrong, not the
  // document: rejecting would lose every document until the operator fixes PA_CLIENT_*; they wait, loudly, instead.
  if (result.authentication || result.status === 401 || result.status === 403) {
    log.error(
      { submissionId, attempt, status: result.status },
      'pa sender: the PA refuses our credentials (check PA_CLIENT_ID, PA_CLIENT_SECRET, PA_TOKEN_AUTH)',
    );
    return fail(result, attempt, false);
  }
  const error = `createFlow: ${describeFailure(result)}`;
  const rule = result.errorCode ?? `HTTP-${result.status}`;
  const message = result.errorMessage ?? `The platform refused the flow (HTTP ${result.status})`;
  log.warn({ submissionId, attempt, error, rule }, 'pa sender: the PA refused the flow, document rejected');
  const rejected = await rejectRefused(db, events, submissionId, { source: 'platform', errors: [{ rule, message }] }, error);
  return rejected ? 'rejected' : 'gone';
}
