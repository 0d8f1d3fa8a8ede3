/** InvoiceInput (spec § Invoice), from the document shape, and the `submitInvoice` mutation. */
import { builder } from '../builder.ts';
import { submitArguments } from '../constraints.ts';
import { documentInput, identifierArguments } from '../document-input.ts';
import { idempotencyKeyArg, resolveSubmit, submitErrors } from '../submit.ts';
import { CustomerSnapshotInput } from './customer-snapshot-input.ts';
import { SubmissionAcceptedRef } from './submission-accepted.ts';
import { TaxInput } from './tax-input.ts';

export const InvoiceLineInput = documentInput('InvoiceLine', { Tax: TaxInput });

export const InvoiceInput = documentInput('Invoice', {
  InvoiceLine: InvoiceLineInput,
  CustomerSnapshot: CustomerSnapshotInput,
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
    validate: submitArguments(identifierArguments('Invoice')),
    resolve: (_root, args, ctx, info) => resolveSubmit('invoice', args, ctx, info),
  }),
);
