/** Queries on submissions and idempotency keys. Every lookup is scoped to a tenant. */
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { idempotencyKeys, submissions } from '../../db/schema.ts';
import type { DocumentType } from '../documents.ts';
import { latestStatusColumn, withLatestStatus, type SubmissionWithStatus } from './latest-status.ts';

/** A submission without its body (lookups never need the body). */
export interface SubmissionRow {
  id: string;
  tenantId: string;
  documentType: DocumentType;
  saasId: string;
  number: string;
  processingState: 'received' | 'validated' | 'sent' | 'rejected';
  issueDate: string;
  originSubmissionId: string | null;
  precedingInvoiceNumber: string | null;
  precedingInvoiceDate: string | null;
  createdAt: Date;
}

export type NewSubmission = SubmissionRow & { body: string; bodySha256: string };

/** The columns of a `SubmissionRow`, for selects that join submissions. */
export const submissionColumns = {
  id: submissions.id,
  tenantId: submissions.tenantId,
  documentType: submissions.documentType,
  saasId: submissions.saasId,
  number: submissions.number,
  processingState: submissions.processingState,
  issueDate: submissions.issueDate,
  originSubmissionId: submissions.originSubmissionId,
  precedingInvoiceNumber: submissions.precedingInvoiceNumber,
  precedingInvoiceDate: submissions.precedingInvoiceDate,
  createdAt: submissions.createdAt,
};

/** The tenant's submission `id` (optionally only of `documentType`). */
export async function findSubmission(
  db: Executor,
  tenantId: string,
  id: string,
  documentType?: DocumentType,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select(submissionColumns)
    .from(submissions)
    .where(
      and(
        eq(submissions.id, id),
        eq(submissions.tenantId, tenantId),
        documentType ? eq(submissions.documentType, documentType) : undefined,
      ),
    );
  return row;
}

/** The tenant's invoice whose SaaS id is `saasId` (the origin of a credit note). */
export async function findInvoiceBySaasId(db: Executor, tenantId: string, saasId: string) {
  return findBy(db, tenantId, 'invoice', eq(submissions.saasId, saasId));
}

async function findBy(db: Executor, tenantId: string, documentType: DocumentType, condition: SQL) {
  const [row] = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.tenantId, tenantId), eq(submissions.documentType, documentType), condition));
  return row;
}

/** Filters and a keyset window for listing a tenant's submissions (ids are time-ordered). */
export interface ListQuery {
  documentType?: DocumentType;
  processingState?: SubmissionRow['processingState'];
  /** Only submissions created before the one with this id. */
  olderThan?: string;
  /** Only submissions created after the one with this id. */
  newerThan?: string;
  /** Oldest first instead of newest first (backward pagination). */
  oldestFirst?: boolean;
  limit: number;
}

/** A window of the tenant's submissions, each with its latest status (a page's rows would otherwise query it one by one). */
export async function listSubmissions(db: Executor, tenantId: string, query: ListQuery): Promise<SubmissionWithStatus[]> {
  const rows = await db
    .select({ ...submissionColumns, latestStatus: latestStatusColumn })
    .from(submissions)
    .where(
      and(
        eq(submissions.tenantId, tenantId),
        query.documentType ? eq(submissions.documentType, query.documentType) : undefined,
        query.processingState ? eq(submissions.processingState, query.processingState) : undefined,
        query.olderThan ? lt(submissions.id, query.olderThan) : undefined,
        query.newerThan ? gt(submissions.id, query.newerThan) : undefined,
      ),
    )
    .orderBy(query.oldestFirst ? asc(submissions.id) : desc(submissions.id))
    .limit(query.limit);
  return rows.map(withLatestStatus);
}

/** The number of submission `id`, whatever its tenant (for the platform connector). */
export async function submissionNumber(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ number: submissions.number }).from(submissions).where(eq(submissions.id, id));
  return row?.number;
}

/** The outcome of `passerelle_submit` (migration 0004). */
export interface SubmitOutcome {
  outcome: 'accepted' | 'replayed' | 'idempotency_conflict' | 'duplicate';
  submissionId: string | null;
  eventId: number | null;
}

/** Raised by `passerelle_submit` when the key went to another document concurrently; the statement rolled back. */
export const KEY_TAKEN_SQLSTATE = 'GW409';

/** The arguments of `passerelle_submit`, in order, as placeholders or values. */
function submitArguments(v: (name: keyof SubmitParams) => unknown) {
  return sql`passerelle_submit(
    ${v('id')}::uuid, ${v('tenantId')}::uuid, ${v('documentType')}::document_type, ${v('saasId')}, ${v('number')},
    ${v('issueDate')}::date, ${v('originSubmissionId')}::uuid, ${v('precedingInvoiceNumber')}, ${v('precedingInvoiceDate')}::date,
    ${v('body')}, ${v('bodySha256')}, ${v('createdAt')}::timestamptz, ${v('key')}, ${v('requestHash')})`;
}

type SubmitParams = Omit<NewSubmission, 'createdAt' | 'processingState'> & {
  createdAt: string;
  key: string | null;
  requestHash: string | null;
};

const outcomeColumns = {
  outcome: sql<SubmitOutcome['outcome']>`outcome`,
  submissionId: sql<string | null>`submission_id`,
  eventId: sql<string | number | null>`event_id`,
};

const preparedSubmit = preparedPerDatabase((db) =>
  db
    .select(outcomeColumns)
    .from(sql`${submitArguments((name) => sql.placeholder(name))}`)
    .prepare('passerelle_submit'),
);

/**
 * Writes a submission, its Idempotency-Key and its `received` event in one
 * statement (one round trip), resolving replays, conflicts and duplicates on
 * the unique indexes. On the database itself (`inTransaction` false) the
 * statement is prepared once; inside a transaction it is sent as is.
 * @throws an error with SQLSTATE GW409 when the key was taken concurrently by another document.
 */
export async function writeSubmission(
  db: Executor,
  row: NewSubmission,
  key: { key: string; requestHash: string } | undefined,
  inTransaction: boolean,
): Promise<SubmitOutcome> {
  const params: SubmitParams = {
    ...row,
    createdAt: row.createdAt.toISOString(),
    key: key?.key ?? null,
    requestHash: key?.requestHash ?? null,
  };
  let rows: Array<{ outcome: SubmitOutcome['outcome']; submissionId: string | null; eventId: string | number | null }>;
  if (inTransaction) {
    rows = await db.select(outcomeColumns).from(sql`${submitArguments((name) => params[name])}`);
  } else {
    rows = await preparedSubmit(db as Db).execute(params);
  }
  const first = rows[0]!;
  return { ...first, eventId: first.eventId === null ? null : Number(first.eventId) };
}

/** The submission an Idempotency-Key of the tenant points to, with its stored body. */
export async function findKeyedSubmission(
  db: Executor,
  tenantId: string,
  key: string,
): Promise<{ submission: SubmissionRow; body: string } | undefined> {
  const [row] = await db
    .select({ submission: submissionColumns, body: submissions.body })
    .from(idempotencyKeys)
    .innerJoin(submissions, eq(submissions.id, idempotencyKeys.submissionId))
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
  return row;
}
