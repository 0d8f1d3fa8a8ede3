/**
 * A submission's latest lifecycle status as a column of a submissions select,
 * so a lookup or a page of submissions brings it in the same query instead of
 * one more query per submission (the `lifecycleStatus` field of every row).
 */
import { sql } from 'drizzle-orm';
import type { LifecycleStatusRow } from '../../lifecycle/lifecycle-store.ts';
import type { SubmissionRow } from './rows.ts';

/** A submission with its latest status (null before the PA reported anything). */
export type SubmissionWithStatus = SubmissionRow & { latestStatus: LifecycleStatusRow | null };

/** The column's value as the database returns it (JSON: ids may be strings, times are text). */
export interface StatusJson {
  id: number | string;
  submissionId: string;
  code: number;
  occurredAt: string;
  reason: string | null;
  reasonCode: string | null;
  platformLabel: string | null;
  flags: string[];
  recordedAt: string;
  source: string;
}

/**
 * The latest status by `occurred_at`, ties by arrival. Qualified by hand: in a
 * one-table select drizzle renders columns unqualified, and inside this
 * subquery a bare "id" would be the status's.
 */
export const latestStatusColumn = sql<StatusJson | null>`(
  select json_build_object('id', l.id, 'submissionId', l.submission_id, 'code', l.code, 'occurredAt', l.occurred_at,
    'reason', l.reason, 'reasonCode', l.reason_code, 'platformLabel', l.platform_label, 'flags', l.flags, 'recordedAt', l.recorded_at,
    'source', l.source)
  from lifecycle_statuses l where l.submission_id = "submissions"."id"
  order by l.occurred_at desc, l.id desc limit 1)`;

/** A row selected with `latestStatus: latestStatusColumn`, its status decoded. */
export function withLatestStatus<Row extends SubmissionRow>(row: Row & { latestStatus: StatusJson | null }): Row & SubmissionWithStatus {
  const status = row.latestStatus;
  return {
    ...row,
    latestStatus: status && {
      ...status,
      id: Number(status.id),
      occurredAt: new Date(status.occurredAt),
      recordedAt: new Date(status.recordedAt),
    },
  };
}
