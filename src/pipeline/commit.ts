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
import type { Db } from '../db/client.ts';
import { groupCommit } from '../db/group-commit.ts';
import { sqlState } from '../db/sql-state.ts';
import { transact } from '../db/transaction.ts';
import type { CommittedEvent, EventSink } from '../domain/events/types.ts';
import { type FinishItem, finishBatch } from './finish.ts';

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
export function finishWriter(db: Db, events: EventSink): FinishWriter {
  async function write(items: readonly FinishItem[]): Promise<Array<CommittedEvent | undefined>> {
    const finished = await transact(db, async (tx) => {
      const written = await finishBatch(tx, items);
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
