/**
 * The hot read: one submission of a tenant with its latest lifecycle status,
 * in one query, as a prepared statement built once per database (a lookup
 * runs on every GET; building the query each time cost as much as running it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import type { DocumentType } from '../documents.ts';
import type { LifecycleStatusRow } from '../lifecycle/store.ts';
import { submissionColumns, type SubmissionRow } from './store.ts';

/** A submission with its latest status (null before the PA reported anything). */
export type SubmissionWithStatus = SubmissionRow & { latestStatus: LifecycleStatusRow | null };

interface StatusJson {
  id: number;
  submissionId: string;
  code: number;
  occurredAt: string;
  reason: string | null;
  reasonCode: string | null;
  flags: string[];
  recordedAt: string;
}

// Qualified by hand: in a one-table select drizzle renders columns unqualified, and inside this
// subquery a bare "id" would be the status's.
const latestStatus = sql<StatusJson | null>`(
  select json_build_object('id', l.id, 'submissionId', l.submission_id, 'code', l.code, 'occurredAt', l.occurred_at,
    'reason', l.reason, 'reasonCode', l.reason_code, 'flags', l.flags, 'recordedAt', l.recorded_at)
  from lifecycle_statuses l where l.submission_id = "submissions"."id"
  order by l.occurred_at desc, l.id desc limit 1)`;

function prepare(db: Db, withType: boolean) {
  return db
    .select({ ...submissionColumns, latestStatus })
    .from(submissions)
    .where(
      and(
        eq(submissions.id, sql.placeholder('id')),
        eq(submissions.tenantId, sql.placeholder('tenantId')),
        withType ? eq(submissions.documentType, sql.placeholder('documentType')) : undefined,
      ),
    )
    .prepare(withType ? 'find_submission_of_type' : 'find_submission');
}

const prepared = new WeakMap<Db, { any: ReturnType<typeof prepare>; typed: ReturnType<typeof prepare> }>();

/** The tenant's submission `id` (a UUID), of `documentType` when given, with its latest status. */
export async function findSubmissionWithStatus(
  db: Db,
  tenantId: string,
  id: string,
  documentType?: DocumentType,
): Promise<SubmissionWithStatus | undefined> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = { any: prepare(db, false), typed: prepare(db, true) };
    prepared.set(db, statements);
  }
  const [row] = documentType
    ? await statements.typed.execute({ id, tenantId, documentType })
    : await statements.any.execute({ id, tenantId });
  if (!row) return undefined;
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
