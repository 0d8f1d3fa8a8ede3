/** The 422 rules of an invoice (spec § Invoice, EN 16931, BR-FR) over its body and its seller: the submissions service calls `checkInvoice`. */
import { z } from 'zod';
import type { InvoiceDocument } from '../../model/documents.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';
import { scanCountries } from './country-scan.ts';
import { checkTaxId } from './identifiers.ts';
import { currencySchema, lineSchema } from './schemas.ts';
import { withBodyRules } from './body-rules.ts';
import { checkWrittenText } from './text.ts';
import { addFinding, toViolations } from './zod-issues.ts';

/** A customer tax id; the finding sits on its `value`. */
const taxIdSchema = z.object({ type: z.string(), value: z.string() }).superRefine((taxId, ctx) => {
  const finding = checkTaxId(taxId.type, taxId.value);
  if (finding !== undefined) addFinding(ctx, finding, ['value']);
});

// Only the fields that carry rules are listed; other fields, known or extra, are
// ignored (the parsed output is discarded). Countries are left to the scan.
const invoiceSchema = z.object({
  currency: currencySchema,
  lines: z.array(lineSchema),
  customer_snapshot: z.object({ tax_ids: z.array(taxIdSchema).nullish() }),
});

/**
 * Applies the conversion rules (spec § Errors, 422 causes 1 to 5) to an
 * invoice that already passed the structural check, and returns every
 * violation found, or `[]` when the invoice can be converted. Pure and
 * synchronous.
 *
 * Rules: currency (`BR-CL-04`, `GW-CURRENCY-UNSUPPORTED`); every `country`
 * key anywhere (`BR-CL-14`); per line, tax rate 0..100 (`GW-TAX-RATE-RANGE`)
 * and at most one tax (`GW-ONE-TAX-PER-LINE`); customer tax ids by type
 * (`GW-SIREN`, `GW-SIRET`, `BR-CO-09`, `GW-VAT-FORMAT`, `GW-VAT-FR-KEY`, at
 * most one per tax id); text the e-invoice carries (`GW-CONTROL-CHARACTER`,
 * text.ts). Paths are in wire names from the document root, e.g.
 * `['customer_snapshot', 'tax_ids', 0, 'value']`. Field rules come first, in
 * schema order, then the country scan in document order, then the EN 16931 and
 * BR-FR rules the body decides (`withBodyRules`). A shape the
 * structural check should have refused yields `GW-SHAPE`, not an exception.
 */
export function checkInvoice(doc: InvoiceDocument, seller?: SellerProfile): RuleViolation[] {
  const result = invoiceSchema.safeParse(doc);
  const violations = result.success ? [] : toViolations(result.error.issues);
  return withBodyRules(violations.concat(scanCountries(doc), checkWrittenText(doc)), { kind: 'invoice', document: doc, seller });
}
