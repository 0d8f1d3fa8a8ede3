/**
 * The pipeline worker: claims due submissions (store.ts), processes them
 * (process.ts) a few at a time, and commits each outcome with its
 * `processing_state_changed` event in one transaction, so webhooks and
 * subscriptions see every state change. Woken after each accepted
 * submission and each saved seller profile; polls every second otherwise
 * (the catch-up after a restart, another instance's rows, expired leases).
 * An unexpected failure (a crashed validation worker, a lost connection)
 * postpones the row with exponential backoff; nothing is dropped.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { transact } from '../db/transaction.ts';
import { recordEvent } from '../domain/events/store.ts';
import type { CommittedEvent, EventSink } from '../domain/events/types.ts';
import { type Check, processSubmission } from './process.ts';
import { claimDue, finish, loadInput, postpone } from './store.ts';

export interface PipelineOptions {
  db: Db;
  events: EventSink;
  /** The official artefacts, or undefined for the native rules only. */
  validator: Check;
  log: Logger;
  /** Documents processed at once (default 4: the validator pool queues the rest). */
  concurrency?: number;
  /** Called after a document is committed as `validated` (the platform connector takes it from there). */
  onValidated?: (submissionId: string) => void;
}

export interface Pipeline {
  /** Asks for a claim round now (after a submission or a profile was committed). */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 120_000;
const POLL_MS = 1_000;

function backoffMs(attempts: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.min(attempts, 6)) * (0.5 + Math.random() / 2);
}

/** Builds the worker (see the module comment). */
export function createPipeline(options: PipelineOptions): Pipeline {
  const { db, events, log } = options;
  const concurrency = options.concurrency ?? 4;
  let running = false;
  let loop: Promise<void> | undefined;
  let pending = false;
  let idle: (() => void) | undefined;
  let idlePromise: Promise<void> | undefined;
  const attempts = new Map<string, number>();
  // Claimed ids not yet taken by a lane; every lane takes the next one as soon as it is free, so no
  // validation worker waits for the slowest document of a batch.
  const queue: string[] = [];
  let refilling: Promise<void> | undefined;

  /** Until woken or POLL_MS have passed; every idle lane waits on the same promise. */
  function wait(): Promise<void> {
    if (pending) {
      pending = false;
      return Promise.resolve();
    }
    if (!idlePromise) {
      idlePromise = new Promise((resolve) => {
        const timer = setTimeout(done, POLL_MS);
        function done() {
          clearTimeout(timer);
          idle = undefined;
          idlePromise = undefined;
          resolve();
        }
        idle = done;
      });
    }
    return idlePromise;
  }

  /** Claims more ids into the queue; lanes that find it empty share one claim. */
  function refill(): Promise<void> {
    refilling ??= (async () => {
      try {
        queue.push(...(await claimDue(db, concurrency * 2, LEASE_MS)));
      } catch (error) {
        if (running) log.warn({ err: error }, 'pipeline: claim failed');
      } finally {
        refilling = undefined;
      }
    })();
    return refilling;
  }

  async function handle(id: string): Promise<void> {
    try {
      const input = await loadInput(db, id);
      if (!input) return;
      const outcome = await processSubmission(input, options.validator);
      const committed: CommittedEvent[] = [];
      const row = await transact(db, async (tx) => {
        const finished = await finish(
          tx,
          id,
          input.submission.tenantId,
          outcome.state,
          outcome.documents,
          outcome.state === 'rejected' ? outcome.rejection : undefined,
        );
        if (!finished) return undefined;
        const base = { tenantId: finished.tenantId, submissionId: id, documentType: finished.documentType };
        committed.push(await recordEvent(tx, events, { ...base, type: 'processing_state_changed', processingState: outcome.state }));
        return finished;
      });
      attempts.delete(id);
      if (!row) return;
      events.committed(committed);
      log.debug({ submissionId: id, state: outcome.state }, 'pipeline: processed');
      if (outcome.state === 'validated') options.onValidated?.(id);
    } catch (error) {
      const count = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, count);
      log.warn({ submissionId: id, attempt: count, err: error }, 'pipeline: processing failed, will retry');
      await postpone(db, id, backoffMs(count), error instanceof Error ? error.message : String(error)).catch(() => {});
    }
  }

  async function lane(): Promise<void> {
    while (running) {
      if (queue.length === 0) await refill();
      const id = queue.shift();
      if (id === undefined) {
        await wait();
        continue;
      }
      await handle(id);
    }
  }

  return {
    wake() {
      if (idle) idle();
      else pending = true;
    },
    start() {
      if (running) return;
      running = true;
      loop = Promise.all(Array.from({ length: concurrency }, () => lane())).then(() => undefined);
    },
    async stop() {
      running = false;
      idle?.();
      await loop;
    },
  };
}
