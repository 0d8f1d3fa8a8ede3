/**
 * EReport: one e-reporting transmission (flux 10) of a seller, period and kind, with its totals, findings,
 * statuses and the submissions it covers (docs/e-reporting.md). Queries `eReports`, `eReport(id)`, mutation
 * `closeEReport`; `/v1/e-reports` runs these (rest-facade/handlers/e-reports.ts).
 */
import { closePeriod } from '../../domain/e-reporting/e-reports-service.ts';
import type { ReportFinding } from '../../domain/e-reporting/findings.ts';
import { type EReportRow, findReport } from '../../domain/e-reporting/store/close-store.ts';
import { coveredPaymentIds, coveredSubmissionIds, listReports, reportCovering } from '../../domain/e-reporting/store/read-store.ts';
import type { EReportStatus } from '../../domain/e-reporting/store/send-store.ts';
import type { CategoryTotal, RateTotal, ReportTotals } from '../../domain/e-reporting/totals.ts';
import { isUuid } from '../../domain/ids.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { connectionNames, byId, pageOf, resultErrors } from '../fields.ts';
import { NotFound, ValidationFailed } from './errors.ts';
import { processingRuleOf } from './generated-document.ts';
import { SubmissionRef } from './submission.ts';

const RateTotalRef = builder.objectRef<RateTotal & { currency?: string }>('EReportRateTotal').implement({
  description: 'Sums at one VAT rate, in minor units (cents).',
  fields: (t) => ({
    percent: t.exposeFloat('percent'),
    currency: t.string({ nullable: true, description: 'Payments: the currency cashed (EUR).', resolve: (r) => r.currency ?? null }),
    taxableAmount: t.exposeInt('taxableAmount', { description: 'Taxable amount (TT-87), or the cashed amount for payments.' }),
    taxAmount: t.exposeInt('taxAmount', { description: 'VAT (TT-88); 0 for payments.' }),
  }),
});

const CategoryTotalRef = builder.objectRef<CategoryTotal>('EReportCategoryTotal').implement({
  description: 'The 10.3 B2C sales of one category (TT-81) and currency over the period.',
  fields: (t) => ({
    category: t.exposeString('category', {
      description: 'TLB1 goods, TPS1 services, TNT1 not subject to French VAT, TMA1 margin schemes.',
    }),
    currency: t.exposeString('currency'),
    count: t.exposeInt('count', { description: 'Invoices counted (TT-85); credit notes reduce the amounts, not the count.' }),
    taxExclusiveAmount: t.exposeInt('taxExclusiveAmount', { description: 'TT-82, minor units.' }),
    taxAmountEur: t.exposeInt('taxAmountEur', { description: 'TT-83, euro cents.' }),
    rates: t.field({ type: [RateTotalRef], resolve: (c) => c.rates }),
  }),
});

const TotalsRef = builder.objectRef<ReportTotals>('EReportTotals').implement({
  description: 'What a closed report holds, summed.',
  fields: (t) => ({
    invoiceCount: t.exposeInt('invoiceCount', { description: '10.1 invoices (transactions) or 10.2 cashings (payments).' }),
    entryCount: t.exposeInt('entryCount', { description: '10.3 entries (day × currency × category) or 10.4 days.' }),
    categories: t.field({ type: [CategoryTotalRef], resolve: (r) => r.categories }),
    payments: t.field({ type: [RateTotalRef], resolve: (r) => r.payments }),
  }),
});

const FindingRef = builder.objectRef<ReportFinding>('EReportFinding').implement({
  description: 'What the gateway found building the report: a published portal limitation, a choice made for want of data.',
  fields: (t) => ({
    code: t.exposeString('code'),
    rule: t.exposeString('rule', { description: 'The Annexe 7 rule (G1.05, P1.11, …).' }),
    term: t.exposeString('term'),
    message: t.exposeString('message'),
    document: t.string({ nullable: true, resolve: (f) => f.document ?? null }),
    until: t.string({ nullable: true, resolve: (f) => f.until ?? null }),
  }),
});

type CheckError = { rule: string; message: string; location?: string };
const CheckErrorRef = builder.objectRef<CheckError>('EReportCheckError').implement({
  description: 'A failure of the official artefacts (flux 10 XSD, F10 schematron): the report is invalid and not sent.',
  fields: (t) => ({
    rule: t.exposeString('rule'),
    message: t.exposeString('message'),
    location: t.string({ nullable: true, resolve: (e) => e.location ?? null }),
  }),
});

const StatusRef = builder.objectRef<EReportStatus>('EReportStatus').implement({
  description: "The public portal's answer through the PA: 300 Déposée, 301 Rejetée (code null: the PA refused the flow).",
  fields: (t) => ({
    code: t.int({ nullable: true, resolve: (s) => s.code }),
    label: t.exposeString('label'),
    reasonCode: t.string({ nullable: true, resolve: (s) => s.reasonCode ?? null }),
    reason: t.string({ nullable: true, resolve: (s) => s.reason ?? null }),
    occurredAt: t.field({ type: 'DateTime', resolve: (s) => s.occurredAt }),
  }),
});

