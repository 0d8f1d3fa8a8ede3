/**
 * Variants of the B2B example invoice that reach the optional branches of the UBL and CII writers, shared by the
 * writers' schema test (test/unit/einvoice/cii-d22b.test.ts) and the mapping table's test (test/unit/mapping-doc.test.ts),
 * so both check the same documents.
 */
import type { InvoiceDocument, InvoiceLine } from '../../src/model/documents.ts';
import type { SellerProfile } from '../../src/model/seller-profile.ts';
import { DEMO_PROFILE } from './einvoice-chain.ts';

/** A line of `amount` (minor units) at 0 % VAT in `category` (AE, K, …). */
function zeroRated(id: string, amount: number, category: string): InvoiceLine {
  return {
    id,
    description: `Ligne ${category}`,
    quantity: 1,
    unit_amount: amount,
    amount,
    taxes: [{ percentage: 0, amount: 0, category }],
  };
}

/** The variants of `invoice` (examples/fr-b2b-invoice.json), each with the seller profile it is written for. */
export function writerVariants(
  invoice: InvoiceDocument,
): Record<'usdPartPaid' | 'charge', { body: InvoiceDocument; profile: SellerProfile }> {
  return {
    // USD with its VAT in EUR (BT-6, BT-111), 100.00 paid (BT-113) and 0.01 rounding (BT-114), 0 % AE and K lines,
    // 1.00 off the lines (BG-20), no due date; the seller's address has a second line.
    usdPartPaid: {
      body: {
        ...invoice,
        currency: 'USD',
        tax_total_eur: 5900,
        due_date: undefined,
        lines: [...invoice.lines, zeroRated('li_3', 1000, 'AE'), zeroRated('li_4', 500, 'K')],
        subtotal: 33400,
        total_excl_tax: 33300,
        total: 39680,
        amount_paid: 10000,
        amount_due: 29681,
      } as InvoiceDocument,
      profile: { ...DEMO_PROFILE, address: { ...DEMO_PROFILE.address, line2: 'Bâtiment B' } },
    },
    // 2.00 added to the lines (BG-21).
    charge: { body: { ...invoice, total_excl_tax: 32100, total: 38480, amount_due: 38480 }, profile: DEMO_PROFILE },
  };
}
