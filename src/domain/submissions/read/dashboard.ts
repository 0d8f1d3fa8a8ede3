/**
 * The dashboard's figures for a tenant and a range of days (France,
 * Europe/Paris): per day, how many documents were created and where each now
 * stands (processing state, latest lifecycle code); and the oldest document
 * still waiting in each state the gateway has yet to move it out of. One
 * statement for the counts (over the per-day rollup of migration 0028), one
 * for the oldest; measured in bench/dashboard.ts. Called by the GraphQL
 * `dashboard` field (src/schema/types/dashboard.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../../model/documents.ts';
import { filterConditions } from './filter.ts';
import type { SubmissionRow } from './rows.ts';

type ProcessingState = SubmissionRow['processingState'];

/** The longest range one call may ask for, in days. */
export const DASHBOARD_MAX_DAYS = 366;

/** The states the gateway itself moves a document out of (`sent` and `rejected` wait on no one at the gateway). */
export const WAITING_STATES: readonly ProcessingState[] = ['received', 'validated'];

/** The order a day's states are listed in: the pipeline's. */
const STATE_ORDER: readonly ProcessingState[] = ['received', 'validated', 'sent', 'rejected'];

/** A range of days, both included (YYYY-MM-DD, France), optionally for one seller (see `SubmissionFilter.sellerSiren`). */
export interface DashboardQuery {
  from: string;
  to: string;
  sellerSiren?: string;
}

/** One day: the documents created that day, by their processing state and by their latest lifecycle code (null: none yet). */
export interface DashboardDay {
  date: string;
  total: number;
  processingStates: Array<{ processingState: ProcessingState; count: number }>;
  lifecycleCodes: Array<{ code: number | null; count: number }>;
}

/** The oldest document in a waiting state, and since when it is in it. */
export interface OldestWaiting {
  processingState: ProcessingState;
  submissionId: string;
  documentType: DocumentType;
  number: string;
  since: Date;
}

/** The dates from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Per day of `query` (every day, zeros included), the documents created by state and by latest code:
 * one statement over the per-day rollup `submission_days` (migration 0028: a few rows per day and
 * seller, kept by triggers on every write of `submissions`), read by its primary key (tenant_id, day, …)
 * as a range of days and summed over sellers; the per-state and per-code figures are sums of its rows.
 * Keys of zero (every document moved away) are skipped.
 */
export async function dashboardDays(db: Db, tenantId: string, query: DashboardQuery): Promise<DashboardDay[]> {
  const seller = query.sellerSiren === undefined ? sql`` : sql` and d.seller_siren = ${query.sellerSiren}`;
  const rows = rowsOf<{ day: string; state: ProcessingState; code: number; n: number }>(
    await db.execute(sql`
      select d.day::text as day, d.processing_state::text as state, d.lifecycle_code as code, sum(d.count)::int as n
        from submission_days d
        where d.tenant_id = ${tenantId} and d.day >= ${query.from}::date and d.day <= ${query.to}::date${seller}
        group by d.day, d.processing_state, d.lifecycle_code
        having sum(d.count) <> 0`),
  );
  const days = new Map(
    daysOf(query.from, query.to).map((date) => [
      date,
      { day: emptyDay(date), states: new Map<ProcessingState, number>(), codes: new Map<number | null, number>() },
    ]),
  );
  for (const row of rows) {
    const entry = days.get(String(row.day));
    if (!entry) continue;
    const count = Number(row.n);
    // 0 is the rollup's key for "no status yet".
    const code = Number(row.code) === 0 ? null : Number(row.code);
    entry.day.total += count;
    entry.states.set(row.state, (entry.states.get(row.state) ?? 0) + count);
    entry.codes.set(code, (entry.codes.get(code) ?? 0) + count);
  }
  return [...days.values()].map(({ day, states, codes }) => ({
    ...day,
    processingStates: STATE_ORDER.filter((state) => states.has(state)).map((state) => ({
      processingState: state,
      count: states.get(state)!,
    })),
    lifecycleCodes: [...codes.entries()]
      .map(([code, count]) => ({ code, count }))
      .sort((a, b) => (a.code ?? Number.MAX_SAFE_INTEGER) - (b.code ?? Number.MAX_SAFE_INTEGER)),
  }));
}

/**
 * The oldest document in each of `WAITING_STATES` (of one seller when asked), whenever it was created:
 * one statement, one index probe per state (the partial indexes of the pipeline's and the sender's queues).
 */
export async function oldestWaiting(db: Db, tenantId: string, sellerSiren?: string): Promise<OldestWaiting[]> {
  const parts: SQL[] = WAITING_STATES.map(
    (state) => sql`(select ${state}::text as state, ${submissions.id}::text as id, ${submissions.documentType}::text as type,
        ${submissions.number} as number, coalesce(${submissions.updatedAt}, ${submissions.createdAt}) as since
      from ${submissions} where ${filterConditions(tenantId, { sellerSiren, processingStates: [state] })}
      order by ${submissions.id} limit 1)`,
  );
  const rows = rowsOf<{ state: ProcessingState; id: string; type: DocumentType; number: string; since: string | Date }>(
    await db.execute(sql.join(parts, sql` union all `)),
  );
  return rows.map((row) => ({
    processingState: row.state,
    submissionId: row.id,
    documentType: row.type,
    number: row.number,
    since: new Date(row.since),
  }));
}

function emptyDay(date: string): DashboardDay {
  return { date, total: 0, processingStates: [], lifecycleCodes: [] };
}
