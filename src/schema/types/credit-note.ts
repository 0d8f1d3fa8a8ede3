/** CreditNoteInput (spec § Credit note) and the `submitCreditNote` mutation. */
import { builder } from '../builder.ts';
import { submitArguments } from '../constraints.ts';
import { idempotencyKeyArg, resolveSubmit, submitErrors } from '../submit.ts';
import { SubmissionAcceptedRef } from './submission-accepted.ts';
import { TaxInput } from './tax-input.ts';

export const CreditNoteLineInput = builder.inputType('CreditNoteLineInput', {
  fields: (t) => ({
    id: t.string({ required: true }),
    description: t.string({ required: true }),
    quantity: t.float({ required: true }),
    unitAmount: t.field({ type: 'SafeInt', required: true, description: 'Minor units.' }),
    amount: t.field({ type: 'SafeInt', required: true, description: 'Line net amount, minor units.' }),
    taxes: t.field({ type: [TaxInput], required: true, description: 'At most one tax per line.' }),
  }),
});

export const CreditNoteInput = builder.inputType('CreditNoteInput', {
  fields: (t) => ({
    id: t.string({ required: true }),
    number: t.string({ required: true }),
    invoiceId: t.string({
      required: true,
      description: 'SaaS id of an invoice already submitted; supplies BT-25 and BT-26.',
    }),
    reason: t.string(),
    status: t.string(),
    currency: t.string({ description: 'ISO 4217; optional in shape but its absence is refused (rule BR-05).' }),
    createdAt: t.field({ type: 'DateTime', required: true }),
    totalExclTax: t.field({ type: 'SafeInt', required: true }),
    taxTotal: t.field({ type: 'SafeInt', required: true }),
    total: t.field({ type: 'SafeInt', required: true }),
    lines: t.field({ type: [CreditNoteLineInput], required: true }),
  }),
});

builder.mutationField('submitCreditNote', (t) =>
  t.field({
    type: SubmissionAcceptedRef,
    description: 'Submits a credit note referring to an invoice this tenant already submitted.',
    errors: { ...submitErrors, union: { name: 'SubmitCreditNoteResult' } },
    args: {
      input: t.arg({ type: CreditNoteInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    validate: submitArguments(['id', 'number', 'invoiceId']),
    resolve: (_root, args, ctx, info) => resolveSubmit('credit_note', args, ctx, info),
  }),
);
