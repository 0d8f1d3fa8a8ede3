/**
 * A fixed-size pool of worker threads, one job in flight per worker, jobs queued in arrival order.
 * Worker protocol: the worker posts `{ ready: true }` once loaded (or `{ ready: false, error }`),
 * then answers each `{ id, job }` with `{ id, ok: true, report }` or `{ id, ok: false, error }`.
 * A worker that dies after it was ready fails only its in-flight job and is replaced; a worker that
 * dies while loading fails the pool (its artefacts are missing or broken: respawning would loop).
 */
import type { Worker } from 'node:worker_threads';
import { EngineState } from './engine-state.ts';

type Pending<Res> = { id: number; job: unknown; resolve: (value: Res) => void; reject: (error: Error) => void };
type Slot<Res> = { worker: Worker; ready: boolean; current?: Pending<Res>; lastError?: string; timer?: NodeJS.Timeout };
type Reply = { ready?: boolean; id?: number; ok?: boolean; report?: unknown; error?: string };

/** Options of a WorkerPool. */
export interface WorkerPoolOptions {
  /**
   * A job that takes longer gets its worker terminated (and replaced) and rejects: a runaway
   * transform must not hold a worker for ever. Default 60 s, far above the ~0.3 s a document takes.
   */
  jobTimeoutMs?: number;
  /** Spawn the workers on the first job, not at construction: a gateway that never validates pays nothing. */
  lazy?: boolean;
  /**
   * How many workers may run jobs at this moment, read before each dispatch and kept within 1 and
   * the pool's size (default: all). While it holds jobs back, the pool reads it again every
   * `RECHECK_MS`; a running job is never interrupted.
   */
  concurrency?: () => number;
}

/** How often a pool holding jobs back under its `concurrency` looks again. */
const RECHECK_MS = 100;

/** A pool of `size` workers made by `spawn`. `Job` is posted to a worker, `Res` is what it answers. */
/** How long a closing pool waits for a worker to end by itself before terminating it, in milliseconds. */
const CLOSE_GRACE_MS = 2_000;

/** Asks `worker` to end, and terminates it if it has not within `CLOSE_GRACE_MS`. */
function retire(worker: Worker): Promise<void> {
  if (worker.threadId === -1) return Promise.resolve(); // already ended
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => void worker.terminate().finally(resolve), CLOSE_GRACE_MS);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage({ close: true });
  });
}

export class WorkerPool<Job, Res> {
  private readonly slots = new Set<Slot<Res>>();
  private readonly queue: Pending<Res>[] = [];
  private nextId = 1;
  private readonly state = new EngineState('the validation pool');

  private readonly jobTimeoutMs: number;
  private readonly concurrency: () => number;
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    private readonly spawn: () => Worker,
    private readonly size: number,
    options: WorkerPoolOptions = {},
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a worker pool needs at least one worker, got ${size}`);
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.concurrency = options.concurrency ?? (() => size);
    if (!options.lazy) this.startWorkers();
  }

  private started = false;

  /** Spawns the workers (at construction, or with `lazy` on the first job: a gateway that never validates pays nothing). */
  private startWorkers(): void {
    if (this.started) return;
    this.started = true;
    for (let i = 0; i < this.size; i++) this.add();
  }

  /** Runs a job on the next free worker; rejects if its worker dies, if the pool failed to load, or after close(). */
  run(job: Job): Promise<Res> {
    const refused = this.state.refusal();
    if (refused) return refused;
    this.startWorkers();
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Ends every worker; queued and in-flight jobs reject. Each worker is asked to end (`{ close: true }`, it closes its
   * port) and terminated only if it has not within `CLOSE_GRACE_MS`: terminating a thread mid-run can abort the
   * whole process on Node 24 (V8 "Check failed: (location_) != nullptr", nodejs/node#60755).
   */
  async close(): Promise<void> {
    const closing = this.state.close();
    if (!closing) return;
    clearTimeout(this.recheck);
    for (const pending of this.queue.splice(0)) pending.reject(closing);
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) {
      clearTimeout(slot.timer);
      slot.current?.reject(closing);
    }
    await Promise.all(slots.map((slot) => retire(slot.worker)));
  }

  private add(): void {
    const slot: Slot<Res> = { worker: this.spawn(), ready: false };
    this.slots.add(slot);
    slot.worker.on('message', (reply: Reply) => this.onReply(slot, reply));
    slot.worker.on('error', (error) => {
      slot.lastError = error.message;
    });
    slot.worker.on('exit', (code) => this.onExit(slot, code));
    this.updateRefs();
  }

  private onReply(slot: Slot<Res>, reply: Reply): void {
    if (reply.ready !== undefined) {
      if (reply.ready) {
        slot.ready = true;
        this.dispatch();
      } else {
        slot.lastError = reply.error;
      }
      return;
    }
    const pending = slot.current;
    if (!pending || pending.id !== reply.id) return;
    slot.current = undefined;
    clearTimeout(slot.timer);
    if (reply.ok) pending.resolve(reply.report as Res);
    else pending.reject(new Error(`validation failed unexpectedly: ${reply.error}`));
    this.dispatch();
  }

  private onExit(slot: Slot<Res>, code: number): void {
    clearTimeout(slot.timer);
    if (this.state.closed || !this.slots.delete(slot)) return;
    const reason = slot.lastError ?? `exit code ${code}`;
    if (!slot.ready) {
      // Loading failed: every other worker would fail the same way.
      this.state.failure = new Error(`a validation worker failed to load: ${reason}`);
      for (const pending of this.queue.splice(0)) pending.reject(this.state.failure);
      slot.current?.reject(this.state.failure);
      void this.close();
      return;
    }
    slot.current?.reject(new Error(`the validation worker crashed during this job (${reason}); it was replaced`));
    this.add();
  }

  private dispatch(): void {
    const allowed = Math.min(this.size, Math.max(1, Math.floor(this.concurrency())));
    let busy = 0;
    for (const slot of this.slots) if (slot.current) busy++;
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (busy >= allowed) {
        this.recheck ??= setTimeout(() => {
          this.recheck = undefined;
          if (!this.state.closed) this.dispatch();
        }, RECHECK_MS).unref();
        break;
      }
      if (!slot.ready || slot.current) continue;
      const pending = this.queue.shift() as Pending<Res>;
      slot.current = pending;
      busy++;
      slot.timer = setTimeout(() => {
        slot.lastError = `the job took longer than ${this.jobTimeoutMs} ms`;
        void slot.worker.terminate();
      }, this.jobTimeoutMs);
      slot.timer.unref();
      slot.worker.postMessage({ id: pending.id, job: pending.job });
    }
    this.updateRefs();
  }

  /** Idle workers do not keep the process alive (a forgotten close() does not hang it); pending work does. */
  private updateRefs(): void {
    for (const slot of this.slots) {
      if (slot.current || this.queue.length > 0) slot.worker.ref();
      else slot.worker.unref();
    }
  }
}
