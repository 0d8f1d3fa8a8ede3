// The EN 16931 rules the body and the seller decide together (the 422 stage and the pipeline, through derive.ts).
import type { RuleId, RuleViolation } from '../model/rule-catalogue.ts';
import type { SellerProfile } from '../model/seller-profile.ts';
import type { MappedLine } from './lines.ts';
import type { VatCategory } from './model.ts';

/**
 * The VAT categories whose presence requires the Seller VAT identifier (BT-31) and the EN 16931 rule saying so
 * (EN 16931-1 § 6.4: BR-S-02, BR-Z-02, BR-E-02, BR-AE-02, BR-IC-02, BR-G-02). The gateway writes neither a seller
 * tax registration identifier (BT-32) nor a tax representative (BG-11), the rules' alternatives. O is the other way
 * round (BR-O-02 forbids BT-31), which the mapping honours by leaving BT-31 out.
 */
const NEEDS_SELLER_VAT: ReadonlyArray<[VatCategory, RuleId]> = [
  ['S', 'BR-S-02'],
  ['Z', 'BR-Z-02'],
  ['E', 'BR-E-02'],
  ['AE', 'BR-AE-02'],
  ['K', 'BR-IC-02'],
  ['G', 'BR-G-02'],
];

/**
 * Pushes one violation per category present among `lines` whose rule needs the seller's VAT identifier while the
 * seller has none: at the first line of that category (`/lines/{i}/taxes/0`), with `profilePath: ['vat_number']`.
 */
export function checkSellerVat(lines: readonly MappedLine[], seller: SellerProfile, out: RuleViolation[]): void {
  if (seller.vat_number) return;
  for (const [category, rule] of NEEDS_SELLER_VAT) {
    const first = lines.find(({ line }) => line.category === category);
    if (!first) continue;
    out.push({
      path: ['lines', first.index, 'taxes', 0],
      rule,
      message: `VAT category ${category} needs the seller's VAT identifier (BT-31): the seller ${seller.siren} has no vat_number`,
      profilePath: ['vat_number'],
    });
  }
}
