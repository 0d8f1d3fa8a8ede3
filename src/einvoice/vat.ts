/**
 * VAT categories (BT-151) and rates, as France allows them (BR-FR-15,
 * BR-FR-16) and as EN 16931 ties them together (BR-S-05, BR-Z-05, BR-E-05,
 * BR-AE-05, BR-IC-05, BR-G-05, BR-O-05). Inference when the SaaS gives no
 * `category` (docs/mapping.md, "VAT category"):
 * a positive rate → S; 0 % for a business buyer in another EU country → AE;
 * 0 % for a buyer outside the EU → G (export); any other 0 % → E (exempt).
 */
import type { VatCategory } from './model.ts';

export const VAT_CATEGORIES: readonly VatCategory[] = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'];

/** The French VAT rates BR-FR-16 accepts (FNFE-MPE 1.4.0.03, `custom:is-valid-vat-rate`), as numbers. */
export const FRENCH_VAT_RATES: ReadonlySet<number> = new Set([0, 10, 13, 20, 8.5, 19.6, 2.1, 5.5, 7, 20.6, 1.05, 0.9, 1.75, 9.2, 9.6]);

/** The rule that ties a category to a zero rate (EN 16931 BR-x-05), by category. */
export const ZERO_RATE_RULE = { Z: 'BR-Z-05', E: 'BR-E-05', AE: 'BR-AE-05', K: 'BR-IC-05', G: 'BR-G-05' } as const;

/** BT-120 / BT-121 for the categories that need an exemption reason (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const EXEMPTION: Partial<Record<VatCategory, { code: string | undefined; text: string }>> = {
  E: { code: undefined, text: 'Exonération de TVA' },
  AE: { code: 'VATEX-EU-AE', text: 'Autoliquidation' },
  K: { code: 'VATEX-EU-IC', text: 'Livraison intracommunautaire exonérée' },
  G: { code: 'VATEX-EU-G', text: 'Exportation hors UE exonérée' },
  O: { code: 'VATEX-EU-O', text: 'Non soumis à la TVA' },
};

/** What inference knows of the buyer; absent when the buyer is not known yet (a credit note before the pipeline). */
export interface BuyerContext {
  intraEuBusiness: boolean;
  outsideEu: boolean;
}

/** The category of a tax with `percentage`, given or inferred (rules in the module comment). */
export function vatCategoryOf(given: string | undefined, percentage: number, buyer: BuyerContext | undefined): VatCategory | undefined {
  if (given !== undefined) return (VAT_CATEGORIES as readonly string[]).includes(given) ? (given as VatCategory) : undefined;
  if (percentage > 0) return 'S';
  if (buyer?.intraEuBusiness) return 'AE';
  if (buyer?.outsideEu) return 'G';
  return 'E';
}
