/**
 * Which submission a CDAR status is about. CDAR status flows carry no trackingId: the join key is the document
 * as sent, `platform_flows (seller_siren, invoice_number)` (BT-30 and BT-1 as written), which the CDAR carries as
 * ReferenceReferencedDocument/IssuerTradeParty/GlobalID[@schemeID='0002'] (MDT-129) and IssuerAssignedID (MDT-87).
 *
 * The key is unique per tenant and document type only: an invoice and a credit note may share a number, and two
 * tenants may invoice for the same SIREN. The referenced document's type code (MDT-91, BT-3), when the CDAR gives it,
 * keeps only the rows of that document type, however many there are; several rows left are ambiguous.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { platformFlows, submissions } from '../../db/schema.ts';
import type { DocumentType } from '../../model/documents.ts';

/** BT-3 codes of credit notes in the French list (BR-FR-04; UNTDID 1001): the others are invoices. */
const CREDIT_NOTE_TYPE_CODES = new Set(['381', '261', '262', '396', '502', '503']);

/** The document type a BT-3 type code stands for. */
export function documentTypeOf(typeCode: string): DocumentType {
  return CREDIT_NOTE_TYPE_CODES.has(typeCode.trim()) ? 'credit_note' : 'invoice';
}

export type Match =
  | { ok: true; submissionId: string }
  | { ok: false; problem: 'no-matching-submission' }
  | { ok: false; problem: 'ambiguous-submission'; submissionIds: string[] };

/** The submission sent as (`sellerSiren`, `invoiceNumber`), narrowed by `typeCode` when several were. */
export async function matchSubmission(
  db: Executor,
  key: { sellerSiren: string; invoiceNumber: string; typeCode?: string },
): Promise<Match> {
  const candidates = await db
    .select({ submissionId: platformFlows.submissionId, documentType: submissions.documentType })
    .from(platformFlows)
    .innerJoin(submissions, eq(submissions.id, platformFlows.submissionId))
    .where(and(eq(platformFlows.sellerSiren, key.sellerSiren), eq(platformFlows.invoiceNumber, key.invoiceNumber)))
    .limit(20);
  // The type code decides whenever the CDAR gives one, even for a single candidate: a status about a credit note
  // never lands on the invoice that shares its number.
  const wanted = key.typeCode ? documentTypeOf(key.typeCode) : undefined;
  const narrowed = wanted ? candidates.filter((candidate) => candidate.documentType === wanted) : candidates;
  if (narrowed.length === 1) return { ok: true, submissionId: narrowed[0]!.submissionId };
  if (narrowed.length === 0) return { ok: false, problem: 'no-matching-submission' };
  return { ok: false, problem: 'ambiguous-submission', submissionIds: narrowed.map((candidate) => candidate.submissionId) };
}
