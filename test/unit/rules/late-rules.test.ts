// Rules the official artefacts apply that used to reject documents late (issue 25 item 10), now decided at
// submission: BR-29 (billing period) and BR-FR-CO-09 under a seller whose default billing framework is "already
// paid" (B2, S2, M2), with profile_path.
import { describe, expect, it } from 'vitest';
import { checkCreditNote, checkInvoice } from '../../../src/domain/rules/index.ts';
import { completeSellerProfile, DEMO_SELLER_PROFILE } from '../../../src/domain/sellers/seller-defaults.ts';
import { creditNote, invoice } from '../../support/documents.ts';

describe('BR-29: the billing period does not end before it starts', () => {
  it.each<[string | undefined, string | undefined, boolean]>([
    ['2026-11-01', '2026-11-30', false],
    ['2026-11-01', '2026-11-01', false], // a one-day period
    ['2026-11-30', '2026-11-01', true],
    ['2026-12-01', '2026-11-30', true],
    ['2027-01-01', '2026-12-31', true],
    ['2026-11-30', undefined, false],
    [undefined, '2026-11-01', false],
  ])('period_start %s, period_end %s → refused %s', (start, end, refused) => {
    let builder = invoice().without('period_start').without('period_end');
    if (start !== undefined) builder = builder.with('period_start', start);
    if (end !== undefined) builder = builder.with('period_end', end);
    const violations = checkInvoice(builder.build());
    expect(violations).toEqual(
      refused
        ? [{ path: ['period_end'], rule: 'BR-29', message: expect.stringContaining(`${end} is before the period start (BT-73) ${start}`) }]
        : [],
    );
  });
});

describe("BR-FR-CO-09 under the seller's default framework", () => {
  const paidInFull = (b: ReturnType<typeof invoice>) => {
    const doc = b.build();
    return { ...doc, amount_paid: doc.total, amount_due: 0 };
  };
  // [seller default, body's billing_framework, document paid in full (amount_paid = total, amount_due 0, due date), expected]
  it.each<[string, string | undefined, boolean, 'accepted' | 'profile' | 'body']>([
    ['S1', undefined, false, 'accepted'],
    ['S2', undefined, true, 'accepted'],
    ['B2', undefined, false, 'profile'],
    ['M2', undefined, false, 'profile'],
    ['B2', 'B1', false, 'accepted'], // the body chooses another framework for this document
    ['S1', 'S2', false, 'body'],
    ['S1', 'S2', true, 'accepted'],
  ])('seller %s, body %s, paid %s → %s', (sellerFramework, bodyFramework, paid, expected) => {
    const seller = completeSellerProfile({ ...DEMO_SELLER_PROFILE, billing_framework: sellerFramework });
    let builder = invoice();
    if (bodyFramework !== undefined) builder = builder.with('billing_framework', bodyFramework);
    const doc = paid ? paidInFull(builder) : builder.build();
    const violations = checkInvoice(doc, seller);
    if (expected === 'accepted') return expect(violations).toEqual([]);
    expect(violations).toEqual([
      {
        path: ['billing_framework'],
        rule: 'BR-FR-CO-09',
        message: expect.stringContaining(expected === 'profile' ? "The seller's default billing framework" : 'Billing framework'),
        ...(expected === 'profile' && { profilePath: ['billing_framework'] }),
      },
    ]);
  });

  it('refuses a credit note under an "already paid" default, pointing at the profile', () => {
    const seller = completeSellerProfile({ ...DEMO_SELLER_PROFILE, billing_framework: 'S2' });
    expect(checkCreditNote(creditNote().build(), seller)).toEqual([
      expect.objectContaining({ path: ['billing_framework'], rule: 'BR-FR-CO-09', profilePath: ['billing_framework'] }),
    ]);
  });
});
