/**
 * The pipeline's chain for tests (as src/pipeline/process.ts runs it): a SaaS
 * body → deriveFromBody (or its draft) → toEInvoice with the demo seller
 * profile → UBL 2.1 and CII D22B → the official artefacts (XSD, EN 16931,
 * BR-FR) for both syntaxes.
 */
import type { CreditNoteDocument, CustomerSnapshot, InvoiceDocument } from '../../src/model/documents.ts';
import { completeSellerProfile, DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { writeCii } from '../../src/einvoice/cii.ts';
import type { BodyDocument, DeriveInput } from '../../src/einvoice/derive.ts';
import { type PrecedingInvoice, toEInvoice } from '../../src/einvoice/map.ts';
import { writeUbl } from '../../src/einvoice/ubl.ts';
import type { Finding, Syntax, Validator } from '../../src/validation/index.ts';

/** The quick start's demo seller, completed as setSellerProfile stores it. */
export const DEMO_PROFILE = completeSellerProfile(DEMO_SELLER_PROFILE);

/** deriveFromBody's input for an invoice, or a credit note whose buyer is `customer` (its invoice's customer). */
export function deriveInput(
  kind: 'invoice' | 'credit_note',
  body: InvoiceDocument | CreditNoteDocument,
  customer: CustomerSnapshot | undefined,
): DeriveInput {
  return kind === 'invoice' ? { kind, document: body as InvoiceDocument } : { kind, document: body as CreditNoteDocument, customer };
}

/** The fatal findings of each syntax for a body document, written with the demo profile. */
export async function officialFatal(
  validator: Validator,
  document: BodyDocument,
  preceding: PrecedingInvoice | undefined,
): Promise<Record<Syntax, Finding[]>> {
  const einvoice = toEInvoice(document, DEMO_PROFILE, preceding);
  const [ubl, cii] = await Promise.all([validator.validate('ubl', writeUbl(einvoice)), validator.validate('cii', writeCii(einvoice))]);
  return { ubl: ubl.fatal, cii: cii.fatal };
}

/** `BR-CO-17 (…/cac:TaxSubtotal[1]): message`, short enough to print. */
export function describeFinding(finding: Finding): string {
  const where = finding.location.replace(/\[namespace-uri\(\)='[^']*'\]/g, '').replace(/\*:/g, '');
  return `${finding.rule} ${where}: ${finding.message.slice(0, 160)}`;
}
