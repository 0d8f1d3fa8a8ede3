/**
 * `dashboard(from, to, sellerSiren)`: per day, the documents created by
 * processing state and by latest lifecycle code, and the oldest document
 * waiting in each state the gateway moves documents out of. Each part is one
 * statement (src/domain/submissions/read/dashboard.ts), run only when selected.
 */
import { displayLabel, lifecycleCode } from '../../domain/lifecycle/codes.ts';
import {
  DASHBOARD_MAX_DAYS,
  dashboardDays,
  getSubmission,
  oldestWaiting,
  type DashboardDay,
  type DashboardQuery,
  type OldestWaiting,
} from '../../domain/submissions/read/index.ts';
import { tenantOf } from '../auth.ts';
import { badInput } from '../bad-input.ts';
import { builder } from '../builder.ts';
import { DocumentTypeEnum, ProcessingStateEnum } from './enums.ts';
import { LifecycleCodeEnum } from './lifecycle-status.ts';
import { sirenArgument } from './submission-filter.ts';
import { SubmissionRef } from './submission.ts';

type StateCount = DashboardDay['processingStates'][number];
type CodeCount = DashboardDay['lifecycleCodes'][number];
type Dashboard = DashboardQuery & { tenantId: string };

const StateCountRef = builder.objectRef<StateCount>('ProcessingStateCount').implement({
  fields: (t) => ({
    processingState: t.field({ type: ProcessingStateEnum, resolve: (c) => c.processingState }),
    count: t.exposeInt('count'),
  }),
});

const CodeCountRef = builder.objectRef<CodeCount>('LifecycleCodeCount').implement({
  fields: (t) => ({
    code: t.exposeInt('code', {
      nullable: true,
      description: 'The latest lifecycle code; null for documents the PA has reported nothing on yet.',
    }),
    status: t.field({
      type: LifecycleCodeEnum,
      nullable: true,
      resolve: (c) => (c.code !== null && lifecycleCode(c.code) ? c.code : null),
    }),
    label: t.string({
      nullable: true,
      description: "The code's label as the spec gives it.",
      resolve: (c) => (c.code === null ? null : displayLabel(c.code)),
    }),
    count: t.exposeInt('count'),
  }),
});

const DashboardDayRef = builder.objectRef<DashboardDay>('DashboardDay').implement({
  description: 'The documents created on one day (France), as they stand now.',
  fields: (t) => ({
    date: t.field({ type: 'Date', resolve: (d) => d.date }),
    total: t.exposeInt('total'),
    processingStates: t.field({
      type: [StateCountRef],
      description: 'Only the states with documents.',
      resolve: (d) => d.processingStates,
    }),
    lifecycleCodes: t.field({
      type: [CodeCountRef],
      description: 'Only the codes with documents, ascending; null last.',
      resolve: (d) => d.lifecycleCodes,
    }),
  }),
});

const WaitingRef = builder.objectRef<OldestWaiting>('WaitingSubmission').implement({
  description: 'The oldest document in a state the gateway has yet to move it out of.',
  fields: (t) => ({
    processingState: t.field({ type: ProcessingStateEnum, resolve: (w) => w.processingState }),
    since: t.field({ type: 'DateTime', description: 'When it entered the state.', resolve: (w) => w.since }),
    submissionId: t.exposeID('submissionId'),
    number: t.exposeString('number'),
    documentType: t.field({ type: DocumentTypeEnum, resolve: (w) => w.documentType }),
    submission: t.field({
      type: SubmissionRef,
      nullable: true,
      resolve: (w, _args, ctx) => getSubmission(ctx.db, tenantOf(ctx).id, w.submissionId).then((s) => s ?? null),
    }),
  }),
});

const DashboardRef = builder.objectRef<Dashboard>('Dashboard').implement({
  fields: (t) => ({
    from: t.field({ type: 'Date', resolve: (d) => d.from }),
    to: t.field({ type: 'Date', resolve: (d) => d.to }),
    days: t.field({
      type: [DashboardDayRef],
      description: 'Every day from `from` to `to`, oldest first, days without documents included.',
      resolve: (d, _args, ctx) => dashboardDays(ctx.db, d.tenantId, d),
    }),
    oldestWaiting: t.field({
      type: [WaitingRef],
      description: 'For RECEIVED and VALIDATED, the oldest document in it, whenever created (not only in the range); absent when none.',
      resolve: (d, _args, ctx) => oldestWaiting(ctx.db, d.tenantId, d.sellerSiren),
    }),
  }),
});

builder.queryFields((t) => ({
  dashboard: t.field({
    type: DashboardRef,
    description: `The tenant's figures for the days \`from\` to \`to\` (both included, France; at most ${DASHBOARD_MAX_DAYS} days), of one seller when \`sellerSiren\` is given.`,
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      sellerSiren: t.arg.string(),
    },
    resolve: (_root, args, ctx) => {
      if (args.to < args.from) throw badInput('to', 'must be on or after from');
      if ((Date.parse(args.to) - Date.parse(args.from)) / 86_400_000 + 1 > DASHBOARD_MAX_DAYS)
        throw badInput('to', `the range must be at most ${DASHBOARD_MAX_DAYS} days`);
      return { tenantId: tenantOf(ctx).id, from: args.from, to: args.to, sellerSiren: sirenArgument(args.sellerSiren, 'sellerSiren') };
    },
  }),
}));
