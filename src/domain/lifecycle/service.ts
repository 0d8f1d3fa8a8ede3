/**
 * Recording lifecycle statuses reported by the platform (PA). Statuses may
 * arrive late, twice or out of order: every one is stored (append-only), the
 * history is ordered by `occurred_at` (ties by arrival), and an entry that
 * arrives after a final status is flagged, never dropped.
 */
import validator from 'validator';
import type { Db } from '../../db/client.ts';
import { transact } from '../../db/transaction.ts';
import { recordEvent } from '../events/store.ts';
import type { CommittedEvent, EventSink } from '../events/types.ts';
import type { RuleViolation } from '../rules/index.ts';
import { isUuid } from '../ids.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../text.ts';
import type { SubmissionRow } from '../submissions/store.ts';
import { lifecycleCode } from './codes.ts';
import { findByEventId, hasFinalStatus, insertStatus, lockSubmission, setProcessingState } from './recording-store.ts';
import type { LifecycleStatusRow } from './store.ts';

/** One lifecycle event from the platform (wire names of `POST /pa/v1/lifecycle-events`). */
export interface LifecycleEvent {
  submission_id: string;
  /** 200 to 214. */
  code: number;
  /** RFC 3339 date-time with an offset. */
  occurred_at: string;
  reason?: string | null;
  reason_code?: string | null;
  /** The platform's id of this event: the same id twice records one entry. */
  event_id: string;
}

export type RecordResult =
  /** Recorded (`duplicate: false`), or already recorded under this `event_id` (`duplicate: true`). */
  | { ok: true; status: LifecycleStatusRow; submission: SubmissionRow; duplicate: boolean }
  /** 422: every problem, paths in wire names. */
  | { ok: false; code: 'invalid'; violations: RuleViolation[] };

/** 210 Refusée and 213 Rejetée should carry a reason; they are accepted without one, but flagged. */
const NEEDS_REASON = new Set([210, 213]);
/** The PA rejecting a document definitively moves it to `rejected` (spec § processing_state). */
const PA_REJECTION = 213;

/** RFC 3339 § 5.6 date-time (seconds required, offset required), a real calendar date, years 0001 to 9999 in UTC too. */
function isDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
  if (!match || !validator.isISO8601(value.toUpperCase(), { strict: true, strictSeparator: true })) return false;
  const utcYear = new Date(value.toUpperCase()).getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999;
}

function check(event: LifecycleEvent): RuleViolation[] {
  const violations: RuleViolation[] = [];
  if (!Number.isInteger(event.code) || !lifecycleCode(event.code)) {
    violations.push({ path: ['code'], rule: 'GW-LIFECYCLE-CODE', message: `Code ${event.code} is outside 200 to 214` });
  }
  if (!isDateTime(event.occurred_at)) {
    violations.push({
      path: ['occurred_at'],
      rule: 'GW-DATE-TIME',
      message: `"${event.occurred_at.slice(0, 40)}" is not an RFC 3339 date-time with an offset`,
    });
  }
  if (event.event_id.trim() === '' || event.event_id.length > 255 || !isStorableText(event.event_id)) {
    violations.push({
      path: ['event_id'],
      rule: 'GW-EVENT-ID',
      message: `event_id must be 1 to 255 characters, not blank, and ${UNSTORABLE_TEXT}`,
    });
  }
  for (const field of ['reason', 'reason_code'] as const) {
    const text = event[field];
    if (text != null && !isStorableText(text))
      violations.push({ path: [field], rule: 'GW-LIFECYCLE-TEXT', message: `${field} ${UNSTORABLE_TEXT}` });
  }
  return violations;
}

function unknownSubmission(id: string): RuleViolation {
  return { path: ['submission_id'], rule: 'GW-SUBMISSION-UNKNOWN', message: `No submission with id "${id.slice(0, 60)}"` };
}

/**
 * Records `event` for its submission and, once committed, hands the resulting
 * events (status added; processing state changed on a 213) to `sink`.
 * Flags: AFTER_FINAL_STATUS, REASON_MISSING (210/213 without reason),
 * TO_BE_VERIFIED (214, spec § lifecycle code).
 */
export async function recordLifecycleStatus(db: Db, sink: EventSink, event: LifecycleEvent): Promise<RecordResult> {
  const violations = check(event);
  if (!isUuid(event.submission_id)) violations.push(unknownSubmission(event.submission_id));
  if (violations.length > 0) return { ok: false, code: 'invalid', violations };

  const committed: CommittedEvent[] = [];
  const result = await transact<RecordResult>(db, async (tx) => {
    // Serialises the statuses of one submission, so "after a final status" is decided in arrival order.
    const submission = await lockSubmission(tx, event.submission_id);
    if (!submission) return { ok: false, code: 'invalid', violations: [unknownSubmission(event.submission_id)] };
    const flags: string[] = [];
    if (await hasFinalStatus(tx, submission.id)) flags.push('AFTER_FINAL_STATUS');
    if (NEEDS_REASON.has(event.code) && !event.reason) flags.push('REASON_MISSING');
    if (event.code === 214) flags.push('TO_BE_VERIFIED');
    const status = await insertStatus(tx, {
      submissionId: submission.id,
      code: event.code,
      occurredAt: new Date(event.occurred_at.toUpperCase()),
      reason: event.reason ?? null,
      reasonCode: event.reason_code ?? null,
      eventId: event.event_id,
      flags,
    });
    if (!status) {
      const existing = await findByEventId(tx, event.event_id);
      if (existing?.submissionId === submission.id) return { ok: true, status: existing, submission, duplicate: true };
      return {
        ok: false,
        code: 'invalid',
        violations: [{ path: ['event_id'], rule: 'GW-EVENT-ID-REUSED', message: 'This event_id was recorded for another submission' }],
      };
    }
    const base = { tenantId: submission.tenantId, submissionId: submission.id, documentType: submission.documentType };
    committed.push(await recordEvent(tx, sink, { ...base, type: 'lifecycle_status_added', lifecycleStatusId: status.id }));
    let current = submission;
    if (event.code === PA_REJECTION && submission.processingState !== 'rejected') {
      current = await setProcessingState(tx, submission.id, 'rejected');
      committed.push(await recordEvent(tx, sink, { ...base, type: 'processing_state_changed', processingState: 'rejected' }));
    }
    return { ok: true, status, submission: current, duplicate: false };
  });
  if (result.ok && !result.duplicate) sink.committed(committed);
  return result;
}
