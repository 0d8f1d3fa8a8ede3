// A stand-in worker for test/unit/validation/pool.test.ts, speaking the protocol of
// src/validation/worker.ts: `{ echo }` answers, `{ exit }` ends the thread, `{ throw }` crashes it
// with an uncaught exception, `{ hang }` never answers; `{ close: true }` (the pool closing) ends it cleanly. workerData.failLoad makes it fail to load.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData?.failLoad) {
  parentPort.postMessage({ ready: false, error: 'artefacts missing (test)' });
  throw new Error('artefacts missing (test)');
}
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, job, close }) => {
  if (close) parentPort.close();
  else if (job.exit) process.exit(7);
  else if (job.throw)
    setTimeout(() => {
      throw new Error('boom (test)');
    });
  else if (job.hang) return;
  else if (job.fail) parentPort.postMessage({ id, ok: false, error: 'engine error (test)' });
  else parentPort.postMessage({ id, ok: true, report: { echo: job.echo } });
});
