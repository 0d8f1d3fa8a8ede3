/**
 * The pipeline worker: claims due submissions with their inputs (`claim.ts`,
 * one statement per claim), processes them (`process.ts`) a few at a time,
 * and commits the outcomes in batches (`commit.ts`: states, rejections,
 * documents and one `processing_state_changed` event each, set-based, with
 * the events' outbox work), so webhooks and subscriptions see every state
 * change. Woken after each accepted submission and each saved seller
 * profile; polls every second otherwise (the catch-up after a restart,
 * another instance's rows, expired leases). A lane does not wait for its
 * outcome's commit: it goes on with the next document while the batch is
 * written, up to `MAX_UNCOMMITTED` outcomes. An unexpected failure (a crashed
 * validation worker, a lost connection, a refused batch item) postpones the
 * row with exponential backoff; nothing is dropped: an outcome lost with its
 * process leaves its row `received`, due again when the lease runs out: the
 * rows in hand (queued, processing, awaiting their batch) keep their leases
 * (src/db/row-leases.ts), a killed instance's are due `leaseMs` after it died.
 */
import type { Logger } from 'pino';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import type { CommittedEvent, EventSink } from '../domain/events/types.ts';
import { claimDue, type PipelineInput } from './claim.ts';
import { finishWriter, type ReportingSettings } from './commit.ts';
import { type Check, type Outcome, processSubmission } from './process.ts';
import type { Rejection } from '../domain/submissions/read/index.ts';
import type { DirectoryLookup } from '../model/directory.ts';
import { leasedWorker } from '../db/leased-worker.ts';
import { createRowKeeper, leaseMsFrom, releaseRows } from '../db/row-leases.ts';
import { postpone, RECEIVED_LEASES } from './pipeline-store.ts';
import { createWaker } from './waker.ts';

export interface PipelineOptions {
  db: Db;
  events: EventSink;
  /** The official artefacts, or undefined for the native rules only. */
  validator: Check;
  log: Logger;
  /** Documents processed at once (default 4: the validator pool queues the rest). */
  concurrency?: number;
  /**
   * Rows claimed per claim statement (default: twice `concurrency` with the
   * official artefacts, whose documents take a third of a second each, so a
   * claim leases no more than the next second's work; 64 native).
   */
  claimSize?: number;
  /** Called after a document is committed as `validated` (the platform connector takes it from there). */
  onValidated?: (submissionId: string) => void;
  /** The PA directory, which classifies French company buyers (B2B, or B2C when unknown to it); none: B2B as the body says. */
  directory?: DirectoryLookup;
  /** E-reporting at commit (close delay, B2C_INVOICE_FLOWS); default DEFAULT_REPORTING. */
  reporting?: ReportingSettings;
  /** Staleness window of the claims, in milliseconds (default PA_LEASE_MS, 20 s: src/db/row-leases.ts). */
  leaseMs?: number;
}

export interface Pipeline {
  /** Asks for a claim round now (after a submission or a profile was committed). */
  wake(): void;
  start(): void;
  /** Stops claiming, lets the documents in hand finish and commit, and gives back the leases of the rest. */
  stop(): Promise<void>;
}

/** Outcomes processed but not yet committed, at most (each holds its UBL and CII, about 40 KB). */
const MAX_UNCOMMITTED = 128;

