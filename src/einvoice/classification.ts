// The French processing rule of a document and why (B2B, B2BInt, B2C), with the directory's answer: the pipeline calls it before mapping.
import { type DirectoryAnswer, sirenLevelLine } from '../model/directory.ts';
import type { BodyDocument } from './derive.ts';
import type { ProcessingRule, SchemedId } from './model.ts';

/** The processing rule, the reason in one sentence, and BT-49 when the directory gives the buyer's addressing identifier. */
export interface Classification {
  processingRule: ProcessingRule;
  reason: string;
  /** BT-49 (scheme 0225, the directory line's addressing identifier), when it replaces the bare SIREN. */
  buyerEndpoint?: SchemedId;
}

/** The buyer's SIREN when the body classifies it as a French company (B2B), else undefined: the one the directory is asked about. */
export function buyerSirenToCheck(document: BodyDocument): string | undefined {
  return document.processingRule === 'B2B' ? document.buyer.legalId?.value : undefined;
}

/**
 * Classifies a document whose body part is `document` (docs/mapping.md, "Buyer and processing rule"):
 * - a French company buyer (a SIREN, read from a siren, siret or FR VAT tax id) is B2B when the directory has a
 *   line for it (BT-49 = that line's addressing identifier, scheme 0225) or when no directory is configured (BT-49 =
 *   the SIREN); a SIREN the directory does not know is reported, not e-invoiced: B2C (DSE v3.2 § 2.3.3);
 * - a business buyer elsewhere is B2BInt; anyone else B2C.
 * `answer` is the directory's answer about `buyerSirenToCheck(document)` (none when it returned undefined).
 * An `unavailable` answer cannot classify: the caller retries later.
 */
export function classify(document: BodyDocument, answer: Exclude<DirectoryAnswer, { kind: 'unavailable' }> | undefined): Classification {
  const facts = document.buyerFacts;
  if (document.processingRule === 'B2B') {
    const siren = document.buyer.legalId?.value ?? '';
    if (!answer || answer.kind === 'unknown') {
      return { processingRule: 'B2B', reason: `French company buyer (SIREN ${siren}); no directory is configured: BT-49 is the SIREN` };
    }
    const line = answer.entry.registered ? sirenLevelLine(answer.entry) : undefined;
    if (!line) {
      return {
        processingRule: 'B2C',
        reason: `Buyer SIREN ${siren} is not in the directory: reported as B2C (e-reporting), not e-invoiced (DSE v3.2 § 2.3.3)`,
      };
    }
    return {
      processingRule: 'B2B',
      reason: `French company buyer (SIREN ${siren}) registered in the directory (platform ${line.platform})`,
      buyerEndpoint: { scheme: '0225', value: line.addressing_identifier },
    };
  }
  if (document.processingRule === 'B2BInt') {
    const vatId = document.buyer.vatId;
    return {
      processingRule: 'B2BInt',
      reason: vatId
        ? `Business buyer outside France (VAT number ${vatId})`
        : `Business buyer outside France (a tax id, billing address in ${document.buyer.address.country})`,
    };
  }
  return {
    processingRule: 'B2C',
    reason: facts
      ? 'Buyer with no business identifier (no SIREN, SIRET or VAT number): a consumer'
      : "The original invoice's buyer is a consumer",
  };
}
