/** Null on the wire means absent: the mapping's input without null members. */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../domain/documents.ts';
import type { DeriveInput } from './derive.ts';

/**
 * The input with every `null` object member left out: on the wire an optional field may be null, which
 * means absent (spec § Documents), while the mapping reads absent fields as undefined. Array items stay.
 */
export function withoutNulls(input: DeriveInput): DeriveInput {
  const document = dropNulls(input.document) as typeof input.document;
  return input.kind === 'invoice'
    ? { kind: 'invoice', document: document as InvoiceDocument }
    : {
        kind: 'credit_note',
        document: document as CreditNoteDocument,
        customer: input.customer && (dropNulls(input.customer) as CustomerSnapshot),
      };
}

function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== null) out[key] = dropNulls(member);
  return out;
}
