/**
 * The simulated platform: an in-process script, no protocol. After a
 * submission is handed over it reports a scripted sequence of lifecycle
 * events, one step every `stepDelayMs`, through the inbound mutation a PA's
 * `POST /pa/v1/lifecycle-events` runs. `PLATFORM` no longer selects it (the
 * sandbox PA, reached over the Flow Service, replaced it, issue 18); tests of
 * the inbound path use it to drive statuses step by step with a scheduler.
 *
 * The document number chooses the script (documented in docs/real-time.md):
 * - contains `SIM-REFUSE`: 200, 202, 203, 204, then 210 Refusée with a reason;
 * - contains `SIM-REJECT`: 200, then 213 Rejetée with a reason;
 * - otherwise: 200, 202, 203, 204, 205, 211, 212 Encaissée.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { submissionNumber } from '../domain/submissions/read/index.ts';
import type { PlatformConnector, ReportLifecycleEvent } from './connector.ts';
import type { Scheduler } from './scheduler.ts';

export interface ScriptStep {
  code: number;
  reason?: string;
}

export const SCRIPTS = {
  accepted: [{ code: 200 }, { code: 202 }, { code: 203 }, { code: 204 }, { code: 205 }, { code: 211 }, { code: 212 }],
  refused: [
    { code: 200 },
    { code: 202 },
    { code: 203 },
    { code: 204 },
    { code: 210, reason: 'Refus simulé : montant contesté par le destinataire' },
  ],
  rejected: [{ code: 200 }, { code: 213, reason: 'Rejet simulé : document non conforme' }],
} satisfies Record<string, ScriptStep[]>;

/** The script for a document number. */
export function scriptFor(number: string): ScriptStep[] {
  const upper = number.toUpperCase();
  if (upper.includes('SIM-REJECT')) return SCRIPTS.rejected;
  if (upper.includes('SIM-REFUSE')) return SCRIPTS.refused;
  return SCRIPTS.accepted;
}

export function createSimulatedPlatform(options: {
  db: Db;
  report: ReportLifecycleEvent;
  scheduler: Scheduler;
  stepDelayMs: number;
  log: Logger;
}): PlatformConnector {
  const cancels = new Set<() => void>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  function schedule(task: () => Promise<void>): void {
    if (stopped) return;
    const cancel = options.scheduler.after(options.stepDelayMs, async () => {
      cancels.delete(cancel);
      const work = task().catch((error) => options.log.error({ err: error }, 'simulated platform step failed'));
      running.add(work);
      await work;
      running.delete(work);
    });
    cancels.add(cancel);
  }

  function play(submissionId: string, script: ScriptStep[], step: number): void {
    const next = script[step];
    if (!next) return;
    schedule(async () => {
      // One step after the other, so occurred_at follows the script even with no delay.
      await options.report({
        submission_id: submissionId,
        code: next.code,
        occurred_at: new Date().toISOString(),
        reason: next.reason ?? null,
        event_id: `sim-${submissionId}-${step}`,
      });
      play(submissionId, script, step + 1);
    });
  }

  return {
    handOver(submissionId) {
      const lookup = submissionNumber(options.db, submissionId).then((number) => {
        if (number !== undefined) play(submissionId, scriptFor(number), 0);
      });
      lookup.catch((error) => options.log.error({ err: error, submissionId }, 'simulated platform hand-over failed'));
    },
    async stop() {
      stopped = true;
      for (const cancel of cancels) cancel();
      cancels.clear();
      await Promise.allSettled(running);
    },
  };
}
