// Buyer VAT numbers at submission (issue 25 item 10): BR-CO-09 as the EN 16931 artefacts test it (any ISO 3166-1
// prefix), a Greek number written GR, and BT-49 from a VAT number under its country's EAS scheme (BR-FR-12).
import { describe, expect, it } from 'vitest';
import { checkInvoice } from '../../../src/domain/rules/index.ts';
import { deriveFromBody } from '../../../src/einvoice/derive.ts';
import { foreignBuyer } from '../../support/documents.ts';
import { FOREIGN_BUYER_ROWS } from '../../support/rule-tables.ts';

describe('a foreign business buyer: rules and BT-49', () => {
  // [country, VAT number, e-mail, rules at submission, BT-49 scheme when accepted]
  it.each(FOREIGN_BUYER_ROWS)('%s %s, e-mail %s → %j, BT-49 %s', (country, vat, email, rules, scheme) => {
    const doc = foreignBuyer(country, vat, email);
    expect(
      checkInvoice(doc)
        .map((v) => v.rule)
        .sort(),
    ).toEqual(rules);
    if (rules.length > 0) return;
    const endpoint = deriveFromBody({ kind: 'invoice', document: doc }).document?.buyer.endpoint;
    expect(endpoint).toEqual({ scheme, value: scheme === 'EM' ? email : vat });
  });

  it('the GR message names the EL prefix and the number to write', () => {
    const [violation] = checkInvoice(foreignBuyer('GR', 'GR094259216', 'a@example.gr'));
    expect(violation).toMatchObject({ path: ['customer_snapshot', 'tax_ids', 0, 'value'], rule: 'GW-VAT-FORMAT' });
    expect(violation?.message).toMatch(/prefix EL.*"EL094259216"/);
  });
});
