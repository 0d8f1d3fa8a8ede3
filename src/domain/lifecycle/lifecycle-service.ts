/**
 * Recording lifecycle statuses reported by the platform (PA). Statuses may
 * arrive late, twice or out of order: every one is stored (append-only), the
 * history is ordered by `occurred_at` (ties by arrival), and an entry that
 * arrives after a final status is flagged, never dropped.
 */
import validator from 'validator';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../events/types.ts';
import type { RuleViolation } from '../rules/index.ts';
import { isUuid } from '../ids.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../text.ts';
import type { SubmissionRow } from '../submissions/read/index.ts';
import { LIFECYCLE_CODE_LIST, lifecycleCode } from './codes.ts';
import { writeStatus } from './batch-writer.ts';
import type { LifecycleStatusRow } from './lifecycle-store.ts';

/** One lifecycle event from the platform (wire names of `POST /pa/v1/lifecycle-events`). */
export interface LifecycleEvent {
  submission_id: string;
  /** A code of the CDV list (`codes.ts`: 200 to 214, 220, 221, 224 to 228, 250, 251, 300, 301, 400, 401, 500, 501, 601). */
  code: number;
  /** RFC 3339 date-time with an offset. */
  occurred_at: string;
  reason?: string | null;
  reason_code?: string | null;
  /** The platform's id of this event: the same id twice records one entry. */
  event_id: string;
  /** The label the PA wrote (CDAR ProcessCondition, MDT-106), kept raw; the status poller gives it. */
  platform_label?: string | null;
}

export type RecordResult =
  /** Recorded (`duplicate: false`), or already recorded under this `event_id` (`duplicate: true`). */
  | { ok: true; status: LifecycleStatusRow; submission: SubmissionRow; duplicate: boolean }
  /** 422: every problem, paths in wire names. */
  | { ok: false; code: 'invalid'; violations: RuleViolation[] };

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
    violations.push({
      path: ['code'],
      rule: 'GW-LIFECYCLE-CODE',
      message: `Code ${event.code} is not a lifecycle code of the CDV list (${LIFECYCLE_CODE_LIST})`,
    });
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
  for (const field of ['reason', 'reason_code', 'platform_label'] as const) {
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
 * events (status added; processing state changed on a 213 or 501) to `sink`.
 * Flags: AFTER_FINAL_STATUS, REASON_MISSING (210, 213 or 501 without reason),
 * TO_BE_VERIFIED (214, spec § lifecycle code). Concurrent calls are recorded
 * together (`batch-writer.ts`), each exactly as it would be alone, in arrival order.
 */
export async function recordLifecycleStatus(db: Db, sink: EventSink, event: LifecycleEvent): Promise<RecordResult> {
  const violations = check(event);
  if (!isUuid(event.submission_id)) violations.push(unknownSubmission(event.submission_id));
  if (violations.length > 0) return { ok: false, code: 'invalid', violations };

  const written = await writeStatus(db, sink, {
    submission_id: event.submission_id,
    code: event.code,
    // Milliseconds, as JavaScript dates keep them.
    occurred_at: new Date(event.occurred_at.toUpperCase()).toISOString(),
    reason: event.reason ?? null,
    reason_code: event.reason_code ?? null,
    event_id: event.event_id,
    platform_label: event.platform_label || null,
    reason_missing: (lifecycleCode(event.code)?.needsReason ?? false) && !event.reason,
    to_be_verified: event.code === 214,
  });
  switch (written.outcome) {
    case 'recorded':
      sink.committed(written.events);
      return { ok: true, status: written.status, submission: written.submission, duplicate: false };
    case 'duplicate':
      return { ok: true, status: written.status, submission: written.submission, duplicate: true };
    case 'unknown':
      return { ok: false, code: 'invalid', violations: [unknownSubmission(event.submission_id)] };
    case 'reused':
      return {
        ok: false,
        code: 'invalid',
        violations: [{ path: ['event_id'], rule: 'GW-EVENT-ID-REUSED', message: 'This event_id was recorded for another submission' }],
      };
  }
}
