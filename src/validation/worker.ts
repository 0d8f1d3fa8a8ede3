/**
 * Validation worker thread: loads the engine once, then answers `{ id, job }` messages with
 * `{ id, ok: true, report }` or `{ id, ok: false, error }`. Posts `{ ready: true }` once loaded, or
 * `{ ready: false, error }` if the artefacts cannot be loaded (the pool then stops respawning).
 * `workerData.nice`: the thread's nice value (priority.ts), set before the artefacts load.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Engine, loadEngine } from './engine.ts';
import { lowerThreadPriority } from './priority.ts';
import type { ValidationJob } from './types.ts';

if (!parentPort) throw new Error('src/validation/worker is a worker thread entry point');
const port = parentPort;
const { nice } = (workerData ?? {}) as { nice?: number };
if (nice) lowerThreadPriority(nice);

let engine: Engine;
try {
  engine = loadEngine();
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: (error as Error).message });
  throw error;
}

// Jobs run one after the other: the pool sends a worker one job at a time.
port.on('message', async ({ id, job }: { id: number; job: ValidationJob }) => {
  try {
    port.postMessage({ id, ok: true, report: await engine.run(job) });
  } catch (error) {
    port.postMessage({ id, ok: false, error: (error as Error).stack ?? String(error) });
  }
});
