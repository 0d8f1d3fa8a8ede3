/** What the mapping reads: the SaaS body of one document (spec § Documents), before any EN 16931 term is derived. */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../model/documents.ts';

/** The input: a document of one kind, and for a credit note the original invoice's customer (its buyer). */
export type DeriveInput =
  | { kind: 'invoice'; document: InvoiceDocument }
  | { kind: 'credit_note'; document: CreditNoteDocument; customer: CustomerSnapshot | undefined };
