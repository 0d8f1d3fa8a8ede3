/**
 * LifecycleStatus: one PA lifecycle status entry (spec § Lifecycle status entry).
 *
 * `code` (Int) is the source of truth. `status` (the LifecycleCode enum) is nullable: every code the gateway
 * accepts has an enum value, but the database keeps any three-digit code, so a code stored by another version of
 * the gateway must not make a lookup fail to serialise (a non-null enum would null the whole submission).
 */
import { displayLabel, FINAL_CODES, LIFECYCLE_CODE_LIST, LIFECYCLE_CODES, lifecycleCode } from '../../domain/lifecycle/codes.ts';
import type { LifecycleStatusRow } from '../../domain/lifecycle/lifecycle-store.ts';
import type { Context } from '../../app/context.ts';
import { builder } from '../builder.ts';
import { statusLoaders } from '../status-loaders.ts';

const finalList = FINAL_CODES.map((code) => `${code} ${lifecycleCode(code)!.label}`).join(', ');

export const LifecycleCodeEnum = builder.enumType('LifecycleCode', {
  description:
    `PA lifecycle codes of the French CDV list (XP Z12-012, BR-FR-CDV-CL-06): ${LIFECYCLE_CODE_LIST}. ` +
    'Each value carries its code, its French label and its meaning.',
  values: Object.fromEntries(
    LIFECYCLE_CODES.map((entry) => [
      entry.name,
      { value: entry.code, description: `${entry.code} ${entry.label ?? '(no label: the PA gives one)'}: ${entry.meaning}` },
    ]),
  ) as Record<string, { value: number; description: string }>,
});

export const LifecycleStatusFlagEnum = builder.enumType('LifecycleStatusFlag', {
  values: {
    AFTER_FINAL_STATUS: { description: `Arrived after a final status (${finalList}); kept, not dropped.` },
    REASON_MISSING: { description: '210, 213 or 501 without a reason: accepted, but flagged.' },
    TO_BE_VERIFIED: { description: '214 Visée: the reference list it relies on does not contain it.' },
  } as const,
});

/**
 * The PA's raw label of `entry`. A row read by the lookups' latest-status column does not carry it: it is then
 * read from the submission's history (one batched query for the request). Synchronous when the row has it, so
 * the common case adds no promise to a lookup.
 */
function platformLabelOf(entry: LifecycleStatusRow, ctx: Context): string | null | Promise<string | null> {
  if (entry.platformLabel !== undefined) return entry.platformLabel;
  return statusLoaders(ctx)
    .history.load(entry.submissionId)
    .then((history) => history.find((status) => status.id === entry.id)?.platformLabel ?? null);
}

export const LifecycleStatusRef = builder.objectRef<LifecycleStatusRow>('LifecycleStatus').implement({
  fields: (t) => ({
    code: t.exposeInt('code', { description: `PA lifecycle code, one of the CDV list (${LIFECYCLE_CODE_LIST}); the source of truth.` }),
    status: t.field({
      type: LifecycleCodeEnum,
      nullable: true,
      description: 'The code as an enum value; null only for a stored code outside the list this gateway knows (see `code`).',
      resolve: (entry) => (lifecycleCode(entry.code) ? entry.code : null),
    }),
    label: t.string({
      description:
        'Label of the code as its source gives it, e.g. "Déposée"; for a code the gateway has no label for, the ' +
        "PA's own label (`platformLabel`), else the code's digits.",
      resolve: (entry, _args, ctx) => {
        const own = lifecycleCode(entry.code)?.label;
        if (own !== undefined) return own;
        const raw = platformLabelOf(entry, ctx);
        return raw instanceof Promise ? raw.then((label) => displayLabel(entry.code, label)) : displayLabel(entry.code, raw);
      },
    }),
    platformLabel: t.string({
      nullable: true,
      description:
        'The label the PA wrote in its status message (CDAR ProcessCondition, MDT-106), kept as received; null when ' +
        'the status did not come from a PA message carrying one.',
      resolve: (entry, _args, ctx) => platformLabelOf(entry, ctx),
    }),
    final: t.boolean({
      description: `True for a status that ends the life of the document (${finalList}): no further status is expected.`,
      resolve: (entry) => lifecycleCode(entry.code)?.final ?? false,
    }),
    occurredAt: t.field({ type: 'DateTime', resolve: (entry) => entry.occurredAt }),
    source: t.string({
      description:
        "Who emitted it: `platform` (the PA's statuses) or `seller` (the 212 Encaissée the gateway sent for a recorded payment).",
      resolve: (entry) => entry.source ?? 'platform',
    }),
    reason: t.exposeString('reason', { nullable: true, description: 'Reason, notably for 210, 213 and 501.' }),
    reasonCode: t.exposeString('reasonCode', { nullable: true }),
    flags: t.field({
      type: [LifecycleStatusFlagEnum],
      description: 'Set on arrival; empty for an ordinary entry.',
      resolve: (entry) => entry.flags as Array<'AFTER_FINAL_STATUS' | 'REASON_MISSING' | 'TO_BE_VERIFIED'>,
    }),
  }),
});
