// The official EN 16931 examples (artefacts/examples/, from ConnectingEurope/eInvoicing-EN16931)
// through the real artefacts: each passes its XSD and the EN 16931 schematron v1.3.16 with no fatal
// finding, and fails BR-FR 1.4.0.03 since none of them is French (no SIREN, no #PMT# notes...). Two CII
// examples (D22B_REASON_CODES), written for D16B, carry EN 16931 charge reason codes (UNTDID 7161) that
// the D22B schema's ram:ReasonCode (UNTDID 4465) rejects (artefacts/README.md): their XSD findings are
// asserted one by one, and the rest runs on the example without those elements. None is excepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidator, type Finding, type Validator } from '../../../src/validation/index.ts';
import { officialExamples, testEngine } from '../../support/validation.ts';

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 2 });
});
afterAll(() => validator.close());

/** Per CII example, the charge reason codes the D22B XSD rejects, as [element path, code]. */
const D22B_REASON_CODES: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  'CII_example3.xml': [['ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ReasonCode', 'FC']],
  'CII_example5.xml': [
    ['ram:IncludedSupplyChainTradeLineItem[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[2]/ram:ReasonCode', 'ABL'],
    ['ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge[2]/ram:ReasonCode', 'ABL'],
  ],
};

/** The XSD finding libxml2 gives a ram:ReasonCode outside UNTDID 4465, reduced to [path below the transaction, code]. */
function reasonCodeFinding(finding: Finding): [string, string] | undefined {
  const path = /\/rsm:CrossIndustryInvoice\/rsm:SupplyChainTradeTransaction\/(\S+)$/.exec(finding.location)?.[1];
  const code = /ReasonCode': \[facet 'enumeration'\] The value '([^']+)' is not an element of the set \{'1', .*'104', 'ZZZ'\}\.$/.exec(
    finding.message,
  )?.[1];
  return path && code ? [path, code] : undefined;
}

describe.each(['ubl', 'cii'] as const)('official EN 16931 %s examples', (syntax) => {
  const examples = officialExamples(syntax);

  it('are all there, and every XSD exception is one of them', () => {
    expect(examples.length).toBeGreaterThanOrEqual(syntax === 'ubl' ? 17 : 15);
    const names = examples.map(([name]) => name);
    if (syntax === 'cii') for (const name of Object.keys(D22B_REASON_CODES)) expect(names).toContain(name);
  });

  it.each(examples)('%s: XSD and EN 16931 pass, BR-FR fails (the listed reason codes aside)', async (name, original) => {
    const reasonCodes = syntax === 'cii' ? D22B_REASON_CODES[name] : undefined;
    let xml = original;
    if (reasonCodes) {
      // An XSD failure stops the run before the schematrons: the example without those codes runs them.
      const report = await validator.validate(syntax, xml);
      expect(report.fatal.map((f) => (f.source === 'xsd' && reasonCodeFinding(f)) || f)).toEqual(reasonCodes);
      let stripped = xml;
      for (const [, code] of reasonCodes) stripped = stripped.replace(`<ram:ReasonCode>${code}</ram:ReasonCode>`, '');
      expect(stripped.length).toBeLessThan(xml.length);
      xml = stripped;
    }
    const report = await validator.validate(syntax, xml);
    const fatal = (source: string) => report.fatal.filter((f) => f.source === source);
    expect(fatal('xsd')).toEqual([]);
    expect(fatal('en16931')).toEqual([]);
    // Every generic example lacks the seller's SIREN (BR-FR-10, BT-30) and the mandatory French notes (BR-FR-05, BT-22).
    const rules = new Set(fatal('br-fr').map((f) => f.rule));
    expect(rules).toContain('BR-FR-10');
    expect(rules).toContain('BR-FR-05');
    for (const finding of fatal('br-fr')) {
      expect(finding.rule).toMatch(/^BR-FR-(?:[A-Z]+-)*\d+$/);
      expect(finding.assertionId).toMatch(/^BR-FR-/);
      expect(finding.location).toMatch(/^\//);
    }
    expect(report.timingsMs.en16931).toBeGreaterThan(0);
    expect(report.timingsMs.brfr).toBeGreaterThan(0);
  });
});
