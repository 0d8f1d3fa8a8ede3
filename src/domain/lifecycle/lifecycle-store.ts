/** Queries on the lifecycle status audit trail (append-only). */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { lifecycleStatuses } from '../../db/schema.ts';

/** One lifecycle status entry as stored. */
export interface LifecycleStatusRow {
  id: number;
  submissionId: string;
  code: number;
  occurredAt: Date;
  reason: string | null;
  reasonCode: string | null;
  /**
   * The label the PA wrote (CDAR ProcessCondition), kept raw; null when it gave none. Undefined when the row was
   * read by a query that does not select it (the lookups' latest-status column).
   */
  platformLabel?: string | null;
  /** AFTER_FINAL_STATUS, REASON_MISSING, TO_BE_VERIFIED: set on arrival. */
  flags: string[];
  recordedAt: Date;
  /** Who emitted it: `platform` (the PA) or `seller` (the gateway's 212 Encaissée for a recorded payment). */
  source: string;
}

/** The columns of a `LifecycleStatusRow`, for selects that join statuses. */
export const statusColumns = {
  id: lifecycleStatuses.id,
  submissionId: lifecycleStatuses.submissionId,
  code: lifecycleStatuses.code,
  occurredAt: lifecycleStatuses.occurredAt,
  reason: lifecycleStatuses.reason,
  reasonCode: lifecycleStatuses.reasonCode,
  platformLabel: lifecycleStatuses.platformLabel,
  flags: lifecycleStatuses.flags,
  recordedAt: lifecycleStatuses.recordedAt,
  source: lifecycleStatuses.source,
};

// Both run on every GraphQL lookup that asks for statuses and every REST statuses GET:
// prepared once per database, since drizzle otherwise rebuilds the SQL each time
// (a tenth of the gateway's CPU on the GraphQL lookup benchmark).
const statements = preparedPerDatabase((db) => {
  const ofSubmission = eq(lifecycleStatuses.submissionId, sql.placeholder('submissionId'));
  return {
    history: db
      .select(statusColumns)
      .from(lifecycleStatuses)
      .where(ofSubmission)
      .orderBy(asc(lifecycleStatuses.occurredAt), asc(lifecycleStatuses.id))
      .prepare('status_history'),
    latest: db
      .select(statusColumns)
      .from(lifecycleStatuses)
      .where(ofSubmission)
      .orderBy(desc(lifecycleStatuses.occurredAt), desc(lifecycleStatuses.id))
      .limit(1)
      .prepare('latest_status'),
  };
});

/** The full history of a submission, oldest first (by `occurred_at`, ties by arrival). */
export async function statusHistory(db: Db, submissionId: string): Promise<LifecycleStatusRow[]> {
  return statements(db).history.execute({ submissionId });
}

/** The latest status of a submission, or undefined before the PA reported anything. */
export async function latestStatus(db: Db, submissionId: string): Promise<LifecycleStatusRow | undefined> {
  const [row] = await statements(db).latest.execute({ submissionId });
  return row;
}

/**
 * The histories of several submissions in one query: `ids` in order, each
 * with its history oldest first (empty when it has none). One id takes the
 * prepared single-submission query.
 */
export async function statusHistories(db: Db, ids: readonly string[]): Promise<LifecycleStatusRow[][]> {
  if (ids.length === 1) return [await statusHistory(db, ids[0]!)];
  const rows = await db
    .select(statusColumns)
    .from(lifecycleStatuses)
    .where(inArray(lifecycleStatuses.submissionId, [...ids]))
    .orderBy(asc(lifecycleStatuses.occurredAt), asc(lifecycleStatuses.id));
  return groupBySubmission(ids, rows);
}

/** The latest status of several submissions in one query (undefined for those without any), `ids` in order. */
export async function latestStatuses(db: Db, ids: readonly string[]): Promise<Array<LifecycleStatusRow | undefined>> {
  if (ids.length === 1) return [await latestStatus(db, ids[0]!)];
  const rows = await db
    .selectDistinctOn([lifecycleStatuses.submissionId], statusColumns)
    .from(lifecycleStatuses)
    .where(inArray(lifecycleStatuses.submissionId, [...ids]))
    .orderBy(lifecycleStatuses.submissionId, desc(lifecycleStatuses.occurredAt), desc(lifecycleStatuses.id));
  return groupBySubmission(ids, rows).map((history) => history[0]);
}

function groupBySubmission(ids: readonly string[], rows: LifecycleStatusRow[]): LifecycleStatusRow[][] {
  const byId = new Map<string, LifecycleStatusRow[]>(ids.map((id) => [id, []]));
  for (const row of rows) byId.get(row.submissionId)?.push(row);
  return ids.map((id) => byId.get(id)!);
}
