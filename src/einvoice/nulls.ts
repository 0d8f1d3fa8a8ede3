/** Null on the wire means absent: the mapping's input without null members. */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../model/documents.ts';
import type { DeriveInput } from './input.ts';

/**
 * The input with the `null` members of the objects the mapping reads left out: the document, its
 * lines and their taxes, the customer and its address and tax ids. On the wire an optional field may
 * be null, which means absent (spec § Documents), while the mapping reads absent fields as undefined.
 * Unknown fields are kept as they are, never walked (a body may nest them deeply, or, built in code,
 * in a cycle). The input is never changed: an object holding a null is copied without it, and one
 * holding none (most of a typical body) is shared, so the 422 stage allocates nothing here for it.
 */
export function withoutNulls(input: DeriveInput): DeriveInput {
  const source = input.document as unknown as Record<string, unknown>;
  const lines = Array.isArray(source.lines) ? mapShared(source.lines, line) : source.lines;
  const customerSnapshot = source.customer_snapshot ? customer(source.customer_snapshot) : source.customer_snapshot;
  let doc = compact(source) as Record<string, unknown>;
  if (lines !== source.lines || customerSnapshot !== source.customer_snapshot) {
    if (doc === source) doc = { ...source };
    if (Array.isArray(lines)) doc.lines = lines;
    if (customerSnapshot) doc.customer_snapshot = customerSnapshot;
  }
  return input.kind === 'invoice'
    ? { kind: 'invoice', document: doc as unknown as InvoiceDocument, seller: input.seller }
    : {
        kind: 'credit_note',
        document: doc as unknown as CreditNoteDocument,
        customer: input.customer && (customer(input.customer) as CustomerSnapshot),
        seller: input.seller,
      };
}

function line(value: unknown): unknown {
  const copy = compact(value);
  const taxes = (copy as { taxes?: unknown } | null)?.taxes;
  if (!Array.isArray(taxes)) return copy;
  const compacted = mapShared(taxes, compact);
  return compacted === taxes ? copy : { ...(copy as object), taxes: compacted };
}

function customer(value: unknown): unknown {
  const copy = compact(value);
  if (copy === null || typeof copy !== 'object') return copy;
  const record = copy as Record<string, unknown>;
  const address = record.billing_address ? compact(record.billing_address) : record.billing_address;
  const taxIds = Array.isArray(record.tax_ids) ? mapShared(record.tax_ids, compact) : record.tax_ids;
  if (address === record.billing_address && taxIds === record.tax_ids) return copy;
  // Only the members that changed are set: an absent one stays absent rather than becoming undefined.
  const out = { ...record };
  if (address !== record.billing_address) out.billing_address = address;
  if (taxIds !== record.tax_ids) out.tax_ids = taxIds;
  return out;
}

/** `items` mapped by `f`, or `items` itself when `f` returned every item unchanged. */
function mapShared(items: readonly unknown[], f: (item: unknown) => unknown): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const mapped = f(items[i]);
    if (out === undefined && mapped !== items[i]) out = items.slice(0, i);
    out?.push(mapped);
  }
  return out ?? items;
}

/** An object without its null members: itself when it has none, else a shallow copy; anything else as it is. */
function compact(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (record[key] === null && Object.hasOwn(record, key)) return copyWithoutNulls(record);
  }
  return value;
}

function copyWithoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(record)) if (member !== null) out[key] = member;
  return out;
}
