// The official EN 16931 examples (artefacts/examples/, from ConnectingEurope/eInvoicing-EN16931)
// through the real artefacts: each passes its XSD and the EN 16931 schematron v1.3.16 with no
// fatal finding, and fails BR-FR 1.4.0.03 since none of them is French (no SIREN, no #PMT# notes...).
// No example is known to fail EN 16931 with these artefacts: every one is listed, none excepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidator, type Validator } from '../../../src/validation/index.ts';
import { officialExamples, testEngine } from '../../support/validation.ts';

let validator: Validator;
beforeAll(() => {
  validator = createValidator({ engine: testEngine(), workers: 2 });
});
afterAll(() => validator.close());

describe.each(['ubl', 'cii'] as const)('official EN 16931 %s examples', (syntax) => {
  const examples = officialExamples(syntax);

  it('are all there', () => {
    expect(examples.length).toBeGreaterThanOrEqual(syntax === 'ubl' ? 17 : 15);
  });

  it.each(examples)('%s: XSD and EN 16931 pass, BR-FR fails', async (_, xml) => {
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
