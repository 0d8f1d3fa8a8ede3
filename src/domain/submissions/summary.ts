/**
 * A submission's summary: what lists, filters and the console show without
 * reading the body (totals, currency, due date, buyer). Computed once by the
 * submit service, written with the row (`write.ts`), read by `read/`.
 */
import { buyerFacts } from '../../einvoice/buyer.ts';
import type { CreditNoteDocument, InvoiceDocument } from '../../model/documents.ts';
import { storableCopy } from '../text.ts';
import type { SubmissionBuyer, SubmissionSummary } from './read/rows.ts';

/**
 * The summary of an invoice: BT-109 `total_excl_tax`, BT-110 `tax_total`, BT-112 `total` (minor units, as
 * submitted), BT-5 `currency`, BT-9 `due_date`, and the buyer as the mapping reads it (BT-44 name, BT-47
 * SIREN: a `siren` tax id, else a SIRET's first 9 digits, else an FR VAT number's; BT-48 VAT id:
 * `src/einvoice/buyer.ts`). Pure; the document has passed the 422 rules.
 */
export function invoiceSummary(document: InvoiceDocument): SubmissionSummary {
  const party = buyerFacts(document.customer_snapshot).party;
  return {
    ...amounts(document),
    dueDate: document.due_date ?? null,
    // A copy for lists and search: a U+0000 the body may carry cannot be stored in a text column.
    buyerName: party.name === undefined || party.name === null ? null : storableCopy(party.name),
    buyerSiren: party.legalId?.value ?? null,
    buyerVatId: party.vatId ?? null,
  };
}

/** The summary of a credit note: its own amounts and currency, no due date, the buyer of its invoice (`origin`, when known). */
export function creditNoteSummary(document: CreditNoteDocument, origin: SubmissionBuyer | undefined): SubmissionSummary {
  return {
    ...amounts(document),
    dueDate: null,
    buyerName: origin?.buyerName ?? null,
    buyerSiren: origin?.buyerSiren ?? null,
    buyerVatId: origin?.buyerVatId ?? null,
  };
}

function amounts(document: InvoiceDocument | CreditNoteDocument) {
  return {
    totalExclTax: document.total_excl_tax,
    taxTotal: document.tax_total,
    total: document.total,
    currency: document.currency ?? null,
  };
}
