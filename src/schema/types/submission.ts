/**
 * Submission: the record of a submitted invoice or credit note (spec §
 * Submission record), with its lifecycle statuses, and the lookups by id. Its
 * summary fields: submission-details.ts; the list and lookup by number: submission-list.ts.
 */
import { getSubmission, type SubmissionRow, type SubmissionWithStatus } from '../../domain/submissions/read/index.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { byId } from '../fields.ts';
import { statusLoaders } from '../status-loaders.ts';
import { DocumentTypeEnum, ProcessingStateEnum, WaitingForEnum } from './enums.ts';
import { LifecycleStatusRef } from './lifecycle-status.ts';

export const SubmissionRef = builder.objectRef<SubmissionRow>('Submission').implement({
  description: 'A submitted invoice or credit note.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Identifier assigned by the gateway (REST `submission_id`).' }),
    documentType: t.field({ type: DocumentTypeEnum, resolve: (s) => s.documentType }),
    saasId: t.exposeString('saasId', { description: 'Identifier supplied by the client (the document `id`).' }),
    number: t.exposeString('number', { description: 'Document number (BT-1), unique per seller and document type.' }),
    sellerSiren: t.exposeString('sellerSiren', {
      nullable: true,
      description: "The seller's SIREN (BT-30): the one the document named, else the tenant's default seller; null while it waits for one.",
    }),
    processingState: t.field({ type: ProcessingStateEnum, resolve: (s) => s.processingState }),
    waitingFor: t.field({
      type: WaitingForEnum,
      nullable: true,
      description: 'What a RECEIVED document waits for before processing; null when it waits for nothing.',
      resolve: (s) => (s.processingState === 'received' && s.sellerSiren === null ? 'seller' : null),
    }),
    issueDate: t.field({
      type: 'Date',
      description: 'BT-2: the date in France (Europe/Paris) of `finalizedAt`, else `createdAt`, as the generated e-invoice carries it.',
      resolve: (s) => s.issueDate,
    }),
    lifecycleStatus: t.field({
      type: LifecycleStatusRef,
      nullable: true,
      description: 'Latest PA status; null until the PA has returned anything.',
      // Lookups bring it along; rows from elsewhere (lists, events) fetch it.
      resolve: (s, _args, ctx) => ('latestStatus' in s ? (s as SubmissionWithStatus).latestStatus : statusLoaders(ctx).latest.load(s.id)),
    }),
    statuses: t.field({
      type: [LifecycleStatusRef],
      description: 'Full lifecycle history, oldest first.',
      resolve: (s, _args, ctx) => statusLoaders(ctx).history.load(s.id),
    }),
    originSubmissionId: t.exposeID('originSubmissionId', {
      nullable: true,
      description: 'Credit notes: submission of the original invoice.',
    }),
    precedingInvoiceNumber: t.exposeString('precedingInvoiceNumber', {
      nullable: true,
      description: 'Credit notes: BT-25, number of the original invoice.',
    }),
    precedingInvoiceDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'Credit notes: BT-26, issue date of the original invoice.',
      resolve: (s) => s.precedingInvoiceDate,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
  }),
});

builder.queryType({});

/** The lookups by id: the query field, the document type it keeps (any: undefined) and its description. */
const LOOKUPS = [
  ['submission', undefined, "One of the caller's submissions, invoice or credit note; null if unknown."],
  ['invoice', 'invoice', "One of the caller's invoices; null if unknown or not an invoice."],
  ['creditNote', 'credit_note', "One of the caller's credit notes; null if unknown or not a credit note."],
] as const;

builder.queryFields((t) =>
  Object.fromEntries(
    LOOKUPS.map(([field, documentType, description]) => [
      field,
      t.field(byId(t, SubmissionRef, description, (id, ctx) => getSubmission(ctx.db, tenantOf(ctx).id, id, documentType))),
    ]),
  ),
);
