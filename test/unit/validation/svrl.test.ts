// Rule ids and flags read from SVRL (src/validation/svrl.ts), on the id/message shapes the pinned
// BR-FR 1.4.0.03 and EN 16931 1.3.16 stylesheets really produce.
import { describe, expect, it } from 'vitest';
import { findingsFromSvrl, ruleOf } from '../../../src/validation/svrl.ts';
import { itMaps } from '../../support/unit-tables.ts';

describe('ruleOf', () => {
  itMaps('%s %s', ruleOf, [
    ['en16931', 'BR-CO-10', '[BR-CO-10]-Sum of Invoice line net amount (BT-106) = ...', 'BR-CO-10'],
    ['en16931', 'UBL-SR-12', '[UBL-SR-12]-Seller VAT identifier shall occur maximum once', 'UBL-SR-12'],
    ['en16931', 'CII-SR-04', '[CII-SR-004] - Value should not be present', 'CII-SR-04'],
    ['br-fr', 'BR-FR-10_BT-30', '[BR-FR-10/BT-30] : Le SIREN du vendeur ...', 'BR-FR-10'],
    ['br-fr', 'BR-FR-10_BT-30', 'BR-FR-10/BT-30 : Le SIREN du vendeur (CII messages have no brackets)', 'BR-FR-10'],
    // The id of this 1.4.0.03 UBL assert names BR-FR-08, its message (about BT-151 VAT categories) BR-FR-15.
    ['br-fr', 'BR-FR-08_BT-151-2', "[BR-FR-15/BT-151] : Les codes 'L' et 'M' ne ...", 'BR-FR-15'],
    ['br-fr', 'BR-FR-28-Value', '[BR-FR-28/BT-...] : ...', 'BR-FR-28'],
    ['br-fr', 'BR-FR-BD-14-EXT-FR-FE-136', 'BR-FR-BD-14-EXT-FR-FE-136 : Num Facture absent', 'BR-FR-BD-14'],
    ['br-fr', 'BR-FR-CDV-CL-01_MDT-2', '[BR-FR-CDV-CL-01/MDT-2] : La valeur de MDT-2 ...', 'BR-FR-CDV-CL-01'],
    // A message that does not start with its rule: the id decides.
    ['br-fr', 'BR-FR-BD-02_BT-1', 'invoiceID : F-1 ...', 'BR-FR-BD-02'],
    ['br-fr', 'BR-FR-MV-BD', 'no rule in this message', 'BR-FR-MV-BD'],
    // AIFE's F10 (flux 10) asserts have no id: the message's leading rule is the rule.
    ['f10', '', '[G8.01] Le type de transmission doit être IN (initiale) ou RE (rectificative). | Source : Annexe 7 v1.8 G8.01', 'G8.01'],
    ['f10', '', "[G1.104] L'identifiant de transmission ne peut pas dépasser 50 caractères.", 'G1.104'],
    ['f10', '', 'a message without its rule', 'F10'],
  ]);
});

describe('findingsFromSvrl', () => {
  const svrl = `<svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
    <svrl:active-pattern id="p"/><svrl:fired-rule context="/"/>
    <svrl:failed-assert test="x" id="BR-CO-10" flag="fatal" location="/*:Invoice[1]"><svrl:text>[BR-CO-10]-Sum
       of lines &amp; more</svrl:text></svrl:failed-assert>
    <svrl:failed-assert test="x" id="UBL-CR-001" flag="warning" location="/*:Invoice[1]/*:UBLExtensions[1]"><svrl:text>[UBL-CR-001]-A UBL invoice should not include extensions</svrl:text></svrl:failed-assert>
    <svrl:failed-assert test="x" id="BR-01" location="/*:Invoice[1]"><svrl:text>[BR-01]-no flag</svrl:text></svrl:failed-assert>
  </svrl:schematron-output>`;

  it('reads id, flag (absent = fatal), location and the whitespace-normalised message', () => {
    expect(findingsFromSvrl('en16931', svrl)).toEqual([
      {
        source: 'en16931',
        rule: 'BR-CO-10',
        assertionId: 'BR-CO-10',
        flag: 'fatal',
        location: '/*:Invoice[1]',
        message: '[BR-CO-10]-Sum of lines & more',
      },
      {
        source: 'en16931',
        rule: 'UBL-CR-001',
        assertionId: 'UBL-CR-001',
        flag: 'warning',
        location: '/*:Invoice[1]/*:UBLExtensions[1]',
        message: '[UBL-CR-001]-A UBL invoice should not include extensions',
      },
      { source: 'en16931', rule: 'BR-01', assertionId: 'BR-01', flag: 'fatal', location: '/*:Invoice[1]', message: '[BR-01]-no flag' },
    ]);
  });

  it('an output that is not SVRL throws (a broken stylesheet, not a bad invoice)', () => {
    expect(() => findingsFromSvrl('br-fr', '<html/>')).toThrow('no svrl:schematron-output');
  });

  it('a clean report has no findings', () => {
    expect(findingsFromSvrl('br-fr', '<svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl"/>')).toEqual([]);
  });
});
