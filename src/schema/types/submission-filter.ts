/**
 * The arguments of the submissions list (`submissions(filter:, orderBy:)`, and
 * the dashboard's `sellerSiren`): the GraphQL input types and their reading
 * into the read side's `SubmissionFilter` and `SubmissionOrder`, every
 * mistake named by its input path.
 */
import type { DocumentType } from '../../model/documents.ts';
import type { SubmissionFilter, SubmissionOrder, SubmissionRow } from '../../domain/submissions/read/index.ts';
import { badInput } from '../bad-input.ts';
import { builder } from '../builder.ts';
import { enumType } from '../fields.ts';
import { DocumentTypeEnum, ProcessingStateEnum } from './enums.ts';
import { LifecycleCodeEnum } from './lifecycle-status.ts';

export const ProcessingRuleEnum = enumType('ProcessingRule', 'The French processing rule of a document (DSE v3.2 §2.3), from its buyer.', {
  B2B: ['B2B', 'A French company: e-invoiced.'],
  B2BInt: ['B2BInt', 'A business buyer outside France: e-reported.'],
  B2C: ['B2C', 'Anyone else: e-reported.'],
});

export const SubmissionFilterInput = builder.inputType('SubmissionFilter', {
  description:
    'What the list keeps: every field given narrows it (all must hold); a list field means any of its values. ' +
    'Text is matched byte for byte unless said otherwise.',
  fields: (t) => ({
    documentType: t.field({ type: DocumentTypeEnum }),
    processingStates: t.field({ type: [ProcessingStateEnum], description: 'Current processing state, any of these.' }),
    lifecycleCodes: t.field({ type: [LifecycleCodeEnum], description: 'Latest lifecycle status, any of these codes.' }),
    withoutLifecycleStatus: t.boolean({
      description: 'True: also (or, without `lifecycleCodes`, only) the documents the PA has reported nothing on yet.',
    }),
    processingRule: t.field({ type: ProcessingRuleEnum, description: 'Known once the e-invoice is generated.' }),
    sellerSiren: t.string({
      description:
        "The issuing seller's SIREN (BT-30, 9 digits). A tenant has one seller today (its seller profile): its SIREN keeps " +
        'every document, another keeps none.',
    }),
    createdFrom: t.field({ type: 'DateTime', description: 'Created at or after this instant.' }),
    createdBefore: t.field({ type: 'DateTime', description: 'Created before this instant.' }),
    issuedFrom: t.field({ type: 'Date', description: 'BT-2 on or after this date.' }),
    issuedTo: t.field({ type: 'Date', description: 'BT-2 on or before this date.' }),
    number: t.string({ description: 'BT-1 exactly.' }),
    numberPrefix: t.string({ description: 'BT-1 starts with this (case-sensitive).' }),
    saasId: t.string({ description: 'The SaaS id (the document `id`) exactly.' }),
    buyerName: t.string({ description: 'The buyer name (BT-44) starts with this, case-insensitive.' }),
    buyerSiren: t.string({ description: 'The buyer SIREN (BT-47, 9 digits) exactly.' }),
    buyer: t.string({ description: 'Buyer search: 9 digits are a SIREN (`buyerSiren`), anything else a name prefix (`buyerName`).' }),
  }),
});

export const OrderDirectionEnum = enumType('OrderDirection', undefined, {
  ASC: ['asc', 'Smallest (oldest) first.'],
  DESC: ['desc', 'Largest (newest) first.'],
});

export const SubmissionOrderFieldEnum = enumType('SubmissionOrderField', undefined, {
  CREATED_AT: ['createdAt', 'Creation time (the default).'],
  ISSUE_DATE: ['issueDate', 'BT-2, then creation.'],
  NUMBER: ['number', 'BT-1 in byte order, then creation.'],
});

export const SubmissionOrderInput = builder.inputType('SubmissionOrder', {
  description: 'An order of the list; every order is total (ties by creation), and cursors page through it without gaps or repeats.',
  fields: (t) => ({
    field: t.field({ type: SubmissionOrderFieldEnum, required: true }),
    direction: t.field({ type: OrderDirectionEnum, defaultValue: 'desc' }),
  }),
});

type FilterArgs = typeof SubmissionFilterInput.$inferInput;
type OrderArgs = typeof SubmissionOrderInput.$inferInput;

const SIREN = /^\d{9}$/;
const TEXT_LIMIT = 255;

/** A SIREN argument: 9 digits, else the input error at `field`. */
export function sirenArgument(value: string | null | undefined, field: string): string | undefined {
  if (value == null) return undefined;
  if (!SIREN.test(value)) throw badInput(field, 'must be a SIREN: 9 digits');
  return value;
}

function text(value: string | null | undefined, field: string, nonEmpty = false): string | undefined {
  if (value == null) return undefined;
  if (value.length > TEXT_LIMIT) throw badInput(field, `must be at most ${TEXT_LIMIT} characters`);
  if (nonEmpty && value.trim() === '') throw badInput(field, 'must not be empty');
  return value;
}

function instant(value: string | null | undefined, field: string): Date | undefined {
  if (value == null) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badInput(field, 'must be an RFC 3339 date-time');
  return date;
}

/** The read side's filter from `filter` (input path `filter`), the legacy top-level arguments folded in. */
export function readFilter(
  filter: FilterArgs | null | undefined,
  legacy: { documentType?: DocumentType | null; processingState?: SubmissionRow['processingState'] | null } = {},
): SubmissionFilter {
  const f = filter ?? {};
  const codes: Array<number | null> | undefined =
    f.lifecycleCodes || f.withoutLifecycleStatus ? [...(f.lifecycleCodes ?? []), ...(f.withoutLifecycleStatus ? [null] : [])] : undefined;
  const buyer = text(f.buyer, 'filter.buyer', true)?.trim();
  const buyerIsSiren = buyer !== undefined && SIREN.test(buyer);
  return {
    documentType: f.documentType ?? legacy.documentType ?? undefined,
    processingStates: f.processingStates ?? (legacy.processingState ? [legacy.processingState] : undefined),
    lifecycleCodes: codes,
    processingRule: f.processingRule ?? undefined,
    sellerSiren: sirenArgument(f.sellerSiren, 'filter.sellerSiren'),
    createdFrom: instant(f.createdFrom, 'filter.createdFrom'),
    createdBefore: instant(f.createdBefore, 'filter.createdBefore'),
    issuedFrom: f.issuedFrom ?? undefined,
    issuedTo: f.issuedTo ?? undefined,
    number: text(f.number, 'filter.number'),
    numberPrefix: text(f.numberPrefix, 'filter.numberPrefix', true),
    saasId: text(f.saasId, 'filter.saasId'),
    buyerName: text(f.buyerName, 'filter.buyerName', true) ?? (buyerIsSiren ? undefined : buyer),
    buyerSiren: sirenArgument(f.buyerSiren, 'filter.buyerSiren') ?? (buyerIsSiren ? buyer : undefined),
  };
}

/** The read side's order from `orderBy`; absent: newest first. */
export function readOrder(order: OrderArgs | null | undefined): SubmissionOrder {
  return { field: order?.field ?? 'createdAt', descending: (order?.direction ?? 'desc') === 'desc' };
}