/** Builds the worker (see the module comment). */
export function createPipeline(options: PipelineOptions): Pipeline {
  const { db, events, log, validator } = options;
  const concurrency = options.concurrency ?? 4;
  const claimSize = options.claimSize ?? (validator ? concurrency * 2 : 64);
  const waker = createWaker();
  const leaseMs = options.leaseMs ?? leaseMsFrom(process.env);
  const keeper = createRowKeeper(db, RECEIVED_LEASES, leaseMs);
  const commit = finishWriter(db, events, options.reporting);
  const attempts = new Map<string, number>();
  // Claimed inputs not yet taken by a lane; every lane takes the next one as soon as it is free, so
  // no validation worker waits for the slowest document of a claim.
  const queue: PipelineInput[] = [];
  let refilling: Promise<void> | undefined;
  // Whether the last claim found as many rows as it asked for: more are probably due.
  let moreDue = false;
  const uncommitted = new Set<Promise<void>>();
  const worker = leasedWorker(keeper, {
    run: () => Promise.all(Array.from({ length: concurrency }, () => lane())),
    interrupt: () => waker.stopping(),
    drain: async () => {
      await refilling;
      await Promise.all(uncommitted);
    },
    async release() {
      // Leases not renewed for a window may have been claimed again by another instance: left to run out.
      const unstarted = queue.splice(0).map((input) => input.submission.id);
      if (keeper.fresh()) await releaseRows(db, RECEIVED_LEASES, unstarted).catch(() => {});
    },
  });

  /** Claims more inputs into the queue; lanes that find it empty share one claim. */
  function refill(): Promise<void> {
    refilling ??= (async () => {
      try {
        const inputs = await claimDue(db, claimSize, leaseMs);
        moreDue = inputs.length === claimSize;
        for (const input of inputs) keeper.hold(input.submission.id);
        queue.push(...inputs);
      } catch (error) {
        moreDue = false;
        if (worker.running()) log.warn({ err: error }, 'pipeline: claim failed');
      } finally {
        refilling = undefined;
      }
    })();
    return refilling;
  }

  /** The next input: claimed ahead while more are due, so a lane seldom waits on a claim. */
  async function next(): Promise<PipelineInput | undefined> {
    if (queue.length === 0) await refill();
    else if (moreDue && queue.length <= claimSize / 2) void refill();
    return queue.shift();
  }

  async function failed(id: string, error: unknown): Promise<void> {
    const count = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, count);
    log.warn({ submissionId: id, attempt: count, err: error }, 'pipeline: processing failed, will retry');
    keeper.drop(id);
    await postpone(db, id, count, error).catch(() => {});
  }

  /** After the outcome's batch: the platform hand-over, or the backoff when the batch failed. */
  async function settle(
    id: string,
    state: Outcome['state'],
    written: Promise<CommittedEvent | undefined>,
    rejection?: Rejection,
  ): Promise<void> {
    let event: CommittedEvent | undefined;
    try {
      event = await written;
    } catch (error) {
      await failed(id, error);
      return;
    }
    keeper.drop(id);
    attempts.delete(id);
    // Undefined: no longer `received` when its batch ran (finished elsewhere): nothing was written.
    if (!event) return;
    log.debug({ submissionId: id, state }, 'pipeline: processed');
    if (rejection) log.info({ submissionId: id, rules: rejection.errors.map((error) => error.rule) }, 'document rejected by validation');
    try {
      if (state === 'validated') options.onValidated?.(id);
    } catch (error) {
      log.error({ submissionId: id, err: error }, 'pipeline: the validated callback threw');
    }
  }

  async function handle(input: PipelineInput): Promise<void> {
    const id = input.submission.id;
    let outcome: Outcome;
    try {
      outcome = await processSubmission(input, validator, options.directory);
    } catch (error) {
      await failed(id, error);
      return;
    }
    const settled: Promise<void> = settle(
      id,
      outcome.state,
      commit({ submission: input.submission, outcome }),
      outcome.state === 'rejected' ? outcome.rejection : undefined,
    ).finally(() => {
      uncommitted.delete(settled);
      if (uncommitted.size < MAX_UNCOMMITTED) waker.roomFreed();
    });
    uncommitted.add(settled);
  }

  async function lane(): Promise<void> {
    while (worker.running()) {
      const input = await next();
      if (input === undefined) {
        await waker.idle();
        continue;
      }
      await handle(input);
      while (uncommitted.size >= MAX_UNCOMMITTED) await waker.room();
      // Native processing never waits: a turn of the event loop between documents lets requests
      // and the batch's replies through.
      await nextTurn();
    }
  }

  return { wake: () => waker.wake(), start: worker.start, stop: worker.stop };
}
