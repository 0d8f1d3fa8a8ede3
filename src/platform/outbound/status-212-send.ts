/**
 * One 212 Encaissée sent to the PA (AFNOR XP Z12-013 createFlow, `flowSyntax: "CDAR"`, `processingRule: "B2B"`,
 * `trackingId` = the payment's gateway UUID), at most once, as the invoice sender does (send.ts): the attempt is
 * committed "outcome unknown" before the request, and after a lost answer or a crash the next attempt first searches
 * the PA by trackingId, again over the grace period (UNKNOWN_OUTCOME_GRACE of send.ts) before it sends again with the
 * same trackingId. The CDAR (written when the payment was recorded) is validated with the official artefacts (CDAR
 * D22B XSD, BR-FR CDV schematron) first: one they refuse is never sent, its payment `rejected` with the findings.
 * Called by the 212 sender's loop (status-212-sender.ts).
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { DEFAULT_LEASE_MS } from '../../db/row-leases.ts';
import type { EventSink } from '../../domain/events/types.ts';
import type { Validator } from '../../validation/index.ts';
import type { FlowClient } from '../afnor/client.ts';
import type { Flow, FlowFailure } from '../afnor/types.ts';
import { retryDelayMs } from './backoff.ts';
import { describeFailure, UNKNOWN_OUTCOME_GRACE, type UnknownOutcomeGrace } from './send.ts';
import { apply212Flow } from './status-212-flows.ts';
import { begin212Attempt, load212, msSince212Attempt, record212Failure } from './status-212-queue.ts';
import { reject212 } from './status-212-refusals.ts';

/** What sending one 212 needs. */
export interface Send212Deps {
  db: Db;
  events: EventSink;
  client: FlowClient;
  log: Logger;
  /** The official artefacts; undefined with `VALIDATION=native` (the gateway's own writer is then trusted). */
  validator?: Validator | undefined;
  /** How long an attempt holds the payment without renewal, in milliseconds (default DEFAULT_LEASE_MS). */
  leaseMs?: number | undefined;
  /** After an unknown outcome, how long to search before sending again (default UNKNOWN_OUTCOME_GRACE). */
  unknownOutcome?: UnknownOutcomeGrace | undefined;
}

/** How one 212 went. */
export type Send212Result = 'sent' | 'rejected' | 'retry' | 'gone';

/** The PA's earliest outgoing flow with trackingId `id`, or undefined; a failure as is. */
async function findSent(client: FlowClient, id: string): Promise<{ ok: true; flow: Flow | undefined } | FlowFailure> {
  const found = await client.searchFlows({ trackingId: id, flowDirection: ['Out'] }, 100);
  if (!found.ok) return found;
  const ours = found.results.filter((flow) => flow.trackingId === id && typeof flow.flowId === 'string');
  ours.sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt));
  return { ok: true, flow: ours[0] };
}

/** Sends (or finishes sending) the 212 of payment `id`. Throws only on the unexpected. */
export async function send212(deps: Send212Deps, id: string): Promise<Send212Result> {
  const { db, events, client, log } = deps;
  const pending = await load212(db, id);
  if (!pending) return 'gone';
  const apply = async (flow: Flow | { flowId: string; submittedAt?: string }) => {
    const applied = await apply212Flow(db, events, { paymentId: id }, flow);
    return applied.matched ? (applied.state === 'rejected' ? 'rejected' : 'sent') : 'gone';
  };
  const fail = async (failure: FlowFailure, attempt: number, outcomeUnknown: boolean, what = 'createFlow') => {
    const error = `${what}: ${describeFailure(failure)}`;
    log.warn({ paymentId: id, attempt, error }, '212 sender: attempt failed, will retry');
    await record212Failure(db, id, {
      outcomeUnknown,
      error,
      delayMs: retryDelayMs(attempt, failure.kind === 'retryable' ? failure.retryAfterMs : undefined),
    });
    return 'retry' as const;
  };
  if (pending.outcomeUnknown) {
    const found = await findSent(client, id);
    if (!found.ok) return fail(found, pending.attempts, true, 'search by trackingId');
    if (found.flow) return apply(found.flow);
    // Prefer waiting: a PA may store the flow after our timeout (or after a crash cut its answer); search again.
    const grace = deps.unknownOutcome ?? UNKNOWN_OUTCOME_GRACE;
    const since = await msSince212Attempt(db, id);
    if (since < grace.graceMs) {
      const error = `createFlow: outcome unknown, no flow with this trackingId yet; searching again until ${Math.round(grace.graceMs / 1000)} s after the attempt`;
      log.info({ paymentId: id, sinceAttemptMs: Math.round(since) }, '212 sender: no flow found yet after an unknown outcome; waiting');
      await record212Failure(db, id, { outcomeUnknown: true, error, delayMs: Math.min(grace.searchEveryMs, grace.graceMs - since) });
      return 'retry';
    }
    log.info({ paymentId: id }, '212 sender: earlier attempt left no flow on the PA after the grace period, sending again');
  }
  if (deps.validator) {
    const report = await deps.validator.validateCdar(pending.cdar);
    if (report.fatal.length > 0) {
      const errors = report.fatal.map((f) => ({ rule: f.rule, message: f.message, ...(f.location ? { location: f.location } : {}) }));
      log.error({ paymentId: id, rules: errors.map((e) => e.rule) }, '212 sender: the official artefacts refuse the 212, not sent');
      return (await reject212(db, id, errors, 'refused by the official artefacts')) ? 'rejected' : 'gone';
    }
  }
  const attempt = await begin212Attempt(db, id, deps.leaseMs ?? DEFAULT_LEASE_MS);
  if (attempt === undefined) return 'gone';
  const fileName = `212-${id}.xml`;
  const result = await client.submitFlow({
    flowInfo: { flowSyntax: 'CDAR', processingRule: 'B2B', trackingId: id, name: fileName },
    file: Buffer.from(pending.cdar, 'utf8'),
    fileName,
  });
  if (result.ok) return apply(result.flow);
  if (result.kind === 'retryable') return fail(result, attempt, false);
  if (result.kind === 'unknown-outcome') return fail(result, attempt, true);
  if (result.authentication || result.status === 401 || result.status === 403) return fail(result, attempt, false);
  const error = `createFlow: ${describeFailure(result)}`;
  const rule = result.errorCode ?? `HTTP-${result.status}`;
  const message = result.errorMessage ?? `The platform refused the flow (HTTP ${result.status})`;
  log.warn({ paymentId: id, attempt, error }, '212 sender: the PA refused the flow');
  return (await reject212(db, id, [{ rule, message }], error)) ? 'rejected' : 'gone';
}
