/**
 * The delivery attempts of one process: jobs are fetched as room frees up,
 * run side by side, and each job is completed (or failed) when its own
 * attempt ends. A queue worker that takes jobs by batch finishes the batch
 * only when its slowest job does, so one endpoint that hangs (10 s per
 * attempt) held every loop that had one of its attempts; here it holds only
 * the room its own attempts take.
 */
import type { Logger } from 'pino';

/** A job as the queue hands it out. */
export interface QueuedJob<T> {
  id: string;
  data: T;
}

/** The queue operations the dispatcher needs (pg-boss's `fetch`, `complete`, `fail` on one queue). */
export interface JobSource<T> {
  fetch(batchSize: number): Promise<Array<QueuedJob<T>>>;
  complete(id: string): Promise<void>;
  fail(id: string, message: string): Promise<void>;
}

export interface DispatcherOptions {
  /** Most attempts running (or waiting for their endpoint's slot) at once. */
  capacity: number;
  /** Most jobs taken in one fetch. */
  batchSize: number;
  /** Wait between fetches that found nothing, in ms. */
  pollMs: number;
  log: Logger;
}

export interface Dispatcher {
  /** Stops fetching, then waits for the running attempts, for at most `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Starts fetching from `source` and running `handle` on each job's data.
 * A job whose handler throws is failed (the queue retries it); a job whose
 * handler resolves is completed. A process that dies meanwhile leaves its
 * jobs active, and the queue's expiry hands them out again (at least once).
 */
export function dispatchJobs<T>(source: JobSource<T>, handle: (data: T) => Promise<void>, options: DispatcherOptions): Dispatcher {
  let stopped = false;
  let wake: (() => void) | undefined;
  /** The attempts running (their size is the room taken). */
  const running = new Set<Promise<void>>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  function run(job: QueuedJob<T>): void {
    const done: Promise<void> = handle(job.data)
      .then(
        () => source.complete(job.id),
        (error: unknown) => {
          options.log.error({ err: error, jobId: job.id }, 'webhook job failed; it will be retried');
          return source.fail(job.id, (error as Error)?.message ?? String(error));
        },
      )
      .catch((error: unknown) => options.log.error({ err: error, jobId: job.id }, 'could not record a webhook job outcome'))
      .finally(() => {
        running.delete(done);
        wake?.();
      });
    running.add(done);
  }

  const loop = (async () => {
    while (!stopped) {
      const room = Math.min(options.capacity - running.size, options.batchSize);
      if (room <= 0) {
        // Full: the next attempt to end makes room.
        await pause(options.pollMs);
        continue;
      }
      let jobs: Array<QueuedJob<T>> = [];
      try {
        jobs = await source.fetch(room);
      } catch (error) {
        options.log.error({ err: error }, 'fetching webhook jobs failed');
      }
      // Run even when stopping meanwhile: `stop` waits for them.
      for (const job of jobs) run(job);
      // A full fetch means more may be waiting: fetch again at once.
      if (jobs.length < room) await pause(options.pollMs);
    }
  })();

  return {
    async stop(timeoutMs) {
      stopped = true;
      wake?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all([...running]), timeout]);
      clearTimeout(timer);
    },
  };
}
