/**
 * Validation worker thread: loads the engine once, then answers `{ id, job }` messages with
 * `{ id, ok: true, report }` or `{ id, ok: false, error }`, and ends on `{ close: true }`. Posts `{ ready: true }` once loaded, or
 * `{ ready: false, error }` if the artefacts cannot be loaded (the pool then stops respawning).
 * `workerData.nice`: the thread's nice value, `workerData.idle`: the SCHED_IDLE policy (priority.ts),
 * both set before the artefacts load.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Engine, loadEngine } from './engine.ts';
import { idleThreadPolicy, lowerThreadPriority } from './priority.ts';
import type { ValidationJob } from './types.ts';

if (!parentPort) throw new Error('src/validation/worker is a worker thread entry point');
const port = parentPort;
const { nice, idle } = (workerData ?? {}) as { nice?: number; idle?: boolean };
if (nice) lowerThreadPriority(nice);
if (idle) idleThreadPolicy();

let engine: Engine;
try {
  engine = loadEngine();
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: (error as Error).message });
  throw error;
}

// Jobs run one after the other: the pool sends a worker one job at a time. `{ close: true }` (the pool closing)
// closes the port, so the thread ends by itself rather than being terminated (docs/stack-notes.md).
port.on('message', async ({ id, job, close }: { id: number; job: ValidationJob; close?: true }) => {
  if (close) return port.close();
  try {
    port.postMessage({ id, ok: true, report: await engine.run(job) });
  } catch (error) {
    port.postMessage({ id, ok: false, error: (error as Error).stack ?? String(error) });
  }
});
