// What the validator reports for broken documents: an EN 16931 business rule with its location, XSD
// errors (and no schematron run) for schema-invalid or malformed XML, BR-FR CDAR rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidator, type Validator } from '../../../src/validation/index.ts';
import { cdarMessage, officialExample, testEngine } from '../../support/validation.ts';

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 1 });
});
afterAll(() => validator.close());

const ubl = officialExample('ubl', 'ubl-tc434-example1.xml');
const cii = officialExample('cii', 'CII_example1.xml');

describe('EN 16931 business rules on a broken UBL invoice', () => {
  it.each([
    // BR-CO-15: total with VAT (BT-112) = total without VAT (BT-109) + VAT total (BT-110).
    [
      'BR-CO-15',
      '<cbc:TaxInclusiveAmount currencyID="EUR">250.33<',
      '<cbc:TaxInclusiveAmount currencyID="EUR">251.33<',
      /LegalMonetaryTotal|Invoice/,
    ],
    // BR-CO-10: sum of line net amounts (BT-106) = sum of the lines' BT-131.
    [
      'BR-CO-10',
      '<cbc:LineExtensionAmount currencyID="EUR">229.60<',
      '<cbc:LineExtensionAmount currencyID="EUR">229.70<',
      /LegalMonetaryTotal/,
    ],
  ])('%s is reported with its location', async (rule, from, to, location) => {
    expect(ubl).toContain(from);
    const report = await validator.validate('ubl', ubl.replace(from, to));
    const finding = report.fatal.find((f) => f.source === 'en16931' && f.rule === rule);
    expect(finding).toMatchObject({ flag: 'fatal', assertionId: rule });
    expect(finding?.location).toMatch(location);
    expect(finding?.message).toContain(`[${rule}]`);
  });
});

describe('XSD', () => {
  it.each([
    [
      'an element the schema does not allow',
      'ubl',
      ubl.replace('<cbc:IssueDate>', '<cbc:Unknown>x</cbc:Unknown><cbc:IssueDate>'),
      /cbc:Unknown/,
      /not expected/,
    ],
    ['malformed XML', 'ubl', ubl.replace('</cbc:IssueDate>', '</cbc:IssueDat>'), /^line \d+, column \d+/, /mismatch/],
    ['an empty document', 'cii', '', /^line/, /./],
    ['a CII invoice declared as UBL', 'ubl', cii, /^line/, /No matching global declaration/],
    ['a UBL invoice declared as CII', 'cii', ubl, /^line/, /No matching global declaration/],
  ] as const)('%s is an XSD finding and the schematrons do not run', async (_, syntax, xml, location, message) => {
    const report = await validator.validate(syntax, xml);
    expect(report.fatal.length).toBeGreaterThan(0);
    for (const finding of report.fatal) expect(finding).toMatchObject({ source: 'xsd', rule: 'XSD', flag: 'fatal' });
    expect(report.fatal.some((f) => location.test(f.location) && message.test(f.message))).toBe(true);
    expect(report.timingsMs).toMatchObject({ en16931: 0, brfr: 0 });
  });

  it('a UBL credit note is checked against the CreditNote schema', async () => {
    const report = await validator.validate('ubl', officialExample('ubl', 'ubl-tc434-creditnote1.xml'));
    expect(report.fatal.filter((f) => f.source !== 'br-fr')).toEqual([]);
  });
});

describe('BR-FR CDAR (lifecycle messages)', () => {
  it('reports the code-list rules by their base id', async () => {
    const report = await validator.validateCdar(cdarMessage('WRONG', '999'));
    const rules = report.fatal.map((f) => f.rule);
    expect(rules).toContain('BR-FR-CDV-CL-01');
    expect(rules).toContain('BR-FR-04');
    expect(report.fatal.find((f) => f.rule === 'BR-FR-CDV-CL-01')?.assertionId).toBe('BR-FR-CDV-CL-01_MDT-2');
    expect(report.timingsMs.en16931).toBe(0);
  });

  it('accepts the values the code lists allow', async () => {
    const rules = (await validator.validateCdar(cdarMessage('REGULATED', '380'))).fatal.map((f) => f.rule);
    expect(rules).not.toContain('BR-FR-CDV-CL-01');
    expect(rules).not.toContain('BR-FR-04');
  });

  it('malformed XML is an XSD finding', async () => {
    const report = await validator.validateCdar('<rsm:CrossDomainAcknowledgementAndResponse');
    expect(report.fatal[0]).toMatchObject({ source: 'xsd', rule: 'XSD' });
  });

  it('a message the CDAR D22B XSD refuses is an XSD finding, and the schematron does not run', async () => {
    const valid = cdarMessage('WRONG', '999');
    const report = await validator.validateCdar(
      valid.replace('<ram:RecipientTradeParty>', '<ram:Unknown>x</ram:Unknown><ram:RecipientTradeParty>'),
    );
    expect(report.fatal.length).toBeGreaterThan(0);
    for (const finding of report.fatal) expect(finding).toMatchObject({ source: 'xsd', rule: 'XSD', flag: 'fatal' });
    expect(report.fatal.some((f) => /Unknown/.test(f.message))).toBe(true);
    expect(report.timingsMs.brfr).toBe(0);
  });
});
