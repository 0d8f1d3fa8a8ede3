/**
 * The sandbox's lifecycle scripts: after an invoice flow is acknowledged Ok,
 * one incoming status flow (flowDirection In, flowType CustomerInvoiceLC,
 * flowSyntax CDAR) every `stepMs`, its Original a CDAR message.
 *
 * The triggers are the ones of the gateway's in-process simulated platform
 * (src/platform/simulated.ts): `SIM-REJECT` or `SIM-REFUSE` in the invoice
 * number (BT-1), or here also in an invoice note (BT-22), case-insensitive.
 * Reason codes are from the BR-FR-CDV-CL-09 lists (210 and 213).
 */
import { randomUUID } from 'node:crypto';
import { buildCdar, type CdarSubject } from './cdar.ts';
import type { FlowStore } from './store.ts';
import type { ProcessingRule } from './types.ts';

/** One scripted status. */
export interface ScriptStep {
  code: number;
  reasonCode?: string;
  reason?: string;
}

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

/** Plays scripts into a store; `stop` cancels every pending step. */
export interface LifecyclePlayer {
  play(subject: CdarSubject, script: ScriptStep[], processingRule: ProcessingRule | undefined): void;
  stop(): void;
}

/** Creates a player writing status flows into `store`, one step every `stepMs` milliseconds. */
export function createLifecyclePlayer(options: { store: FlowStore; stepMs: number; now: () => Date }): LifecyclePlayer {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function emit(subject: CdarSubject, step: ScriptStep, processingRule: ProcessingRule | undefined): void {
    const at = options.store.stamp();
    const xml = buildCdar(subject, {
      code: step.code,
      label: STATUS_LABELS[step.code] ?? String(step.code),
      occurredAt: new Date(at),
      reasonCode: step.reasonCode,
      reason: step.reason,
    });
    const flowId = randomUUID();
    options.store.add({
      flow: {
        flowId,
        submittedAt: at,
        updatedAt: at,
        flowType: 'CustomerInvoiceLC',
        processingRule,
        processingRuleSource: 'Computed',
        flowDirection: 'In',
        flowSyntax: 'CDAR',
        acknowledgement: { status: 'Ok' },
      },
      original: Buffer.from(xml, 'utf8'),
      fileName: `${flowId}.xml`,
    });
  }

  function schedule(subject: CdarSubject, script: ScriptStep[], index: number, processingRule: ProcessingRule | undefined): void {
    const step = script[index];
    if (!step || stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      emit(subject, step, processingRule);
      schedule(subject, script, index + 1, processingRule);
    }, options.stepMs);
    timers.add(timer);
  }

  return {
    play(subject, script, processingRule) {
      schedule(subject, script, 0, processingRule);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
