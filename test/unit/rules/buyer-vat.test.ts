// Buyer VAT numbers at submission (issue 25 item 10): BR-CO-09 as the EN 16931 artefacts test it (any ISO 3166-1
// prefix), a Greek number written GR, and BT-49 from a VAT number under its country's EAS scheme (BR-FR-12).
import { describe, expect, it } from 'vitest';
import { checkInvoice } from '../../../src/domain/rules/index.ts';
import { deriveFromBody } from '../../../src/einvoice/derive.ts';
import { foreignBuyer } from '../../support/documents.ts';

describe('a foreign business buyer: rules and BT-49', () => {
  // [country, VAT number, e-mail, rules at submission, BT-49 scheme when accepted]
  it.each<[string, string, string | undefined, string[], string | undefined]>([
    ['GB', 'GB123456789', 'ap@example.co.uk', [], 'EM'],
    ['GB', 'GB123456789', undefined, [], '9932'],
    ['CH', 'CHE123456789', undefined, [], '9927'],
    ['CH', 'CHE123456789MWST', 'compta@example.ch', [], 'EM'],
    ['NO', 'NO987654321MVA', 'post@example.no', [], 'EM'],
    ['NO', 'NO987654321MVA', undefined, ['BR-FR-12'], undefined], // no EAS scheme for Norwegian VAT numbers
    ['DE', 'DE123456789', undefined, [], '9930'],
    ['BE', 'BE0123456749', undefined, [], '9925'],
    ['IT', 'IT02241850367', undefined, [], '0211'],
    ['FI', 'FI12345671', undefined, [], '0213'],
    ['GR', 'EL094259216', undefined, [], '9933'],
    ['DK', 'DK87654321', undefined, ['BR-FR-12'], undefined],
    ['SE', 'SE123451234501', undefined, ['BR-FR-12'], undefined],
    ['US', 'US123456789', undefined, ['BR-FR-12'], undefined],
    ['GR', 'GR094259216', 'a@example.gr', ['GW-VAT-FORMAT'], undefined],
    ['XX', 'XX123', 'a@example.com', ['BR-CL-14', 'BR-CO-09'], undefined],
  ])('%s %s, e-mail %s → %j, BT-49 %s', (country, vat, email, rules, scheme) => {
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
