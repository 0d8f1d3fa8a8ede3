/** The 422 rules of a credit note (spec § Credit note, EN 16931, BR-FR) over its body and its seller: the submissions service calls `checkCreditNote`. */
import { z } from 'zod';
import type { CreditNoteDocument } from '../../model/documents.ts';
import type { RuleViolation } from '../../model/rule-catalogue.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';
import { missingCurrency } from './code-lists.ts';
import { scanCountries } from './country-scan.ts';
import { currencySchema, lineSchema } from './schemas.ts';
import { withBodyRules } from './body-rules.ts';
import { checkWrittenText } from './text.ts';
import { addFinding, toViolations } from './zod-issues.ts';

const creditNoteSchema = z
  .object({
    // On the wire, null and absent mean the same (spec: absence is BR-05).
    currency: currencySchema.nullish(),
    lines: z.array(lineSchema),
  })
  .superRefine(
    (note, ctx) => {
      if (note.currency === undefined || note.currency === null) addFinding(ctx, missingCurrency(), ['currency']);
    },
    // BR-05 must not depend on the rest of the document being well-formed:
    // without `when`, zod skips this refinement after any structural issue.
    { when: (payload) => isRecord(payload.value) },
  );

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies the conversion rules to a credit note that already passed the
 * structural check, and returns every violation found, or `[]` when it can be
 * converted. Pure and synchronous.
 *
 * Same rules as `checkInvoice` for currency, countries, tax rate and taxes
 * per line (credit notes have no customer tax ids), plus `BR-05` at
 * `['currency']` when the currency is absent, `undefined` or `null` (spec § Credit
 * note; § Errors cause 6). Lines may carry extra fields such as `type`.
 *
 * Does NOT check that `invoice_id` names an invoice submitted before
 * (`GW-ORIGIN-INVOICE-UNKNOWN`, spec § Errors cause 7): that needs the
 * database and is done by the submission service.
 */
export function checkCreditNote(doc: CreditNoteDocument, seller?: SellerProfile): RuleViolation[] {
  const result = creditNoteSchema.safeParse(doc);
  const violations = result.success ? [] : toViolations(result.error.issues);
  // The buyer is the original invoice's customer, which needs the database: its rules (BR-FR-12) run in the pipeline.
  return withBodyRules(violations.concat(scanCountries(doc), checkWrittenText(doc)), {
    kind: 'credit_note',
    document: doc,
    customer: undefined,
    seller,
  });
}
