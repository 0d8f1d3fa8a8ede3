/**
 * Writing a submission: the row, its Idempotency-Key and its `received`
 * event, in one statement (`passerelle_submit_item`), which resolves
 * replays, conflicts and duplicates on the unique indexes. Concurrent writes
 * are group-committed (`passerelle_submit_batch`: the items as JSON, their
 * bodies apart; a batch of new items is written set-based, one that collides
 * goes item by item). The SQL of both, and the idempotency rules, read in one
 * place: `drizzle/functions/submit.sql`.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { groupCommit } from '../../db/group-commit.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { sqlState } from '../../db/sql-state.ts';
import { transact } from '../../db/transaction.ts';
import type { SubmissionRow, SubmissionSummary } from './read/index.ts';

/**
 * A submission as written: the row, its body as received, the body's SHA-256 (hex), and its summary
 * (`../summary.ts`; absent: the summary's columns stay null).
 */
export type NewSubmission = SubmissionRow & { body: string; bodySha256: string; summary?: SubmissionSummary };

/** The outcome of `passerelle_submit_item` (migration 0007). */
export interface SubmitOutcome {
  /**
   * `duplicate`: `submissionId` is the existing submission. `key_taken`: a
   * concurrent request took the key for another document; nothing was written.
   */
  outcome: 'accepted' | 'replayed' | 'idempotency_conflict' | 'duplicate' | 'key_taken';
  submissionId: string | null;
  eventId: number | null;
}

/** The Idempotency-Key of a write: the key and the hash of the request it came with. */
export interface KeyRecord {
  key: string;
  requestHash: string;
}

/**
 * What one write sends, keyed by the SQL functions' parameter names (without
 * `p_`), less the body, which a batch sends apart (see `BODY_SEPARATOR`).
 */
type SubmitItem = {
  id: string;
  tenant_id: string;
  document_type: NewSubmission['documentType'];
  saas_id: string;
  number: string;
  seller_siren: string | null;
  issue_date: string;
  origin_submission_id: string | null;
  preceding_invoice_number: string | null;
  preceding_invoice_date: string | null;
  body_sha256: string;
  created_at: string;
  key: string | null;
  request_hash: string | null;
  summary: SummaryItem | null;
};

/** A summary as the functions read it (`p_summary`, a batch item's `summary`): the columns' names. */
type SummaryItem = {
  total_excl_tax: number | null;
  tax_total: number | null;
  total: number | null;
  currency: string | null;
  due_date: string | null;
  buyer_name: string | null;
  buyer_siren: string | null;
  buyer_vat_id: string | null;
};

type OutcomeRow = { outcome: SubmitOutcome['outcome']; submissionId: string | null; eventId: string | number | null };

const outcomeColumns = {
  outcome: sql<SubmitOutcome['outcome']>`outcome`,
  submissionId: sql<string | null>`submission_id`,
  eventId: sql<string | number | null>`event_id`,
};

const batchColumns = { ord: sql<string | number>`ord`, ...outcomeColumns };

/**
 * Separates the bodies of a batch in one text parameter (migration 0008). A
 * body is a JSON text, which never holds a raw U+001E (RFC 8259 §7: control
 * characters only escaped). Were one to, the function would find more bodies
 * than items and refuse the batch, whose items then go one by one.
 */
const BODY_SEPARATOR = '\x1e';

/** The call of the item function; `summary` is its JSON text. */
function submitItemCall(v: (name: keyof SubmitItem | 'body') => unknown) {
  return sql`passerelle_submit_item(
    ${v('id')}::uuid, ${v('tenant_id')}::uuid, ${v('document_type')}::document_type, ${v('saas_id')}, ${v('number')},
    ${v('seller_siren')}, ${v('issue_date')}::date, ${v('origin_submission_id')}::uuid, ${v('preceding_invoice_number')}, ${v('preceding_invoice_date')}::date,
    ${v('body')}, ${v('body_sha256')}, ${v('created_at')}::timestamptz, ${v('key')}, ${v('request_hash')}, ${v('summary')}::json)`;
}

/** A write that was accepted: the row as written and its outcome (with the `received` event's id). */
export interface AcceptedWrite {
  row: NewSubmission;
  outcome: SubmitOutcome;
}

/**
 * Work that must commit with accepted writes, in their transaction (an outbox
 * enqueue). It runs once per transaction with every accepted write that asked
 * for it (a batch's in one call, so the work can be one statement), and not
 * for writes with other outcomes. Pass the same function on every call: writes
 * of one batch are grouped by it.
 */
export type AcceptedFollowUp = (tx: Tx, accepted: readonly AcceptedWrite[]) => Promise<void>;

interface Write {
  item: SubmitItem;
  row: NewSubmission;
  followUp: AcceptedFollowUp | undefined;
}

/**
 * Runs each follow-up once in `tx`, with the accepted writes (of `writes`,
 * whose outcomes are `outcomes`, in order) that asked for it.
 */
