/**
 * The e-report closer: a loop that claims due reports of the `close` lane (store/jobs-store.ts: an `open` report
 * whose period ended `EREPORTING_CLOSE_DELAY` ago, or a frozen one a crash left unbuilt) and closes them
 * (close-service.ts); a valid one wakes the sender (`onClosed`). Polls every `pollMs`; `wake` looks at once. An
 * unexpected failure (the database, a crashed validation worker) postpones the report with backoff.
 */
import type { Logger } from 'pino';
import { createWaiter } from '../../lib/waiter.ts';
import { buildFrozen, type CloseDeps, closeReport } from './close-service.ts';
import { findReport } from './store/close-store.ts';
import { claimDueReports, postponeReport } from './store/jobs-store.ts';

/** How long a claim holds a report: above the longest check of a large report (docs/e-reporting.md, measurements). */
export const CLOSE_LEASE_MS = 300_000;

export interface Closer {
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/** The closer (module comment); nothing runs before `start`. */
export function createCloser(options: CloseDeps & { log: Logger; pollMs?: number }): Closer {
  const { db, log } = options;
  const waiter = createWaiter(options.pollMs ?? 5000);
  let running = false;
  let loop: Promise<void> | undefined;

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
    while (running) {
      let ids: string[] = [];
      try {
        ids = await claimDueReports(db, 'close', 4, CLOSE_LEASE_MS);
      } catch (error) {
        if (running) log.warn({ err: error }, 'e-reporting: claim failed');
      }
      for (const id of ids) await handle(id);
      if (running && ids.length === 0) await waiter.wait();
    }
  }

  return {
    wake: () => waiter.wake(),
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      waiter.cancel();
      await loop;
    },
  };
}
