/** InvoiceInput (spec § Invoice) and the `submitInvoice` mutation. */
import { builder } from '../builder.ts';
import { submitArguments } from '../constraints.ts';
import { idempotencyKeyArg, resolveSubmit, submitErrors } from '../submit.ts';
import { CustomerSnapshotInput } from './customer-snapshot-input.ts';
import { SubmissionAcceptedRef } from './submission-accepted.ts';
import { TaxInput } from './tax-input.ts';

export const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
  fields: (t) => ({
    id: t.string({ required: true, description: 'BT-126 line identifier.' }),
    description: t.string({ required: true, description: 'BT-153 item name.' }),
    type: t.string({ description: 'Line kind, as the SaaS names it.' }),
    quantity: t.float({ required: true, description: 'BT-129 quantity; negative for returns.' }),
    unitAmount: t.field({ type: 'SafeInt', required: true, description: 'BT-146 net price, minor units.' }),
    amount: t.field({ type: 'SafeInt', required: true, description: 'BT-131 line net amount, minor units.' }),
    taxes: t.field({ type: [TaxInput], required: true, description: 'At most one tax per line.' }),
  }),
});

export const InvoiceInput = builder.inputType('InvoiceInput', {
  fields: (t) => ({
    id: t.string({ required: true, description: 'Identifier on the SaaS side.' }),
    number: t.string({ required: true, description: 'BT-1 invoice number.' }),
    status: t.string(),
    customerId: t.string(),
    createdAt: t.field({ type: 'DateTime', required: true }),
    finalizedAt: t.field({ type: 'DateTime', description: 'Issue date (BT-2) is its local date when present.' }),
    dueDate: t.field({ type: 'Date' }),
    periodStart: t.field({ type: 'Date' }),
    periodEnd: t.field({ type: 'Date' }),
    currency: t.string({ required: true, description: 'ISO 4217 (BT-5); one of the supported currencies.' }),
    subtotal: t.field({ type: 'SafeInt' }),
    totalExclTax: t.field({ type: 'SafeInt', required: true, description: 'BT-109.' }),
    taxTotal: t.field({ type: 'SafeInt', required: true, description: 'BT-110.' }),
    total: t.field({ type: 'SafeInt', required: true, description: 'BT-112.' }),
    amountPaid: t.field({ type: 'SafeInt', description: 'BT-113.' }),
    amountDue: t.field({ type: 'SafeInt', required: true, description: 'BT-115.' }),
    lines: t.field({ type: [InvoiceLineInput], required: true }),
    customerSnapshot: t.field({ type: CustomerSnapshotInput, required: true }),
  }),
});

builder.mutationType({});

builder.mutationField('submitInvoice', (t) =>
  t.field({
    type: SubmissionAcceptedRef,
    description: 'Submits an invoice. Received is not accepted: the PA decides later (follow `lifecycleStatus`).',
    errors: { ...submitErrors, union: { name: 'SubmitInvoiceResult' } },
    args: {
      input: t.arg({ type: InvoiceInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    validate: submitArguments(['id', 'number']),
    resolve: (_root, args, ctx, info) => resolveSubmit('invoice', args, ctx, info),
  }),
);
