/** Listing a tenant's submissions: filters, an order, and a keyset window, each row with its details and latest status. */
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { submissions } from '../../../db/schema.ts';
import type { Position, SubmissionOrder } from './cursor.ts';
import { filterConditions, type SubmissionFilter } from './filter.ts';
import { latestStatusColumn, withLatestStatus, type SubmissionWithStatus } from './latest-status.ts';
import { detailColumns, submissionColumns, type SubmissionDetails } from './rows.ts';

/** A window of a list: after and/or before a position (in the order's direction), backwards when `reversed`. */
export interface ListWindow {
  after?: Position;
  before?: Position;
  /** Read the window from its end (a `last` page): rows come in the opposite order. */
  reversed?: boolean;
  limit: number;
}

/** A row of the list. */
export type ListedSubmission = SubmissionWithStatus & SubmissionDetails;

/** The order's key: its column expression and how a position's value is typed. */
function keyOf(order: SubmissionOrder): { column: SQL; value: (position: Position) => SQL } | undefined {
  if (order.field === 'issueDate') return { column: sql`${submissions.issueDate}`, value: (p) => sql`${p.value}::date` };
  if (order.field === 'number')
    return { column: sql`(${submissions.number} collate "C")`, value: (p) => sql`(${p.value}::text collate "C")` };
  return undefined;
}

/** Rows strictly beyond `position` in the order (`forward`) or strictly before it. */
function beyond(order: SubmissionOrder, position: Position, forward: boolean): SQL {
  const key = keyOf(order);
  const op = sql.raw(forward === order.descending ? '<' : '>');
  if (!key) return sql`${submissions.id} ${op} ${position.id}::uuid`;
  return sql`(${key.column}, ${submissions.id}) ${op} (${key.value(position)}, ${position.id}::uuid)`;
}

/**
 * A window of the tenant's submissions matching `filter`, in `order` (ties by id, so every order is
 * total and a page never repeats or skips a row). Each row brings its details and latest status in the
 * same query. Reads the index of its order: docs/console.md, "Query plans".
 */
export async function pageSubmissions(
  db: Db,
  tenantId: string,
  filter: SubmissionFilter,
  order: SubmissionOrder,
  window: ListWindow,
): Promise<ListedSubmission[]> {
  const key = keyOf(order);
  const descending = order.descending !== (window.reversed ?? false);
  const direction = descending ? desc : asc;
  const rows = await db
    .select({ ...submissionColumns, ...detailColumns, latestStatus: latestStatusColumn })
    .from(submissions)
    .where(
      and(
        filterConditions(tenantId, filter),
        window.after ? beyond(order, window.after, true) : undefined,
        window.before ? beyond(order, window.before, false) : undefined,
      ),
    )
    .orderBy(...(key ? [descending ? sql`${key.column} desc` : sql`${key.column} asc`] : []), direction(submissions.id))
    .limit(window.limit);
  return rows.map(withLatestStatus);
}
