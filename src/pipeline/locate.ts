/**
 * Where a finding of the official artefacts comes from: the XPath of the
 * generated UBL element (SVRL `@location`) traced back to the SaaS body field
 * that fed it (a JSON pointer, `path`), or to the seller profile
 * (`profile_path`), per the mapping table (docs/mapping.md).
 */

/** UBL element (local name) → body pointer, for document-level elements. */
const DOCUMENT: ReadonlyArray<[RegExp, string]> = [
  [/LegalMonetaryTotal\[\d+\]\/\*:TaxInclusiveAmount/, '/total'],
  [/LegalMonetaryTotal\[\d+\]\/\*:TaxExclusiveAmount/, '/total_excl_tax'],
  [/LegalMonetaryTotal\[\d+\]\/\*:PayableAmount/, '/amount_due'],
  [/LegalMonetaryTotal\[\d+\]\/\*:PrepaidAmount/, '/amount_paid'],
  [/LegalMonetaryTotal\[\d+\]\/\*:LineExtensionAmount/, '/subtotal'],
  [/LegalMonetaryTotal/, '/total'],
  [/TaxTotal/, '/tax_total'],
  [/InvoicePeriod/, '/period_start'],
  [/AccountingCustomerParty.*PostalAddress/, '/customer_snapshot/billing_address'],
  [/AccountingCustomerParty.*(PartyTaxScheme|PartyLegalEntity\[\d+\]\/\*:CompanyID)/, '/customer_snapshot/tax_ids'],
  [/AccountingCustomerParty/, '/customer_snapshot'],
  [/:DueDate/, '/due_date'],
  [/:IssueDate/, '/finalized_at'],
  [/:DocumentCurrencyCode/, '/currency'],
  [/(Invoice|CreditNote)\[\d+\]\/\*:ID\[/, '/number'],
];

/** Line-level elements, relative to `/lines/{i}`. */
const LINE: ReadonlyArray<[RegExp, string]> = [
  [/Price/, '/unit_amount'],
  [/(Invoiced|Credited)Quantity/, '/quantity'],
  [/LineExtensionAmount/, '/amount'],
  [/ClassifiedTaxCategory/, '/taxes/0'],
  [/Item/, '/description'],
];

/** Seller (BG-4) elements → seller profile pointer. */
const SELLER: ReadonlyArray<[RegExp, string]> = [
  [/PostalAddress/, '/address'],
  [/EndpointID/, '/electronic_address'],
  [/PartyTaxScheme/, '/vat_number'],
  [/PartyIdentification/, '/siret'],
  [/PartyLegalEntity/, '/siren'],
  [/Contact/, '/email'],
];

/** BR-FR rules that name a profile field rather than an element. */
const PROFILE_RULES: Readonly<Record<string, string>> = {
  // A line of category S, Z, E or G needs the seller's VAT identifier (BT-31); the artefact reports them at the root.
  'BR-S-02': '/vat_number',
  'BR-Z-02': '/vat_number',
  'BR-E-02': '/vat_number',
  'BR-G-02': '/vat_number',
  'BR-FR-05': '/legal_notes',
  'BR-FR-06': '/legal_notes',
  'BR-FR-08': '/billing_framework',
  'BR-FR-10': '/siren',
  'BR-FR-13': '/electronic_address',
  'BR-FR-CO-09': '/billing_framework',
};

function first(table: ReadonlyArray<[RegExp, string]>, location: string): string | undefined {
  return table.find(([pattern]) => pattern.test(location))?.[1];
}

/**
 * The body pointer (`path`) or the profile pointer (`profile_path`) a finding
 * at `location` with base rule `rule` comes from; `{}` when none is known.
 * `bodyFramework`: the document set its own `billing_framework`.
 */
export function locate(rule: string, location: string, bodyFramework: boolean): { path?: string; profile_path?: string } {
  const profileField = PROFILE_RULES[rule];
  if (profileField === '/billing_framework' && bodyFramework) return { path: '/billing_framework' };
  if (profileField) return { profile_path: profileField };
  const line = /(InvoiceLine|CreditNoteLine)\[(\d+)\]/.exec(location);
  if (line) {
    const rest = location.slice(line.index + line[0].length);
    return { path: `/lines/${Number(line[2]) - 1}${first(LINE, rest) ?? ''}` };
  }
  if (/AccountingSupplierParty/.test(location)) return { profile_path: first(SELLER, location) ?? '' };
  if (/:ProfileID/.test(location)) return bodyFramework ? { path: '/billing_framework' } : { profile_path: '/billing_framework' };
  if (/:Note\[/.test(location)) return { profile_path: '/legal_notes' };
  const path = first(DOCUMENT, location);
  return path ? { path } : {};
}
