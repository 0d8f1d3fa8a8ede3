/** Graceful stop on SIGINT/SIGTERM for the long-running commands (serve.ts, worker.ts): a second signal exits at once. */
import type { Logger } from 'pino';

/**
 * On the first SIGINT or SIGTERM, runs `stop` (close what the command opened, database last) and exits 0, or 1 when
 * `stop` throws (logged as an unclean shutdown); a second signal while stopping exits 1 at once.
 */
export function stopOnSignals(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
