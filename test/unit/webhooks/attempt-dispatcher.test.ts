/**
 * The attempt dispatcher with an in-memory job source: each job ends on its
 * own (a hanging one holds only itself), failures are failed, capacity holds,
 * and `stop` waits for what runs.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { dispatchJobs, type JobSource, type QueuedJob } from '../../../src/webhooks/attempt-dispatcher.ts';

const log = pino({ level: 'silent' });

/** A queue of `count` jobs (`data` = index) that records what the dispatcher does with them. */
function source(count: number) {
  const waiting: Array<QueuedJob<number>> = Array.from({ length: count }, (_, i) => ({ id: `job-${i}`, data: i }));
  const completed: string[] = [];
  const failed: Array<[string, string]> = [];
  const fetches: number[] = [];
  const jobs: JobSource<number> = {
    async fetch(batchSize) {
      fetches.push(batchSize);
      return waiting.splice(0, batchSize);
    },
    async complete(id) {
      completed.push(id);
    },
    async fail(id, message) {
      failed.push([id, message]);
    },
  };
  return { jobs, completed, failed, fetches, waiting };
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('attempt dispatcher', () => {
  it('completes each job when its own attempt ends: a hanging one holds only itself', async () => {
    const queue = source(30);
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const dispatcher = dispatchJobs(queue.jobs, (i) => (i === 0 ? hanging : Promise.resolve()), {
      capacity: 10,
      batchSize: 5,
      pollMs: 10,
      log,
    });
    await until(() => queue.completed.length === 29);
    expect(queue.completed).not.toContain('job-0');
    release();
    await until(() => queue.completed.length === 30);
    await dispatcher.stop(1000);
  });

  it('fails a job whose attempt throws, and completes the others', async () => {
    const queue = source(4);
    const dispatcher = dispatchJobs(
      queue.jobs,
      async (i) => {
        if (i === 2) throw new Error('endpoint lookup failed');
      },
      { capacity: 10, batchSize: 10, pollMs: 10, log },
    );
    await until(() => queue.completed.length + queue.failed.length === 4);
    expect(queue.failed).toEqual([['job-2', 'endpoint lookup failed']]);
    expect(queue.completed.sort()).toEqual(['job-0', 'job-1', 'job-3']);
    await dispatcher.stop(1000);
  });

  it('runs at most `capacity` attempts at once and fetches only the room it has', async () => {
    const queue = source(50);
    let running = 0;
    let most = 0;
    const dispatcher = dispatchJobs(
      queue.jobs,
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
      { capacity: 7, batchSize: 5, pollMs: 5, log },
    );
    await until(() => queue.completed.length === 50);
    await dispatcher.stop(1000);
    expect(most).toBe(7);
    expect(Math.max(...queue.fetches)).toBeLessThanOrEqual(5);
  });

  it('stops fetching on stop, and waits for the attempts still running', async () => {
    const queue = source(3);
    let finished = 0;
    const dispatcher = dispatchJobs(
      queue.jobs,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished += 1;
      },
      { capacity: 10, batchSize: 10, pollMs: 10, log },
    );
    await until(() => queue.waiting.length === 0);
    await dispatcher.stop(1000);
    expect(finished).toBe(3);
    expect(queue.completed).toHaveLength(3);
    queue.waiting.push({ id: 'late', data: 9 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(queue.waiting).toHaveLength(1);
  });
});