async function runFollowUps(tx: Tx, writes: readonly Write[], outcomes: readonly SubmitOutcome[]): Promise<void> {
  const accepted = new Map<AcceptedFollowUp, AcceptedWrite[]>();
  writes.forEach((write, index) => {
    const outcome = outcomes[index]!;
    if (!write.followUp || outcome.outcome !== 'accepted') return;
    const group = accepted.get(write.followUp) ?? [];
    group.push({ row: write.row, outcome });
    accepted.set(write.followUp, group);
  });
  for (const [followUp, group] of accepted) await followUp(tx, group);
}

/** The group-commit writer of a database, made with its prepared statements on first use. */
const writerFor = preparedPerDatabase((db) => {
  const statements = {
    one: db
      .select(outcomeColumns)
      .from(sql`${submitItemCall((name) => sql.placeholder(name))}`)
      .prepare('passerelle_submit_item_seller'),
    batch: db
      .select(batchColumns)
      .from(sql`passerelle_submit_batch(${sql.placeholder('items')}::json, ${sql.placeholder('bodies')})`)
      .prepare('passerelle_submit_batch_bodies'),
  };
  return groupCommit<Write, SubmitOutcome>({
    maxBatch: 64,
    // A body may be 1 MiB: 64 of them in one statement would be 64 MiB on each side.
    maxBatchWeight: 4 * 1024 * 1024,
    weigh: (write) => write.row.body.length,
    // One batch at a time: a second one in flight sent smaller batches, and so
    // more round trips, commits and wake-ups for the same submissions (slower,
    // docs/performance.md). A slow commit only makes the next batch bigger.
    maxInFlight: 1,
    async writeOne(write) {
      const values = { ...write.item, body: write.row.body, summary: write.item.summary && JSON.stringify(write.item.summary) };
      if (!write.followUp) return outcomeOf((await statements.one.execute(values))[0]!);
      return transact(db, async (tx) => {
        const outcome = outcomeOf((await tx.select(outcomeColumns).from(sql`${submitItemCall((name) => values[name])}`))[0]!);
        await runFollowUps(tx, [write], [outcome]);
        return outcome;
      });
    },
    async writeBatch(writes) {
      const { items, bodies } = batchCall(writes);
      if (!writes.some((write) => write.followUp)) return outcomesInOrder(await statements.batch.execute({ items, bodies }), writes.length);
      return transact(db, async (tx) => {
        const outcomes = outcomesInOrder(
          await tx.select(batchColumns).from(sql`passerelle_submit_batch(${items}::json, ${bodies})`),
          writes.length,
        );
        await runFollowUps(tx, writes, outcomes);
        return outcomes;
      });
    },
    rolledBack: (error) => sqlState(error) !== undefined,
  });
});

/** The arguments of `passerelle_submit_batch` (migration 0008) for `writes`. */
function batchCall(writes: readonly Write[]): { items: string; bodies: string } {
  return { items: JSON.stringify(writes.map((write) => write.item)), bodies: writes.map((write) => write.row.body).join(BODY_SEPARATOR) };
}

function outcomesInOrder(rows: Array<OutcomeRow & { ord: string | number }>, count: number): SubmitOutcome[] {
  if (rows.length !== count) throw new Error(`passerelle_submit_batch answered ${rows.length} rows for ${count} items`);
  const outcomes = new Array<SubmitOutcome>(count);
  for (const row of rows) outcomes[Number(row.ord) - 1] = outcomeOf(row);
  return outcomes;
}

/**
 * Writes `row` with its key (if any) and its `received` event, with the next
 * group commit. With `followUp`, the write (and its batch) runs in a
 * transaction, and `followUp` runs in it when the row is accepted (see
 * `AcceptedFollowUp`).
 * @returns once committed.
 * @throws whatever the database or `followUp` throws (a row the statement refuses, a lost connection).
 */
export async function writeSubmission(
  db: Db,
  row: NewSubmission,
  key: KeyRecord | undefined,
  followUp?: AcceptedFollowUp,
): Promise<SubmitOutcome> {
  const item: SubmitItem = {
    id: row.id,
    tenant_id: row.tenantId,
    document_type: row.documentType,
    saas_id: row.saasId,
    number: row.number,
    seller_siren: row.sellerSiren,
    issue_date: row.issueDate,
    origin_submission_id: row.originSubmissionId,
    preceding_invoice_number: row.precedingInvoiceNumber,
    preceding_invoice_date: row.precedingInvoiceDate,
    body_sha256: row.bodySha256,
    created_at: row.createdAt.toISOString(),
    key: key?.key ?? null,
    request_hash: key?.requestHash ?? null,
    summary: row.summary ? summaryItem(row.summary) : null,
  };
  return writerFor(db)({ item, row, followUp });
}

function summaryItem(summary: SubmissionSummary): SummaryItem {
  return {
    total_excl_tax: summary.totalExclTax,
    tax_total: summary.taxTotal,
    total: summary.total,
    currency: summary.currency,
    due_date: summary.dueDate,
    buyer_name: summary.buyerName,
    buyer_siren: summary.buyerSiren,
    buyer_vat_id: summary.buyerVatId,
  };
}

function outcomeOf(row: OutcomeRow): SubmitOutcome {
  return { outcome: row.outcome, submissionId: row.submissionId, eventId: row.eventId === null ? null : Number(row.eventId) };
}
