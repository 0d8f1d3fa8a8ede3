/**
 * The sandbox's lifecycle scripts: after an invoice flow is acknowledged Ok,
 * one incoming status flow (flowDirection In, flowType CustomerInvoiceLC,
 * flowSyntax CDAR) every `stepMs`, its Original a CDAR message.
 *
 * The triggers are the ones of the gateway's in-process simulated platform
 * (src/platform/simulated.ts): `SIM-REJECT` or `SIM-REFUSE` in the invoice
 * number (BT-1), or here also in an invoice note (BT-22), case-insensitive.
 * Reason codes are from the BR-FR-CDV-CL-09 lists (210 and 213). The scripts live in the state (src/state.ts):
 * the player only looks for due statuses, so a restart on a kept state resumes them.
 */
import { cdarStatusFlow } from './cdar.ts';
import type { NewFlow, SandboxState, ScriptRun, ScriptStep } from './state.ts';

export type { ScriptStep } from './state.ts';

/** Labels as the French lifecycle (XP Z12-012) names them, for the codes the sandbox writes. */
export const STATUS_LABELS: Record<number, string> = {
  200: 'Déposée',
  201: 'Émise',
  202: 'Reçue',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  210: 'Refusée',
  213: 'Rejetée',
};

/** The three scripts. */
export const SANDBOX_SCRIPTS = {
  accepted: [{ code: 200 }, { code: 201 }, { code: 202 }, { code: 203 }, { code: 204 }, { code: 205 }],
  refused: [
    { code: 200 },
    { code: 201 },
    { code: 202 },
    { code: 203 },
    { code: 204 },
    { code: 210, reasonCode: 'MONTANTTOTAL_ERR', reason: 'Refus simulé : montant contesté par le destinataire' },
  ],
  rejected: [{ code: 200 }, { code: 213, reasonCode: 'DOUBLON', reason: 'Rejet simulé : facture en doublon' }],
} satisfies Record<string, ScriptStep[]>;

/** The script for an invoice: by its number first, then its notes. */
export function sandboxScriptFor(invoiceNumber: string, notes: string[] = []): ScriptStep[] {
  const texts = [invoiceNumber, ...notes].map((value) => value.toUpperCase());
  if (texts.some((value) => value.includes('SIM-REJECT'))) return SANDBOX_SCRIPTS.rejected;
  if (texts.some((value) => value.includes('SIM-REFUSE'))) return SANDBOX_SCRIPTS.refused;
  return SANDBOX_SCRIPTS.accepted;
}

/** Plays the scripts kept in the state: `play` after a script was stored, `stop` cancels the next wake. */
export interface LifecyclePlayer {
  /** A script's first status is due at `dueAt` (epoch ms): wakes then at the latest. */
  play(dueAt: number): void;
  stop(): void;
}

/**
 * Longest sleep between two looks at the state: a script another gateway instance started on the same database,
 * or one a stopped instance left, is played within this (milliseconds).
 */
export const PLAYER_IDLE_MS = 2000;

/** The status flow of `run`'s next step, stamped `at` (an In CDAR flow). */
export function renderStatus(run: ScriptRun, at: string): NewFlow {
  const step = run.steps[run.next]!;
  return cdarStatusFlow(
    { ...run.subject, receivedAt: new Date(run.subject.receivedAt) },
    {
      code: step.code,
      label: STATUS_LABELS[step.code] ?? String(step.code),
      occurredAt: new Date(at),
      reasonCode: step.reasonCode,
      reason: step.reason,
    },
    { flowType: 'CustomerInvoiceLC', processingRule: run.processingRule },
  );
}

/** Creates a player emitting the due statuses of `state` (one look at a time), reporting failures to `onError`. */
export function createLifecyclePlayer(options: {
  state: SandboxState;
  now: () => Date;
  onError: (error: unknown) => void;
}): LifecyclePlayer {
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  let running = false;
  let again = false;
  let stopped = false;

  function wake(at: number): void {
    if (stopped || (timer && wakeAt <= at)) return;
    if (timer) clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(() => void look(), Math.max(0, at - options.now().getTime()));
    timer.unref?.();
  }

  async function look(): Promise<void> {
    timer = undefined;
    wakeAt = Number.POSITIVE_INFINITY;
    if (running) {
      again = true;
      return;
    }
    running = true;
    let next = options.now().getTime() + PLAYER_IDLE_MS;
    try {
      const result = await options.state.emitDue(options.now().getTime(), renderStatus);
      if (result.nextDueAt !== undefined) next = Math.min(next, result.nextDueAt);
    } catch (error) {
      if (!stopped) options.onError(error);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      next = options.now().getTime();
    }
    wake(next);
  }

  wake(options.now().getTime());
  return {
    play: (dueAt) => wake(dueAt),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
