/**
 * The e-report closer: a loop that claims due reports of the `close` lane (store/jobs-store.ts: an `open` report
 * whose period ended `EREPORTING_CLOSE_DELAY` ago, or a frozen one a crash left unbuilt) and closes them
 * (close-service.ts); a valid one wakes the sender (`onClosed`). Polls every `pollMs`; `wake` looks at once. The
 * reports in hand stay leased (PA_LEASE_MS, renewed by a row keeper: src/db/row-leases.ts) however long a large
 * report's check lasts, and a killed instance's come back to any closer `leaseMs` after its last renewal. An
 * unexpected failure (the database, a crashed validation worker) postpones the report with backoff.
 */
import type { Logger } from 'pino';
import { leasedWorker } from '../../db/leased-worker.ts';
import { createRowKeeper } from '../../db/row-leases.ts';
import { createWaiter } from '../../lib/waiter.ts';
import { buildFrozen, type CloseDeps, closeReport } from './close-service.ts';
import { findReport } from './store/close-store.ts';
import { CLOSING_REPORT_LEASES, claimDueReports, postponeReport } from './store/jobs-store.ts';

export interface Closer {
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/** The closer (module comment); nothing runs before `start`. Its claims last `leaseMs` (PA_LEASE_MS), renewed. */
export function createCloser(options: CloseDeps & { log: Logger; pollMs?: number | undefined }): Closer {
  const { db, log } = options;
  const { leaseMs } = options;
  const keeper = createRowKeeper(db, CLOSING_REPORT_LEASES, leaseMs);
  const waiter = createWaiter(options.pollMs ?? 5000);
  const worker = leasedWorker(keeper, { run: () => run(), interrupt: () => waiter.cancel() });

  async function handle(id: string): Promise<void> {
    try {
      const row = await findReport(db, id);
      if (!row) return;
      const done = row.state === 'open' ? await closeReport(options, id) : row.xml === null ? await buildFrozen(options, row) : undefined;
      if (done) log.info({ reportId: id, state: done.state, period: done.periodId }, 'e-reporting: report closed');
    } catch (error) {
      const attempts = (await findReport(db, id).catch(() => undefined))?.jobAttempts ?? 1;
      log.warn({ err: error, reportId: id }, 'e-reporting: closing failed, will retry');
      await postponeReport(db, id, Math.min(300_000, 1000 * 2 ** Math.min(attempts, 8)), String(error)).catch(() => {});
    }
  }

  async function run(): Promise<void> {
    while (worker.running()) {
      let ids: string[] = [];
      try {
        ids = await claimDueReports(db, 'close', 4, leaseMs);
        for (const id of ids) keeper.hold(id);
      } catch (error) {
        if (worker.running()) log.warn({ err: error }, 'e-reporting: claim failed');
      }
      for (const id of ids) {
        try {
          await handle(id);
        } finally {
          keeper.drop(id);
        }
      }
      if (worker.running() && ids.length === 0) await waiter.wait();
    }
  }

  return { wake: () => waiter.wake(), start: worker.start, stop: worker.stop };
}
