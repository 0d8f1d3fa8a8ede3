/**
 * The webhook job queue: pg-boss 10 on the gateway's own database (both
 * engines, through `Database.executeSql`). Two queues: `webhook-fanout` (one
 * job per submission event, enqueued in the transaction that records the
 * event) and `webhook-attempt` (one job per delivery attempt). A job whose
 * worker died is expired by pg-boss and runs again: delivery is at least once.
 */
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/client.ts';
import { executeSqlOn } from '../db/raw.ts';
import { dispatchJobs, type Dispatcher } from './attempt-dispatcher.ts';

const FANOUT = 'webhook-fanout';
const ATTEMPT = 'webhook-attempt';

/**
 * Jobs taken per fetch. pg-boss 10 sleeps its polling interval after every
 * batch, even a full one, unless the worker was notified meanwhile: the
 * fan-out loop that got a full batch notifies itself, so a backlog drains at
 * the speed of the work; only an empty or partial fetch waits POLL_SECONDS.
 * Attempts do not go through a pg-boss worker at all (`attempt-dispatcher.ts`):
 * a batch ends with its slowest job, and a hanging endpoint held whole batches.
 */
const BATCH = 25;
const POLL_SECONDS = 0.5;

export interface QueueHandlers {
  /** Fans out a batch of events at once; throws, having written nothing, when any of them fails. */
  fanout(eventIds: readonly number[]): Promise<void>;
  attempt(deliveryId: string): Promise<void>;
}

export interface WebhookQueue {
  /** Enqueues the fan-out of each of `eventIds` on `tx`, in one statement, so they commit with the events. */
  enqueueFanouts(tx: Executor, eventIds: readonly number[]): Promise<void>;
  /** Enqueues the first attempt of each of `deliveryIds` on `db` (a transaction), in one statement. */
  enqueueAttempts(deliveryIds: readonly string[], options: { db: Executor }): Promise<void>;
  /** Enqueues an attempt of delivery `deliveryId`, on `db` (a transaction) if given, not before `startAfter`. */
  enqueueAttempt(deliveryId: string, options?: { db?: Executor; startAfter?: Date | number }): Promise<void>;
  /** Wakes this process's fan-out worker now rather than at its next poll (call after committing a fan-out job). */
  wakeFanout(): void;
  /**
   * Starts pg-boss; with `workers > 0`, also the fan-out loop and the attempt
   * dispatcher, which runs up to `workers` × 25 attempts at once.
   */
  start(handlers: QueueHandlers, workers: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs pg-boss's createQueue, again after a deadlock (40P01): instances starting together on an empty
 * PostgreSQL database create the same queue concurrently, and PostgreSQL aborts one of them.
 */
async function createQueueRetrying(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
export function createWebhookQueue(database: Database, log: Logger): WebhookQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'webhook queue error'));
  let fanoutWorker: string | undefined;
  let attempts: Dispatcher | undefined;
  const queueOptions = { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

  /**
   * The fan-out loop's batch: every job's event in one `fanout` call (one
   * transaction for all their deliveries); if that fails, each event alone,
   * side by side, so a job that throws is failed (and retried) without the
   * others. After a full batch, the loop is woken so it fetches again at once.
   */
  function fanoutBatch(handlers: QueueHandlers) {
    return async (jobs: PgBoss.Job<{ eventId: number }>[]) => {
      if (jobs.length >= BATCH && fanoutWorker) boss.notifyWorker(fanoutWorker);
      try {
        await handlers.fanout(jobs.map((job) => job.data.eventId));
      } catch (error) {
        log.warn({ err: error, jobs: jobs.length }, 'webhook fan-out batch failed; fanning out its events one by one');
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handlers.fanout([job.data.eventId]);
            } catch (error) {
              log.error({ err: error, queue: FANOUT, jobId: job.id }, 'webhook job failed; pg-boss retries it');
              await boss.fail(FANOUT, job.id, { message: (error as Error).message });
            }
          }),
        );
      }
    };
  }

  return {
    async enqueueAttempts(deliveryIds, options) {
      if (deliveryIds.length === 0) return;
      await boss.insert(
        deliveryIds.map((deliveryId) => ({ name: ATTEMPT, data: { deliveryId } })),
        { db: executeSqlOn(options.db) },
      );
    },
    async enqueueFanouts(tx, eventIds) {
      // insert() takes the queue's retry and expiry settings, as send() does.
      await boss.insert(
        eventIds.map((eventId) => ({ name: FANOUT, data: { eventId } })),
        { db: executeSqlOn(tx) },
      );
    },
    async enqueueAttempt(deliveryId, options = {}) {
      await boss.send(ATTEMPT, { deliveryId }, { ...(options.db && { db: executeSqlOn(options.db) }), startAfter: options.startAfter });
    },
    wakeFanout() {
      if (fanoutWorker) boss.notifyWorker(fanoutWorker);
    },
    async start(handlers, workers) {
      await boss.start();
      await createQueueRetrying(() => boss.createQueue(FANOUT, { name: FANOUT, ...queueOptions }));
      await createQueueRetrying(() => boss.createQueue(ATTEMPT, { name: ATTEMPT, ...queueOptions }));
      if (workers <= 0) return;
      const options = { pollingIntervalSeconds: POLL_SECONDS, batchSize: BATCH };
      fanoutWorker = await boss.work(FANOUT, options, fanoutBatch(handlers));
      // Each attempt's job ends with its attempt: an endpoint that hangs holds only its own attempts.
      attempts = dispatchJobs<{ deliveryId: string }>(
        {
          fetch: (batchSize) => boss.fetch(ATTEMPT, { batchSize }),
          complete: (id) => boss.complete(ATTEMPT, id),
          fail: (id, message) => boss.fail(ATTEMPT, id, { message }),
        },
        (data) => handlers.attempt(data.deliveryId),
        { capacity: workers * BATCH, batchSize: BATCH, pollMs: POLL_SECONDS * 1000, log },
      );
    },
    async stop() {
      await attempts?.stop(15_000);
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
