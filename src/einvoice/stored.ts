/**
 * A stored submission read back into the EN 16931 model, written once for the pipeline (src/pipeline/process.ts) and
 * the e-report close (src/domain/e-reporting/close-service.ts), so what is reported is what was invoiced.
 */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../model/documents.ts';
import type { SellerProfile } from '../model/seller-profile.ts';
import { deriveFromBody } from './derive.ts';

/** What the derivation reads of a stored submission: its kind, its JSON body, a credit note's original invoice's body. */
interface StoredBody {
  documentType: 'invoice' | 'credit_note';
  body: string;
  originBody: string | undefined;
}

/** `deriveFromBody` of a stored body; a credit note's buyer is its original invoice's customer snapshot. */
export function deriveStored(stored: StoredBody, seller: SellerProfile): ReturnType<typeof deriveFromBody> {
  const document = JSON.parse(stored.body) as InvoiceDocument | CreditNoteDocument;
  if (stored.documentType === 'invoice') return deriveFromBody({ kind: 'invoice', document: document as InvoiceDocument, seller });
  const customer = stored.originBody
    ? ((JSON.parse(stored.originBody) as InvoiceDocument).customer_snapshot as CustomerSnapshot | undefined)
    : undefined;
  return deriveFromBody({ kind: 'credit_note', document: document as CreditNoteDocument, customer, seller });
}

/** The preceding invoice (BG-3) of a stored credit note or corrective invoice, when it names one. */
export function precedingOf(row: { precedingInvoiceNumber: string | null; precedingInvoiceDate: string | null }) {
  return row.precedingInvoiceNumber ? { number: row.precedingInvoiceNumber, issueDate: row.precedingInvoiceDate ?? undefined } : undefined;
}
