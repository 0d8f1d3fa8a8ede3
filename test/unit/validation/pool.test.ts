// The worker pool's failure handling (src/validation/pool.ts), with a stand-in worker so a crash can
// be provoked on demand: a crash fails only the job in flight and the worker is replaced.
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../src/validation/pool.ts';

const script = new URL('../../support/validation-crash-worker.mjs', import.meta.url);
type Job = { echo?: number; exit?: true; throw?: true; hang?: true; fail?: true };
let pool: WorkerPool<Job, { echo: number }> | undefined;

function makePool(size: number, workerData: object = {}, jobTimeoutMs?: number) {
  pool = new WorkerPool<Job, { echo: number }>(() => new Worker(script, { workerData }), size, { jobTimeoutMs });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('validation worker pool', () => {
  it('runs more jobs than workers, each answered once', async () => {
    const p = makePool(2);
    const replies = await Promise.all([1, 2, 3, 4, 5].map((echo) => p.run({ echo })));
    expect(replies.map((r) => r.echo)).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    ['exits', { exit: true }, /crashed during this job \(exit code 7\)/],
    ['throws an uncaught exception', { throw: true }, /crashed during this job \(boom \(test\)\)/],
  ] as const)('a worker that %s rejects only its job, and is replaced', async (_, job, message) => {
    const p = makePool(1);
    const crashed = p.run(job);
    const queued = p.run({ echo: 42 });
    await expect(crashed).rejects.toThrow(message);
    // The queued job runs on the replacement worker.
    await expect(queued).resolves.toEqual({ echo: 42 });
    await expect(p.run({ echo: 43 })).resolves.toEqual({ echo: 43 });
  });

  it('a job past the timeout rejects, and its worker is terminated and replaced', async () => {
    const p = makePool(1, {}, 300);
    const hung = p.run({ hang: true });
    const queued = p.run({ echo: 7 });
    await expect(hung).rejects.toThrow(/crashed during this job \(the job took longer than 300 ms\)/);
    await expect(queued).resolves.toEqual({ echo: 7 });
  });

  it('a lazy pool spawns its workers on the first job only', async () => {
    let spawned = 0;
    pool = new WorkerPool<Job, { echo: number }>(
      () => {
        spawned++;
        return new Worker(script);
      },
      2,
      { lazy: true },
    );
    expect(spawned).toBe(0);
    await expect(pool.run({ echo: 1 })).resolves.toEqual({ echo: 1 });
    expect(spawned).toBe(2);
  });

  it('runs no more jobs at once than its concurrency allows, and takes the held jobs when it rises', async () => {
    let allowed = 1;
    pool = new WorkerPool<Job, { echo: number }>(() => new Worker(script), 2, { concurrency: () => allowed });
    void pool.run({ hang: true }).catch(() => {});
    let answered = false;
    const held = pool.run({ echo: 5 }).then((reply) => {
      answered = true;
      return reply;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answered).toBe(false); // the second worker is idle, but only one may work
    allowed = 2;
    await expect(held).resolves.toEqual({ echo: 5 });
  });

  it('never holds every worker back: a concurrency below one still runs one job', async () => {
    pool = new WorkerPool<Job, { echo: number }>(() => new Worker(script), 2, { concurrency: () => 0 });
    await expect(pool.run({ echo: 6 })).resolves.toEqual({ echo: 6 });
  });

  it('an engine error rejects the call with its message and keeps the worker', async () => {
    const p = makePool(1);
    await expect(p.run({ fail: true })).rejects.toThrow('validation failed unexpectedly: engine error (test)');
    await expect(p.run({ echo: 1 })).resolves.toEqual({ echo: 1 });
  });

  it('a worker that cannot load fails the pool instead of respawning', async () => {
    const p = makePool(2, { failLoad: true });
    await expect(p.run({ echo: 1 })).rejects.toThrow('a validation worker failed to load: artefacts missing (test)');
    await expect(p.run({ echo: 2 })).rejects.toThrow('failed to load');
  });

  it('close() rejects pending calls and refuses new ones', async () => {
    const p = makePool(1);
    const hanging = expect(p.run({ hang: true })).rejects.toThrow('closed');
    const queued = expect(p.run({ echo: 1 })).rejects.toThrow('closed');
    await p.close();
    await hanging;
    await queued;
    await expect(p.run({ echo: 2 })).rejects.toThrow('closed');
  });
});
