/** CreditNoteInput (spec § Credit note), from the document shape, and the `submitCreditNote` mutation. */
import { builder } from '../builder.ts';
import { submitArguments } from '../constraints.ts';
import { documentInput, identifierArguments } from '../document-input.ts';
import { idempotencyKeyArg, resolveSubmit, submitErrors } from '../submit.ts';
import { SubmissionAcceptedRef } from './submission-accepted.ts';
import { TaxInput } from './tax-input.ts';

export const CreditNoteLineInput = documentInput('CreditNoteLine', { Tax: TaxInput });

export const CreditNoteInput = documentInput('CreditNote', { CreditNoteLine: CreditNoteLineInput });

builder.mutationField('submitCreditNote', (t) =>
  t.field({
    type: SubmissionAcceptedRef,
    description: 'Submits a credit note referring to an invoice this tenant already submitted.',
    errors: { ...submitErrors, union: { name: 'SubmitCreditNoteResult' } },
    args: {
      input: t.arg({ type: CreditNoteInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    validate: submitArguments(identifierArguments('CreditNote')),
    resolve: (_root, args, ctx, info) => resolveSubmit('credit_note', args, ctx, info),
  }),
);
