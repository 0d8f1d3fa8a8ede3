/**
 * Group commit of the pipeline's outcomes (see `src/db/group-commit.ts`):
 * outcomes that arrive while a batch is being committed go together in the
 * next one, one transaction holding the set-based finish (`finish.ts`) and
 * the sink's outbox work for the batch's events (`EventSink.recorded`, all
 * of them in one call); after commit the sink gets them all at once
 * (`committed`). A batch the server refused (an SQLSTATE: nothing was
 * committed) is retried item by item, so one bad outcome fails alone. Any
 * other error (a connection lost, perhaps mid-commit) fails the whole batch:
 * the worker postpones each of its rows, a no-op for those the batch did
 * commit, since the postponement, like the finish, only touches rows still
 * `received`.
 */
import { DEFAULT_CLOSE_DELAY_MS } from '../domain/e-reporting/close-service.ts';
import type { Db } from '../db/client.ts';
import { groupCommit } from '../db/group-commit.ts';
import { sqlState } from '../db/sql-state.ts';
import { transact } from '../db/transaction.ts';
import type { CommittedEvent, EventSink } from '../domain/events/types.ts';
import { assignToReports } from '../domain/e-reporting/store/assign.ts';
import { type FinishItem, finishBatch } from './finish.ts';

/** E-reporting at commit (docs/e-reporting.md): how long after its period a report closes, and whether B2C/B2BInt also go as invoice flows. */
export interface ReportingSettings {
  /** `EREPORTING_CLOSE_DELAY`, milliseconds (default 1 hour). */
  closeDelayMs: number;
  /** `B2C_INVOICE_FLOWS`: B2C and B2BInt documents are sent to the PA as invoice flows too (default false). */
  invoiceFlows: boolean;
}

/** The defaults of {@link ReportingSettings}. */
export const DEFAULT_REPORTING: ReportingSettings = { closeDelayMs: DEFAULT_CLOSE_DELAY_MS, invoiceFlows: false };

/**
 * Finishes one processed submission with the next batch.
 * @returns once committed: its `processing_state_changed` event (already
 *   handed to `events.committed`), or undefined when the submission was no
 *   longer `received` and nothing was written.
 * @throws whatever the database or the sink threw; the submission is then
 *   still `received` unless the connection was lost during the commit itself.
 */
export type FinishWriter = (item: FinishItem) => Promise<CommittedEvent | undefined>;

/** Most outcomes in one batch, and most document bytes (UTF-16 code units: UBL plus CII) in one. */
const MAX_BATCH = 64;
const MAX_BATCH_WEIGHT = 8 * 1024 * 1024;

/** A writer that commits outcomes of `db` in batches, handing their events to `events`. */
export function finishWriter(db: Db, events: EventSink, reporting: ReportingSettings = DEFAULT_REPORTING): FinishWriter {
  async function write(given: readonly FinishItem[]): Promise<Array<CommittedEvent | undefined>> {
    const items = given.map((item) =>
      item.outcome.state === 'validated' && item.outcome.reporting && !reporting.invoiceFlows ? { ...item, held: true } : item,
    );
    const finished = await transact(db, async (tx) => {
      const written = await finishBatch(tx, items);
      // The e-reported documents go into their period's open report in the same transaction (never validated unreported).
      const assignments = items.flatMap(({ submission, outcome }, index) =>
        written[index] && outcome.state === 'validated' && outcome.reporting && outcome.documents.sellerSiren
          ? [
              {
                tenantId: submission.tenantId,
                submissionId: submission.id,
                sellerSiren: outcome.documents.sellerSiren,
                period: outcome.reporting,
              },
            ]
          : [],
      );
      await assignToReports(tx, assignments, reporting.closeDelayMs);
      const recorded = written.filter((event) => event !== undefined);
      if (recorded.length > 0) await events.recorded(tx, recorded);
      return written;
    });
    const committed = finished.filter((event) => event !== undefined);
    if (committed.length > 0) events.committed(committed);
    return finished;
  }
  return groupCommit<FinishItem, CommittedEvent | undefined>({
    maxBatch: MAX_BATCH,
    maxBatchWeight: MAX_BATCH_WEIGHT,
    weigh: ({ outcome }) => 500 + (outcome.documents ? outcome.documents.ubl.length + outcome.documents.cii.length : 0),
    // One batch at a time, as for submissions and statuses: a slow commit only makes the next batch bigger.
    maxInFlight: 1,
    writeBatch: write,
    writeOne: async (item) => (await write([item]))[0],
    rolledBack: (error) => sqlState(error) !== undefined,
  });
}
