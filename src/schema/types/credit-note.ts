/** CreditNoteInput (spec § Credit note), from the document shape, and the `submitCreditNote` mutation. */
import { documentInput } from '../document-input.ts';
import { submitMutation } from '../submit.ts';
import { TaxInput } from './tax-input.ts';

export const CreditNoteLineInput = documentInput('CreditNoteLine', { Tax: TaxInput });

export const CreditNoteInput = documentInput('CreditNote', { CreditNoteLine: CreditNoteLineInput });

submitMutation(
  'CreditNote',
  'credit_note',
  CreditNoteInput,
  'Submits a credit note referring to an invoice this tenant already submitted.',
);
