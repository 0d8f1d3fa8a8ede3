// Rules the official artefacts apply that used to reject documents late (issue 25 item 10), now decided at
// submission: BR-29 (billing period) and BR-FR-CO-09 under a seller whose default billing framework is "already
// paid" (B2, S2, M2), with profile_path.
import { describe, expect, it } from 'vitest';
import { checkCreditNote, checkInvoice } from '../../../src/domain/rules/index.ts';
import { creditNote } from '../../support/documents.ts';
import { FRAMEWORK_ROWS, frameworkInvoice, PERIOD_ROWS, sellerWithFramework, withPeriod } from '../../support/rule-tables.ts';

describe('BR-29: the billing period does not end before it starts', () => {
  it.each(PERIOD_ROWS)('period_start %s, period_end %s → refused %s', (start, end, refused) => {
    const violations = checkInvoice(withPeriod(start, end));
    expect(violations).toEqual(
      refused
        ? [{ path: ['period_end'], rule: 'BR-29', message: expect.stringContaining(`${end} is before the period start (BT-73) ${start}`) }]
        : [],
    );
  });
});

describe("BR-FR-CO-09 under the seller's default framework", () => {
  it.each(FRAMEWORK_ROWS)('seller %s, body %s, paid %s → %s', (sellerFramework, bodyFramework, paid, expected) => {
    const violations = checkInvoice(frameworkInvoice(bodyFramework, paid), sellerWithFramework(sellerFramework));
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
    expect(checkCreditNote(creditNote().build(), sellerWithFramework('S2'))).toEqual([
      expect.objectContaining({ path: ['billing_framework'], rule: 'BR-FR-CO-09', profilePath: ['billing_framework'] }),
    ]);
  });
});
