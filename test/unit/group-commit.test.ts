import { describe, expect, it } from 'vitest';
import { groupCommit, type GroupCommitOptions } from '../../src/db/group-commit.ts';

/** A fake store that records how it was called and answers `item * 10` unless told to fail. */
function recordingStore(options: { failBatch?: (items: readonly number[]) => unknown; failOne?: (item: number) => unknown } = {}) {
  const batches: number[][] = [];
  const singles: number[] = [];
  let inFlight = 0;
  let maxSeenInFlight = 0;
  const release: Array<() => void> = [];
  let hold = false;
  const gate = () => (hold ? new Promise<void>((resolve) => release.push(resolve)) : Promise.resolve());
  const track = async <T>(work: () => T): Promise<T> => {
    inFlight += 1;
    maxSeenInFlight = Math.max(maxSeenInFlight, inFlight);
    try {
      await gate();
      return work();
    } finally {
      inFlight -= 1;
    }
  };
  return {
    batches,
    singles,
    maxInFlight: () => maxSeenInFlight,
    holdWrites(on: boolean) {
      hold = on;
      if (!on) for (const go of release.splice(0)) go();
    },
    writeBatch: (items: readonly number[]) =>
      track(() => {
        batches.push([...items]);
        const failure = options.failBatch?.(items);
        if (failure) throw failure;
        return items.map((item) => item * 10);
      }),
    writeOne: (item: number) =>
      track(() => {
        singles.push(item);
        const failure = options.failOne?.(item);
        if (failure) throw failure;
        return item * 10;
      }),
  };
}

const serverError = (message: string) => Object.assign(new Error(message), { code: '23514' });
const rolledBack = (error: unknown) => (error as { code?: unknown }).code === '23514';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A group-commit writer on `store`: every item weighs 1 unless `overrides` says otherwise. */
function writerOn(store: ReturnType<typeof recordingStore>, overrides: Partial<GroupCommitOptions<number, number>> = {}) {
  return groupCommit<number, number>({
    writeBatch: store.writeBatch,
    writeOne: store.writeOne,
    rolledBack,
    maxBatch: 64,
    maxBatchWeight: Number.POSITIVE_INFINITY,
    weigh: () => 1,
    maxInFlight: 1,
    ...overrides,
  });
}

describe('group commit', () => {
  it('writes a lone item alone and items of one turn as one batch, each caller getting its own result', async () => {
    const store = recordingStore();
    const write = writerOn(store, { maxBatch: 64, maxInFlight: 1 });
    expect(await write(1)).toBe(10);
    expect(await Promise.all([2, 3, 4].map(write))).toEqual([20, 30, 40]);
    expect(store.singles).toEqual([1]);
    expect(store.batches).toEqual([[2, 3, 4]]);
  });

  it('gathers what arrives while a batch is in flight into the next one, up to maxBatch', async () => {
    const store = recordingStore();
    const write = writerOn(store, { maxBatch: 3, maxInFlight: 1 });
    store.holdWrites(true);
    const first = write(1);
    await nextTurn();
    const rest = [2, 3, 4, 5, 6, 7, 8].map(write);
    await nextTurn();
    store.holdWrites(false);
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(store.singles).toEqual([1, 8]);
    expect(store.batches).toEqual([
      [2, 3, 4],
      [5, 6, 7],
    ]);
    expect(store.maxInFlight()).toBe(1);
  });

  it('closes a batch before it would pass maxBatchWeight, and sends an item heavier than that alone', async () => {
    const store = recordingStore();
    const write = writerOn(store, { maxBatchWeight: 10, weigh: (item) => item });
    store.holdWrites(true);
    const first = write(0);
    await nextTurn();
    const rest = [4, 4, 4, 20, 1, 1].map(write);
    await nextTurn();
    store.holdWrites(false);
    expect(await Promise.all([first, ...rest])).toEqual([0, 40, 40, 40, 200, 10, 10]);
    expect(store.batches).toEqual([
      [4, 4],
      [1, 1],
    ]);
    expect(store.singles).toEqual([0, 4, 20]);
  });

  it('never has more than maxInFlight batches in flight', async () => {
    const store = recordingStore();
    const write = writerOn(store, { maxBatch: 2, maxInFlight: 2 });
    store.holdWrites(true);
    const all = Array.from({ length: 9 }, (_, index) => write(index));
    await nextTurn();
    store.holdWrites(false);
    await Promise.all(all);
    expect(store.maxInFlight()).toBe(2);
    expect([...store.batches.flat(), ...store.singles].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('retries a rolled-back batch item by item, so only the bad item fails', async () => {
    const store = recordingStore({
      failBatch: (items) => (items.includes(13) ? serverError('check violation') : undefined),
      failOne: (item) => (item === 13 ? serverError('check violation on 13') : undefined),
    });
    const write = writerOn(store, { maxBatch: 64, maxInFlight: 1 });
    const results = await Promise.allSettled([11, 12, 13, 14].map(write));
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      110,
      120,
      'check violation on 13',
      140,
    ]);
    expect(store.batches).toEqual([[11, 12, 13, 14]]);
    // Retried in order and one at a time, as the batch would have resolved them.
    expect(store.singles).toEqual([11, 12, 13, 14]);
    expect(store.maxInFlight()).toBe(1);
  });

  it('fails the whole batch, without retrying, when the error does not prove a rollback', async () => {
    const lost = new Error('connection lost');
    const store = recordingStore({ failBatch: () => lost });
    const write = writerOn(store, { maxBatch: 64, maxInFlight: 1 });
    const results = await Promise.allSettled([1, 2, 3].map(write));
    expect(results).toEqual([1, 2, 3].map(() => ({ status: 'rejected', reason: lost })));
    expect(store.singles).toEqual([]);
    // The writer is not stuck: the next write goes through.
    expect(await write(4)).toBe(40);
  });
});
