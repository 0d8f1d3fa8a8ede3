/**
 * One incoming status flow (AFNOR XP Z12-013 getFlow with docType Original, a CDAR message): read, matched to
 * the submission it is about, recorded with `recordLifecycleStatus` under `event_id` = the flowId (so a flow
 * fetched twice is recorded once). What cannot be recorded becomes a row of `platform_inbound_problems` and a warn
 * log: nothing is dropped silently, and one bad flow never holds the others back.
 *
 * The BR-FR CDV schematron is not run here: in-process SaxonJS would cost its memory and stall the event loop
 * for each status (measured: docs/performance.md, "Measurements behind design choices"). `readCdar` checks every field the gateway uses, and the service checks the code against the CDV list.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../domain/events/types.ts';
import { REJECTING_CODES } from '../../domain/lifecycle/codes.ts';
import { recordLifecycleStatus } from '../../domain/lifecycle/lifecycle-service.ts';
import { isStorableText } from '../../domain/text.ts';
import { readCdar } from '../afnor/cdar.ts';
import { isOwn212 } from '../outbound/status-212-flows.ts';
import type { FlowClient } from '../afnor/client.ts';
import type { Flow, FlowFailure } from '../afnor/types.ts';
import { matchSubmission } from './match.ts';
import { type InboundProblem, recordProblem } from './inbound-store.ts';

export interface FlowDeps {
  db: Db;
  events: EventSink;
  client: FlowClient;
  connection: string;
  log: Logger;
}

/**
 * What became of a flow: `done` (recorded, already recorded, or kept as a problem: the cursor may pass it), or
 * `retry` (nothing happened; the round stops before it and the next round fetches it again).
 */
export type FlowOutcome = { done: true; recorded: boolean } | { done: false; failure: FlowFailure };

/** A flowId the gateway can use as a key and an event id: 1 to 255 storable characters. */
export function usableFlowId(flowId: unknown): flowId is string {
  return typeof flowId === 'string' && flowId.trim() !== '' && flowId.length <= 255 && isStorableText(flowId);
}

/** The PA refused our credentials (token endpoint, 401 after a refresh, 403): the connection's fault, not the flow's. */
export function credentialsRefused(failure: FlowFailure): boolean {
  return failure.kind === 'definitive' && (failure.authentication === true || failure.status === 401 || failure.status === 403);
}

async function problem(deps: FlowDeps, flowId: string, kind: string, detail: Record<string, unknown>): Promise<FlowOutcome> {
  const row: InboundProblem = { flowId, connection: deps.connection, problem: kind, detail };
  await recordProblem(deps.db, row);
  deps.log.warn({ flowId, problem: kind, detail }, 'pa status poller: flow kept as a problem');
  return { done: true, recorded: false };
}

/**
 * Handles `flow` (a search result with a usable flowId).
 * @throws only what the database throws (the round stops, the flow is tried again next round).
 */
export async function handleFlow(deps: FlowDeps, flow: Flow): Promise<FlowOutcome> {
  const { flowId } = flow;
  if (flow.flowSyntax !== undefined && flow.flowSyntax !== 'CDAR')
    return problem(deps, flowId, 'not-cdar', { flowSyntax: String(flow.flowSyntax).slice(0, 40) });
  const fetched = await deps.client.getFlow(flowId, 'Original');
  if (!fetched.ok) {
    // Over the answer cap: the PA gives the same answer every time; kept as a problem so the flows after it go on.
    if (fetched.kind === 'retryable' && fetched.tooLarge) return problem(deps, flowId, 'answer-too-large', { error: fetched.error });
    // A 401/403 says the connection's credentials are wrong, not this flow: every flow would fail alike.
    if (fetched.kind !== 'definitive' || credentialsRefused(fetched)) return { done: false, failure: fetched };
    return problem(deps, flowId, 'fetch-refused', {
      status: fetched.status,
      errorCode: fetched.errorCode,
      errorMessage: fetched.errorMessage,
    });
  }
  const message = readCdar(fetched.bytes);
  if ('error' in message) return problem(deps, flowId, 'unreadable-cdar', { error: message.error.slice(0, 500) });
  const { status, typeCode } = message;
  // The PA echoing the seller's own 212 (its message id is a payment's): already in the history, from the gateway.
  if (status.code === 212 && message.messageId && (await isOwn212(deps.db, message.messageId))) {
    deps.log.debug({ flowId, paymentId: message.messageId }, 'pa status poller: echo of our own 212, not recorded again');
    return { done: true, recorded: false };
  }
  const read = { invoiceNumber: status.invoiceNumber, sellerSiren: status.sellerSiren, code: status.code, typeCode, label: status.label };
  const match = await matchSubmission(deps.db, { ...status, typeCode });
  if (!match.ok)
    return problem(deps, flowId, match.problem, { ...read, ...('submissionIds' in match && { submissionIds: match.submissionIds }) });
  const result = await recordLifecycleStatus(deps.db, deps.events, {
    submission_id: match.submissionId,
    code: status.code,
    occurred_at: status.occurredAt,
    reason: status.reason ?? null,
    reason_code: status.reasonCode ?? null,
    event_id: flowId,
    platform_label: status.label || null,
  });
  if (!result.ok) return problem(deps, flowId, 'refused', { ...read, submissionId: match.submissionId, violations: result.violations });
  deps.log.debug(
    { flowId, submissionId: match.submissionId, code: status.code, duplicate: result.duplicate },
    'pa status poller: status recorded',
  );
  if (!result.duplicate && REJECTING_CODES.includes(status.code) && result.submission.processingState === 'rejected') {
    deps.log.info(
      {
        flowId,
        submissionId: match.submissionId,
        code: status.code,
        rule: status.reasonCode ?? `CDV-${status.code}`,
        reason: status.reason,
      },
      'document rejected by the platform',
    );
  }
  return { done: true, recorded: !result.duplicate };
}
