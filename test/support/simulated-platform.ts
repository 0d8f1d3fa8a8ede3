/**
 * The simulated platform, for tests of the inbound path that drive time with a scheduler: an in-process script, no
 * protocol. When woken it takes the `validated` documents it has not played yet and reports a scripted sequence of
 * lifecycle statuses for each, one step every `stepDelayMs`, through the lifecycle service the status poller and
 * `POST /pa/v1/lifecycle-events` use. Started as `buildApp({ platform: simulatedPlatform(...) })`.
 *
 * The document number chooses the script (docs/real-time.md):
 * - contains `SIM-REFUSE`: 200, 202, 203, 204, then 210 Refusée with a reason;
 * - contains `SIM-REJECT`: 200, then 213 Rejetée with a reason;
 * - otherwise: 200, 202, 203, 204, 205, 211, 212 Encaissée.
 */
import { eq } from 'drizzle-orm';
import { submissions } from '../../src/db/schema.ts';
import { recordLifecycleStatus } from '../../src/domain/lifecycle/lifecycle-service.ts';
import type { ConnectorDeps, PlatformConnector, PlatformOption } from '../../src/platform/index.ts';
import { realTimers, type Scheduler } from './scheduler.ts';

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

/** The `platform` option of a gateway whose PA is the simulated platform. */
export function simulatedPlatform(options: { scheduler?: Scheduler; stepDelayMs?: number } = {}): PlatformOption {
  return {
    kind: 'custom',
    connector: (deps) => createSimulatedPlatform(deps, options.scheduler ?? realTimers, options.stepDelayMs ?? 2000),
  };
}

function createSimulatedPlatform({ db, events, log }: ConnectorDeps, scheduler: Scheduler, stepDelayMs: number): PlatformConnector {
  const cancels = new Set<() => void>();
  const running = new Set<Promise<void>>();
  const played = new Set<string>();
  let stopped = false;

  function schedule(task: () => Promise<void>): void {
    if (stopped) return;
    const cancel = scheduler.after(stepDelayMs, async () => {
      cancels.delete(cancel);
      const work = task().catch((error) => log.error({ err: error }, 'simulated platform step failed'));
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
      const result = await recordLifecycleStatus(db, events, {
        submission_id: submissionId,
        code: next.code,
        occurred_at: new Date().toISOString(),
        reason: next.reason ?? null,
        event_id: `sim-${submissionId}-${step}`,
      });
      if (!result.ok) log.warn({ submissionId, violations: result.violations }, 'simulated platform: status refused');
      play(submissionId, script, step + 1);
    });
  }

  async function takeValidated(): Promise<void> {
    const rows = await db
      .select({ id: submissions.id, number: submissions.number })
      .from(submissions)
      .where(eq(submissions.processingState, 'validated'));
    for (const row of rows) {
      if (played.has(row.id)) continue;
      played.add(row.id);
      play(row.id, scriptFor(row.number), 0);
    }
  }

  return {
    wake() {
      takeValidated().catch((error) => log.error({ err: error }, 'simulated platform: looking for validated documents failed'));
    },
    async stop() {
      stopped = true;
      for (const cancel of cancels) cancel();
      cancels.clear();
      await Promise.allSettled(running);
    },
  };
}
