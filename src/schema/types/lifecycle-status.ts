/** LifecycleStatus: one PA lifecycle status entry (spec § Lifecycle status entry). */
import { LIFECYCLE_CODES, lifecycleCode } from '../../domain/lifecycle/codes.ts';
import type { LifecycleStatusRow } from '../../domain/lifecycle/store.ts';
import { builder } from '../builder.ts';

export const LifecycleCodeEnum = builder.enumType('LifecycleCode', {
  description: 'PA lifecycle codes 200 to 214; each value carries its code and the French label of the spec.',
  values: Object.fromEntries(
    LIFECYCLE_CODES.map((entry) => [entry.name, { value: entry.code, description: `${entry.code} ${entry.label}: ${entry.meaning}` }]),
  ) as Record<string, { value: number; description: string }>,
});

export const LifecycleStatusFlagEnum = builder.enumType('LifecycleStatusFlag', {
  values: {
    AFTER_FINAL_STATUS: { description: 'Arrived after a final status (210 Refusée, 212 Encaissée, 213 Rejetée); kept, not dropped.' },
    REASON_MISSING: { description: '210 or 213 without a reason: accepted, but flagged.' },
    TO_BE_VERIFIED: { description: '214 Visée: the reference list it relies on does not contain it.' },
  } as const,
});

export const LifecycleStatusRef = builder.objectRef<LifecycleStatusRow>('LifecycleStatus').implement({
  fields: (t) => ({
    code: t.exposeInt('code', { description: 'PA lifecycle code, 200 to 214.' }),
    status: t.field({ type: LifecycleCodeEnum, resolve: (entry) => entry.code }),
    label: t.string({
      description: 'Label of the code as the spec gives it, e.g. "Déposée".',
      resolve: (entry) => lifecycleCode(entry.code)?.label ?? String(entry.code),
    }),
    final: t.boolean({
      description:
        'True for a status that ends the life of the document (210 Refusée, 212 Encaissée, 213 Rejetée): no further status is expected.',
      resolve: (entry) => lifecycleCode(entry.code)?.final ?? false,
    }),
    occurredAt: t.field({ type: 'DateTime', resolve: (entry) => entry.occurredAt }),
    reason: t.exposeString('reason', { nullable: true, description: 'Reason, notably for 210 and 213.' }),
    reasonCode: t.exposeString('reasonCode', { nullable: true }),
    flags: t.field({
      type: [LifecycleStatusFlagEnum],
      description: 'Set on arrival; empty for an ordinary entry.',
      resolve: (entry) => entry.flags as Array<'AFTER_FINAL_STATUS' | 'REASON_MISSING' | 'TO_BE_VERIFIED'>,
    }),
  }),
});
