/** What the mapping reads: the SaaS body of one document (spec § Documents), before any EN 16931 term is derived. */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../model/documents.ts';
import type { SellerProfile } from '../model/seller-profile.ts';

/**
 * The input: a document of one kind, for a credit note the original invoice's customer (its buyer), and the
 * seller when known: the rules the body and the seller decide together (BR-S-02 and its siblings, the seller's
 * default billing framework under BR-FR-CO-09) run only then.
 */
export type DeriveInput = (
  | { kind: 'invoice'; document: InvoiceDocument }
  | { kind: 'credit_note'; document: CreditNoteDocument; customer: CustomerSnapshot | undefined }
) & { seller?: SellerProfile | undefined };
