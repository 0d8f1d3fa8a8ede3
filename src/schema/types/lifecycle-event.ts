/**
 * LifecycleEventInput and `recordLifecycleStatus`: the platform (PA) reports
 * a lifecycle status. Only a platform credential may call it; `POST
 * /pa/v1/lifecycle-events` runs it, and so does the simulated platform.
 */
import { LIFECYCLE_CODE_LIST } from '../../domain/lifecycle/codes.ts';
import { recordLifecycleStatus, type LifecycleEvent } from '../../domain/lifecycle/lifecycle-service.ts';
import type { LifecycleStatusRow } from '../../domain/lifecycle/lifecycle-store.ts';
import type { SubmissionRow } from '../../domain/submissions/read/index.ts';
import { platformOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { resultErrors } from '../fields.ts';
import { inputIssues } from '../input-issues.ts';
import { inputToWire } from '../wire-names.ts';
import { ValidationFailed } from './errors.ts';
import { LifecycleStatusRef } from './lifecycle-status.ts';
import { SubmissionRef } from './submission.ts';

export const LifecycleEventInput = builder.inputType('LifecycleEventInput', {
  description:
    'One lifecycle event. `code` and `occurredAt` are checked by the gateway, not by GraphQL types, so a wrong value ' +
    'is a ValidationFailed (REST 422) naming the field.',
  fields: (t) => ({
    submissionId: t.id({ required: true, description: 'Gateway submission id.' }),
    code: t.int({ required: true, description: `PA lifecycle code, one of the CDV list: ${LIFECYCLE_CODE_LIST}.` }),
    occurredAt: t.string({ required: true, description: 'RFC 3339 date-time with an offset.' }),
    reason: t.string({ description: 'Expected for 210 Refusée, 213 Rejetée and 501 Irrecevable.' }),
    reasonCode: t.string(),
    eventId: t.string({ required: true, description: "The platform's event id; the same id twice records one entry." }),
  }),
});

interface Recorded {
  status: LifecycleStatusRow;
  submission: SubmissionRow;
  duplicate: boolean;
}

const LifecycleStatusRecordedRef = builder.objectRef<Recorded>('LifecycleStatusRecorded').implement({
  fields: (t) => ({
    status: t.field({ type: LifecycleStatusRef, resolve: (r) => r.status }),
    submission: t.field({ type: SubmissionRef, resolve: (r) => r.submission }),
    duplicate: t.exposeBoolean('duplicate', { description: 'True when this event_id was already recorded: nothing changed.' }),
  }),
});

builder.mutationField('recordLifecycleStatus', (t) =>
  t.field({
    type: LifecycleStatusRecordedRef,
    description: 'Platform only: records a lifecycle status of a submission and notifies its subscribers.',
    // No argument validation here: it would answer before the platform check below.
    errors: resultErrors('RecordLifecycleStatusResult', [ValidationFailed]),
    args: { input: t.arg({ type: LifecycleEventInput, required: true }) },
    resolve: async (_root, { input }, ctx, info) => {
      platformOf(ctx);
      const result = await recordLifecycleStatus(ctx.db, ctx.events, inputToWire(input) as LifecycleEvent);
      if (result.ok) return result;
      throw new ValidationFailed(inputIssues(info, result.violations));
    },
  }),
);
