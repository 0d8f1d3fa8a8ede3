/** InvoiceInput (spec § Invoice), from the document shape, and the `submitInvoice` mutation. */
import { builder } from '../builder.ts';
import { documentInput } from '../document-input.ts';
import { submitMutation } from '../submit.ts';
import { CustomerSnapshotInput } from './customer-snapshot-input.ts';
import { TaxInput } from './tax-input.ts';

export const InvoiceLineInput = documentInput('InvoiceLine', { Tax: TaxInput });

export const InvoiceInput = documentInput('Invoice', {
  InvoiceLine: InvoiceLineInput,
  CustomerSnapshot: CustomerSnapshotInput,
});

builder.mutationType({});

submitMutation(
  'Invoice',
  'invoice',
  InvoiceInput,
  'Submits an invoice. Received is not accepted: the PA decides later (follow `lifecycleStatus`).',
);
