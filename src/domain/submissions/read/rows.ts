/** A submission as every read returns it (without its body), and the columns that select it. */
import { submissions } from '../../../db/schema.ts';
import type { DocumentType } from '../../../model/documents.ts';

/** A submission without its body (lookups never need the body). */
export interface SubmissionRow {
  id: string;
  tenantId: string;
  documentType: DocumentType;
  saasId: string;
  number: string;
  /** The seller's SIREN (BT-30); null while the document waits for its tenant's first seller. */
  sellerSiren: string | null;
  processingState: 'received' | 'validated' | 'sent' | 'rejected';
  issueDate: string;
  originSubmissionId: string | null;
  precedingInvoiceNumber: string | null;
  precedingInvoiceDate: string | null;
  createdAt: Date;
}

/** The columns of a `SubmissionRow`, for selects that join submissions. */
export const submissionColumns = {
  id: submissions.id,
  tenantId: submissions.tenantId,
  documentType: submissions.documentType,
  saasId: submissions.saasId,
  number: submissions.number,
  sellerSiren: submissions.sellerSiren,
  processingState: submissions.processingState,
  issueDate: submissions.issueDate,
  originSubmissionId: submissions.originSubmissionId,
  precedingInvoiceNumber: submissions.precedingInvoiceNumber,
  precedingInvoiceDate: submissions.precedingInvoiceDate,
  createdAt: submissions.createdAt,
};

/** The buyer a submission names (BT-44, BT-47, BT-48); a credit note's is its invoice's. Null on rows older than migration 0015 that it could not read. */
export interface SubmissionBuyer {
  buyerName: string | null;
  buyerSiren: string | null;
  buyerVatId: string | null;
}

/**
 * What lists and the console show without the body: BT-109, BT-110, BT-112 in minor units of BT-5, BT-9
 * (YYYY-MM-DD), the buyer. Written with the row (`../summary.ts`).
 */
export interface SubmissionSummary extends SubmissionBuyer {
  totalExclTax: number | null;
  taxTotal: number | null;
  total: number | null;
  currency: string | null;
  dueDate: string | null;
}

/** A row's summary and what changes after it is written: the latest lifecycle code and the last change (null: none since `createdAt`). */
export interface SubmissionDetails extends SubmissionSummary {
  lifecycleCode: number | null;
  updatedAt: Date | null;
}

/** The columns of `SubmissionBuyer`. */
export const buyerColumns = {
  buyerName: submissions.buyerName,
  buyerSiren: submissions.buyerSiren,
  buyerVatId: submissions.buyerVatId,
};

/** The columns of `SubmissionDetails`. */
export const detailColumns = {
  ...buyerColumns,
  totalExclTax: submissions.totalExclTax,
  taxTotal: submissions.taxTotal,
  total: submissions.total,
  currency: submissions.currency,
  dueDate: submissions.dueDate,
  lifecycleCode: submissions.lifecycleCode,
  updatedAt: submissions.updatedAt,
};
