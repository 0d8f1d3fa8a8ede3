/**
 * Group commit: writes that arrive while earlier ones are in flight are sent
 * together, as one statement in one transaction (one round trip, one commit,
 * one WAL flush for the lot), the way PostgreSQL itself groups WAL flushes.
 * Nothing waits on a timer: an idle writer sends the first write at once (on
 * the next turn of the event loop, so requests parsed in the same turn go
 * together), and batches grow only as fast as the database falls behind.
 * Every caller's promise settles after its batch committed, so an
 * acknowledgement still means durable.
 */

export interface GroupCommitOptions<Item, Result> {
  /** Writes `items` in one transaction; one result per item, in order. */
  writeBatch(items: readonly Item[]): Promise<Result[]>;
  /** Writes one item alone (a batch of one, and the fallback when a batch fails). */
  writeOne(item: Item): Promise<Result>;
  /**
   * True when `error`, thrown by `writeBatch`, proves nothing was committed
   * (the server answered with an error, so the transaction rolled back): the
   * batch's items are then retried one by one, so that one bad item, a
   * deadlock or a cancelled statement fails only the requests it belongs to.
   * Any other error (a connection lost mid-commit) fails the whole batch, as
   * it would have failed each request alone: retrying could write twice.
   */
  rolledBack(error: unknown): boolean;
  /** Most items in one batch (bounds the statement's locks). */
  maxBatch: number;
  /**
   * Most total weight in one batch (bounds the statement's size and the memory
   * it takes on both sides); an item heavier than this alone goes alone.
   */
  maxBatchWeight: number;
  /** An item's weight, e.g. its size in bytes (UTF-16 code units are close enough). */
  weigh(item: Item): number;
  /** Most batches in flight at once (each holds one pooled connection). */
  maxInFlight: number;
}

interface Waiting<Item, Result> {
  item: Item;
  weight: number;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/** A writer that groups concurrent `write` calls into batches. */
export function groupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>): (item: Item) => Promise<Result> {
  const queue: Array<Waiting<Item, Result>> = [];
  let inFlight = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || inFlight >= options.maxInFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush(): void {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, batchLength());
      inFlight += 1;
      void send(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  /** How many queued items make the next batch: at least one, within both bounds. */
  function batchLength(): number {
    let length = 1;
    let weight = queue[0]!.weight;
    while (length < queue.length && length < options.maxBatch && weight + queue[length]!.weight <= options.maxBatchWeight) {
      weight += queue[length]!.weight;
      length += 1;
    }
    return length;
  }

  async function send(batch: Array<Waiting<Item, Result>>): Promise<void> {
    if (batch.length === 1) return settle(batch[0]!);
    let results: Result[];
    try {
      results = await options.writeBatch(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (!options.rolledBack(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // In order, one after the other, as the batch would have resolved them.
      for (const waiting of batch) await settle(waiting);
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(results[index]!);
  }

  async function settle(waiting: Waiting<Item, Result>): Promise<void> {
    try {
      waiting.resolve(await options.writeOne(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, weight: options.weigh(item), resolve, reject });
      schedule();
    });
}
