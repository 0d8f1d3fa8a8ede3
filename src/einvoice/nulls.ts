/** Null on the wire means absent: the mapping's input without null members. */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../domain/documents.ts';
import type { DeriveInput } from './input.ts';

/**
 * The input with the `null` members of the objects the mapping reads left out: the document, its
 * lines and their taxes, the customer and its address and tax ids. On the wire an optional field may
 * be null, which means absent (spec § Documents), while the mapping reads absent fields as undefined.
 * Unknown fields are copied as they are, never walked (a body may nest them deeply, or, built in
 * code, in a cycle).
 */
export function withoutNulls(input: DeriveInput): DeriveInput {
  const doc = compact(input.document) as Record<string, unknown>;
  if (Array.isArray(doc.lines)) {
    doc.lines = doc.lines.map((line) => {
      const copy = compact(line) as Record<string, unknown>;
      if (Array.isArray(copy.taxes)) copy.taxes = copy.taxes.map(compact);
      return copy;
    });
  }
  if (doc.customer_snapshot) doc.customer_snapshot = customer(doc.customer_snapshot);
  return input.kind === 'invoice'
    ? { kind: 'invoice', document: doc as unknown as InvoiceDocument }
    : {
        kind: 'credit_note',
        document: doc as unknown as CreditNoteDocument,
        customer: input.customer && (customer(input.customer) as CustomerSnapshot),
      };
}

function customer(value: unknown): unknown {
  const copy = compact(value) as Record<string, unknown>;
  if (copy.billing_address) copy.billing_address = compact(copy.billing_address);
  if (Array.isArray(copy.tax_ids)) copy.tax_ids = copy.tax_ids.map(compact);
  return copy;
}

/** A shallow copy of an object without its null members; anything else as it is. */
function compact(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== null) out[key] = member;
  return out;
}
