/**
 * The status poller's rows: its cursor in `platform_cursors` (key: the connection name), which is also its lease,
 * and `platform_inbound_problems`.
 *
 * Lease: one gateway instance polls a connection at a time, without holding a transaction across HTTP calls (on
 * PGlite, the only connection would be blocked for the whole app). The cursor row's `updated_at` is set from the
 * database clock (`clock_timestamp()`) by every claim and every cursor move; an instance holds the lease while
 * `updated_at` is the exact value its own last write returned, or takes it over once `updated_at` is older than the
 * lease. Every cursor move is conditional on that value (a fence): an instance that lost the lease (stalled longer
 * than it) moves nothing. One clock (the database's) decides, whatever the instances' clocks say.
 */
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { platformInboundProblems } from '../../db/schema.ts';

/** The cursor as claimed: `updatedAfter` to search from, `stamp` the lease value to give back on the next write. */
export interface ClaimedCursor {
  updatedAfter: string;
  stamp: string;
}

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

const leaseInterval = (leaseMs: number) => sql`make_interval(secs => ${leaseMs / 1000}::float8)`;

/**
 * Takes or renews the lease on `connection`'s cursor. `mine`: the stamp of this instance's last write, if any.
 * On the first run for a connection the row is created with `updatedAfter` at the earliest moment that could
 * matter: one hour (the two clocks' possible skew) before the gateway's first createFlow attempt
 * (`platform_flows.created_at`, any connection), or before now when nothing was sent yet. Status flows are about
 * flows the gateway sent, so none can be older.
 * @returns the cursor, or undefined while another instance holds the lease.
 */
export async function claimCursor(
  db: Executor,
  connection: string,
  mine: string | undefined,
  leaseMs: number,
): Promise<ClaimedCursor | undefined> {
  const [renewed] = await rows<ClaimedCursor>(
    db,
    sql`UPDATE platform_cursors SET updated_at = clock_timestamp()
      WHERE connection = ${connection}
        AND (updated_at = ${mine ?? null}::timestamptz OR updated_at < clock_timestamp() - ${leaseInterval(leaseMs)})
      RETURNING updated_after AS "updatedAfter", updated_at::text AS stamp`,
  );
  if (renewed) return renewed;
  const [existing] = await rows<{ one: number }>(db, sql`SELECT 1 AS one FROM platform_cursors WHERE connection = ${connection}`);
  if (existing) return undefined;
  const [created] = await rows<ClaimedCursor>(
    db,
    sql`INSERT INTO platform_cursors (connection, updated_after, updated_at)
      SELECT ${connection},
        to_char((coalesce(min(created_at), now()) - interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        clock_timestamp()
      FROM platform_flows
      ON CONFLICT (connection) DO NOTHING
      RETURNING updated_after AS "updatedAfter", updated_at::text AS stamp`,
  );
  return created;
}

/**
 * Moves the cursor to `updatedAfter` (the PA's updatedAt of the last flow handled, as given) if this instance
 * still holds the lease (`mine`), renewing it.
 * @returns the new stamp, or undefined when the lease was lost (nothing written).
 */
export async function advanceCursor(db: Executor, connection: string, mine: string, updatedAfter: string): Promise<string | undefined> {
  const [row] = await rows<{ stamp: string }>(
    db,
    sql`UPDATE platform_cursors SET updated_after = ${updatedAfter}, updated_at = clock_timestamp()
      WHERE connection = ${connection} AND updated_at = ${mine}::timestamptz
      RETURNING updated_at::text AS stamp`,
  );
  return row?.stamp;
}

/**
 * Gives the lease up (on stop), so another instance need not wait for it to run out: `updated_at` goes two
 * leases back, so that even a claim within the same clock tick (PGlite's clock counts milliseconds) finds it expired.
 */
export async function releaseCursor(db: Executor, connection: string, mine: string, leaseMs: number): Promise<void> {
  await db.execute(
    sql`UPDATE platform_cursors SET updated_at = clock_timestamp() - 2 * ${leaseInterval(leaseMs)}
      WHERE connection = ${connection} AND updated_at = ${mine}::timestamptz`,
  );
}

/** The current cursor of `connection` (tests, operators), or undefined before the first run. */
export async function readCursor(db: Executor, connection: string): Promise<string | undefined> {
  const [row] = await rows<{ updatedAfter: string }>(
    db,
    sql`SELECT updated_after AS "updatedAfter" FROM platform_cursors WHERE connection = ${connection}`,
  );
  return row?.updatedAfter;
}

/** An incoming flow the gateway could not record, and why. */
export interface InboundProblem {
  flowId: string;
  connection: string;
  /** unreadable-cdar, not-cdar, no-matching-submission, ambiguous-submission, refused, fetch-refused, invalid-flow, answer-too-large. */
  problem: string;
  /** What was read (invoice number, SIREN, code...) or the error, as JSON. */
  detail: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what PostgreSQL text and jsonb cannot store
const UNSTORABLE = /[\u0000\p{Cs}]/gu;

/** `value` with every string made storable (U+0000 and unpaired surrogates, which jsonb refuses, as U+FFFD). */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [storable(key), storable(field)]));
  return value;
}

/**
 * Keeps `problem` (the latest one when the same flow is seen again, e.g. after a restart replayed it). Texts the
 * PA sent are stored with what PostgreSQL cannot hold replaced, so a hostile value cannot make the row fail
 * (and the round stop at it every time).
 */
export async function recordProblem(db: Executor, problem: InboundProblem): Promise<void> {
  const detail = storable(problem.detail) as Record<string, unknown>;
  await db
    .insert(platformInboundProblems)
    .values({ flowId: problem.flowId, connection: problem.connection, problem: problem.problem, detail })
    .onConflictDoUpdate({
      target: platformInboundProblems.flowId,
      set: { connection: problem.connection, problem: problem.problem, detail, seenAt: sql`now()` },
    });
}

/** A kept problem as an operator lists it (`passerelle pa-problems list`), newest first. */
export interface ListedProblem extends InboundProblem {
  seenAt: Date;
}

/** The latest `limit` problems of every connection, newest first. */
export async function listProblems(db: Executor, limit = 500): Promise<ListedProblem[]> {
  const rows = await db.select().from(platformInboundProblems).orderBy(desc(platformInboundProblems.seenAt)).limit(limit);
  return rows.map((row) => ({
    flowId: row.flowId,
    connection: row.connection,
    problem: row.problem,
    detail: (row.detail ?? {}) as Record<string, unknown>,
    seenAt: row.seenAt,
  }));
}