export const EReportRef = builder.objectRef<EReportRow>('EReport').implement({
  description: 'One e-reporting transmission (flux 10) of a seller, period and kind (docs/e-reporting.md).',
  fields: (t) => ({
    id: t.exposeID('id'),
    sellerSiren: t.exposeString('sellerSiren'),
    kind: t.string({ description: '`transactions` (10.1, 10.3) or `payments` (10.2, 10.4).', resolve: (r) => r.kind }),
    period: t.exposeString('periodId', { description: '`2026-09-D1` (décade), `2026-09` (month) or `2026-B5` (bimester).' }),
    periodStart: t.field({ type: 'Date', resolve: (r) => r.periodStart }),
    periodEnd: t.field({ type: 'Date', resolve: (r) => r.periodEnd }),
    deadline: t.field({ type: 'Date', description: "The platform's deadline (DSE v3.2 Tableau 13).", resolve: (r) => r.deadline }),
    portalDeadline: t.field({ type: 'DateTime', resolve: (r) => r.portalDeadline }),
    type: t.string({ description: '`IN` initial, `RE` rectificative (replaces the whole period).', resolve: (r) => r.type }),
    state: t.string({ description: 'open, closed, invalid, sent, accepted or rejected.', resolve: (r) => r.state }),
    sequence: t.exposeInt('sequence'),
    transmissionId: t.exposeString('transmissionId', { description: 'TT-1.' }),
    closeAt: t.field({
      type: 'DateTime',
      description: 'When it closes by itself (period end + EREPORTING_CLOSE_DELAY).',
      resolve: (r) => r.closeAt,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.closedAt }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.sentAt }),
    flowId: t.string({ nullable: true, description: "The PA's flowId.", resolve: (r) => r.flowId }),
    totals: t.field({ type: TotalsRef, nullable: true, resolve: (r) => (r.totals as ReportTotals | null) ?? null }),
    findings: t.field({ type: [FindingRef], resolve: (r) => (r.findings as ReportFinding[] | null) ?? [] }),
    checkErrors: t.field({
      type: [CheckErrorRef],
      resolve: (r) => ((r.validation as { errors?: CheckError[] } | null)?.errors ?? []) as CheckError[],
    }),
    statuses: t.field({ type: [StatusRef], resolve: (r) => (r.statuses as EReportStatus[]) ?? [] }),
    submissionIds: t.field({
      type: ['ID'],
      description: 'The submissions it covers.',
      resolve: (r, _a, ctx) => coveredSubmissionIds(ctx.db, r.id),
    }),
    paymentIds: t.field({
      type: ['ID'],
      description:
        'A payments report: the ids (yours) of the payments it covers, by cashing date (while open, those of its period so far).',
      resolve: (r, _a, ctx) => coveredPaymentIds(ctx.db, r),
    }),
    document: t.string({ nullable: true, description: 'The FRR XML, once closed.', resolve: (r) => r.xml }),
  }),
});

const EReportClosedRef = builder.objectRef<{ report: EReportRow }>('EReportClosed').implement({
  description: "The period's report: closed now (closed or invalid), or as it stood when it was no longer open.",
  fields: (t) => ({ report: t.field({ type: EReportRef, resolve: (r) => r.report }) }),
});

builder.queryFields((t) => ({
  eReport: t.field(
    byId(t, EReportRef, 'One of your e-reports; null if unknown.', async (id, ctx) =>
      isUuid(id) ? findReport(ctx.db, id, tenantOf(ctx).id) : null,
    ),
  ),
  eReports: t.connection(
    {
      type: EReportRef,
      description: 'Your e-reports, newest first (at most 100 per page), by seller, period, kind and state.',
      args: {
        sellerSiren: t.arg.string(),
        period: t.arg.string(),
        kind: t.arg.string(),
        state: t.arg.string(),
      },
      resolve: (_root, args, ctx) =>
        pageOf(
          args,
          (bounds) => listReports(ctx.db, tenantOf(ctx).id, args, bounds),
          (r) => r.id,
        ),
    },
    ...connectionNames('EReport'),
  ),
}));

builder.mutationField('closeEReport', (t) =>
  t.field({
    type: EReportClosedRef,
    description: 'Closes a period of a seller now (operators, tests): refused (ValidationFailed) for a period not ended.',
    errors: resultErrors('CloseEReportResult', [ValidationFailed, NotFound]),
    args: {
      sellerSiren: t.arg.string({ required: true }),
      period: t.arg.string({ required: true }),
      kind: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      if (!ctx.eReporting) throw new Error('closeEReport: e-reporting is not configured');
      const result = await closePeriod(ctx.eReporting, tenantOf(ctx).id, args);
      if (result.ok) return { report: result.report };
      if (result.code === 'not_found') throw new NotFound('e-report', args.period);
      throw new ValidationFailed([{ path: result.path, rule: result.rule, message: result.message }]);
    },
  }),
);

// Each submission says which report covers it (the latest of its period): per row, one query; lists that ask
// it for many rows pay one query each (a DataLoader when a client needs it in lists).
builder.objectFields(SubmissionRef, (t) => ({
  eReport: t.field({
    type: EReportRef,
    nullable: true,
    description: 'The e-report covering it (B2C, B2BInt; the latest transmission of its period); null for another document.',
    resolve: async (row, _args, ctx) => {
      // Only e-reported documents are in a report: a B2B one, or one not generated yet, costs no query of its own.
      const rule = row.processingState === 'rejected' ? undefined : await processingRuleOf(row, ctx);
      if (rule !== 'B2C' && rule !== 'B2BInt') return null;
      return (await reportCovering(ctx.db, tenantOf(ctx).id, row.id)) ?? null;
    },
  }),
}));
