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
  processingState: submissions.processingState,
  issueDate: submissions.issueDate,
  originSubmissionId: submissions.originSubmissionId,
  precedingInvoiceNumber: submissions.precedingInvoiceNumber,
  precedingInvoiceDate: submissions.precedingInvoiceDate,
  createdAt: submissions.createdAt,
};
