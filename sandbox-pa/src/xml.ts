/**
 * The fast-xml-parser settings the sandbox's readers share (`ubl.ts` reads invoices, `cdar-inbound.ts` reads
 * the statuses operators send): attributes kept, namespace prefixes dropped, every value kept as trimmed text.
 */
import type { X2jOptions } from 'fast-xml-parser';

/** Options of a reader that compares values as the document wrote them (no number or boolean parsing). */
export const TEXT_VALUES: Partial<X2jOptions> = {
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
};
