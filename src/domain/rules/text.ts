/**
 * The body's text that the e-invoice carries, checked for characters XML 1.0 cannot carry (GW-CONTROL-CHARACTER).
 * Called by invoice.ts and credit-note.ts; the writers (src/einvoice/xml.ts) would otherwise put U+FFFD in their
 * place, changing a name without a word.
 */
import { hasNonXmlCharacter } from '../../einvoice/xml.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';

type Path = RuleViolation['path'];

/** The text fields written into the e-invoice, as paths from the document root (docs/mapping.md). */
function writtenText(doc: Record<string, unknown>): Array<[Path, unknown]> {
  const fields: Array<[Path, unknown]> = [];
  const customer = record(doc['customer_snapshot']);
  if (customer) {
    for (const key of ['name', 'email']) fields.push([['customer_snapshot', key], customer[key]]);
    const address = record(customer['billing_address']);
    if (address) {
      for (const key of ['line1', 'city', 'postal_code']) fields.push([['customer_snapshot', 'billing_address', key], address[key]]);
    }
    const taxIds = customer['tax_ids'];
    if (Array.isArray(taxIds)) {
      taxIds.forEach((taxId, k) => {
        fields.push([['customer_snapshot', 'tax_ids', k, 'value'], record(taxId)?.['value']]);
      });
    }
  }
  const lines = doc['lines'];
  if (Array.isArray(lines)) {
    lines.forEach((line, i) => {
      for (const key of ['id', 'description']) fields.push([['lines', i, key], record(line)?.[key]]);
    });
  }
  return fields;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Shows the offending character as a code point, e.g. U+0007. */
function firstBadCharacter(value: string): string {
  for (const char of value) {
    if (hasNonXmlCharacter(char)) return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return 'an unpaired surrogate';
}

/**
 * One `GW-CONTROL-CHARACTER` violation per text field of `doc` that the e-invoice carries (buyer name, e-mail,
 * billing address line1/city/postal_code, tax id values, line ids and descriptions) and that holds a character
 * XML 1.0 cannot carry: C0 controls but tab, LF and CR, U+FFFE, U+FFFF, unpaired surrogates. The document number
 * is BR-FR-02's. Pure; ignores non-string values (the structural check's business).
 */
export function checkWrittenText(doc: object): RuleViolation[] {
  const out: RuleViolation[] = [];
  for (const [path, value] of writtenText(doc as Record<string, unknown>)) {
    if (typeof value !== 'string' || !hasNonXmlCharacter(value)) continue;
    out.push({
      path,
      rule: 'GW-CONTROL-CHARACTER',
      message: `The text holds ${firstBadCharacter(value)}, which an e-invoice (XML 1.0) cannot carry: remove it`,
    });
  }
  return out;
}
