/**
 * What `Submission` shows beyond the spec's record: its amounts, currency,
 * buyer, due date and last change (the summary written with the row), and the
 * document as submitted. Lists and lookups bring the summary along; rows from
 * elsewhere (events, mutation results) load it per request in one query (DataLoader).
 */
import DataLoader from 'dataloader';
import type { Context } from '../../app/context.ts';
import {
  type ProcessingStep,
  processingSteps,
  submissionBody,
  submissionDetails,
  type SubmissionDetails,
  type SubmissionRow,
} from '../../domain/submissions/read/index.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { ProcessingStateEnum } from './enums.ts';
import { SubmissionRef } from './submission.ts';

const loaders = new WeakMap<Context, DataLoader<string, SubmissionDetails | undefined>>();

/** The row's details: on the row when it was read with them, else from the operation's loader. */
function detailsOf(row: SubmissionRow, ctx: Context): SubmissionDetails | Promise<SubmissionDetails | undefined> {
  if ('lifecycleCode' in row) return row as SubmissionRow & SubmissionDetails;
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((ids) => submissionDetails(ctx.db, tenantOf(ctx).id, ids), { maxBatchSize: 500 });
    loaders.set(ctx, loader);
  }
  return loader.load(row.id);
}

type Buyer = { name: string | null; siren: string | null; vatId: string | null };

const BuyerRef = builder.objectRef<Buyer>('SubmissionBuyer').implement({
  description: "The document's buyer (EN 16931 BG-7) as the gateway reads it; a credit note's is its invoice's.",
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'BT-44 Buyer name.' }),
    siren: t.exposeString('siren', {
      nullable: true,
      description: "BT-47: the SIREN of a French company (its `siren` tax id, a SIRET's first 9 digits, or an FR VAT number's).",
    }),
    vatId: t.exposeString('vatId', { nullable: true, description: 'BT-48 Buyer VAT identifier.' }),
  }),
});

async function detail<K extends keyof SubmissionDetails>(row: SubmissionRow, ctx: Context, key: K): Promise<SubmissionDetails[K] | null> {
  return (await detailsOf(row, ctx))?.[key] ?? null;
}

const ProcessingStepRef = builder.objectRef<ProcessingStep>('ProcessingStep').implement({
  description: 'A processing state the document reached, when, and from where.',
  fields: (t) => ({
    processingState: t.field({ type: ProcessingStateEnum, resolve: (s) => s.processingState }),
    at: t.field({ type: 'DateTime', resolve: (s) => s.at }),
    source: t.exposeString('source', {
      description: "`api` (received), `validation` (the gateway's checks and the official artefacts), `platform` (the PA).",
    }),
  }),
});

const AMOUNT = 'in minor units of `currency` (cents for EUR), as submitted; null on documents stored before the gateway kept it.';

builder.objectFields(SubmissionRef, (t) => {
  /** A total of the document: the summary's `key`, nullable, its business term `term` leading its description. */
  const amount = (key: 'totalExclTax' | 'taxTotal' | 'total', term: string) =>
    t.field({ type: 'SafeInt', nullable: true, description: `${term}, ${AMOUNT}`, resolve: (s, _args, ctx) => detail(s, ctx, key) });
  return {
    totalExclTax: amount('totalExclTax', 'BT-109 Total without VAT'),
    taxTotal: amount('taxTotal', 'BT-110 Total VAT'),
    total: amount('total', 'BT-112 Total with VAT'),
    currency: t.string({
      nullable: true,
      description: 'BT-5 Invoice currency code (ISO 4217).',
      resolve: (s, _args, ctx) => detail(s, ctx, 'currency'),
    }),
    dueDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'BT-9 Payment due date; null when the document has none (credit notes never do).',
      resolve: (s, _args, ctx) => detail(s, ctx, 'dueDate'),
    }),
    buyer: t.field({
      type: BuyerRef,
      nullable: true,
      description: "The buyer; null when the gateway knows none (a credit note stored before it kept its invoice's).",
      resolve: async (s, _args, ctx) => {
        const details = await detailsOf(s, ctx);
        if (!details || (details.buyerName === null && details.buyerSiren === null && details.buyerVatId === null)) return null;
        return { name: details.buyerName, siren: details.buyerSiren, vatId: details.buyerVatId };
      },
    }),
    updatedAt: t.field({
      type: 'DateTime',
      description: 'The last change: a processing state or a lifecycle status; `createdAt` until the first.',
      resolve: async (s, _args, ctx) => (await detailsOf(s, ctx))?.updatedAt ?? s.createdAt,
    }),
    processingSteps: t.field({
      type: [ProcessingStepRef],
      description: 'The processing states it went through, oldest first, with their times and sources (the lifecycle: `statuses`).',
      resolve: (s, _args, ctx) => processingSteps(ctx.db, tenantOf(ctx).id, s.id),
    }),
    body: t.string({
      nullable: true,
      description: 'The document exactly as submitted (JSON text): what `rejection.errors[].path` points into. Read only when asked for.',
      resolve: (s, _args, ctx) => submissionBody(ctx.db, tenantOf(ctx).id, s.id).then((body) => body ?? null),
    }),
  };
});
