import { describe, expect, it } from 'vitest';
import * as rules from '../../../src/domain/rules/index.ts';
import { RULE_CATALOGUE } from '../../../src/domain/rules/index.ts';

describe('public API', () => {
  it('exports exactly the agreed runtime names', () => {
    expect(Object.keys(rules).sort()).toEqual([
      'RULE_CATALOGUE',
      'SUPPORTED_CURRENCIES',
      'checkCreditNote',
      'checkInvoice',
      'isSupportedCurrency',
    ]);
  });
});

describe('RULE_CATALOGUE', () => {
  it('lists every rule id once, in the documented order', () => {
    expect(RULE_CATALOGUE.map((entry) => entry.id)).toEqual([
      'BR-CL-04',
      'GW-CURRENCY-UNSUPPORTED',
      'BR-05',
      'BR-CL-14',
      'GW-TAX-RATE-RANGE',
      'GW-ONE-TAX-PER-LINE',
      'GW-SIREN',
      'GW-SIRET',
      'BR-CO-09',
      'GW-VAT-FORMAT',
      'GW-VAT-FR-KEY',
      'GW-ORIGIN-INVOICE-UNKNOWN',
      'GW-LIFECYCLE-CODE',
      'GW-DATE-TIME',
      'GW-SUBMISSION-UNKNOWN',
      'GW-EVENT-ID',
      'GW-LIFECYCLE-TEXT',
      'GW-EVENT-ID-REUSED',
      'GW-WEBHOOK-URL',
      'GW-WEBHOOK-EVENT-TYPE',
      'GW-WEBHOOK-DESCRIPTION',
      'GW-SHAPE',
    ]);
  });

  it.each(RULE_CATALOGUE.map((entry) => [entry.id, entry] as const))('%s has a summary and a reference', (_id, entry) => {
    expect(entry.summary.length).toBeGreaterThan(20);
    expect(entry.reference).toMatch(/spec §|EN 16931/);
  });

  it('cites the EN 16931 rule for the ids it reuses', () => {
    for (const entry of RULE_CATALOGUE.filter((e) => e.id.startsWith('BR-'))) {
      expect(entry.reference).toContain(`EN 16931 ${entry.id}`);
    }
  });

  it('places the origin-invoice rule at /invoice_id', () => {
    const entry = RULE_CATALOGUE.find((e) => e.id === 'GW-ORIGIN-INVOICE-UNKNOWN');
    expect(entry?.summary).toContain('/invoice_id');
  });

  it('cannot be modified at run time', () => {
    expect(Object.isFrozen(RULE_CATALOGUE)).toBe(true);
    expect(RULE_CATALOGUE.every((entry) => Object.isFrozen(entry))).toBe(true);
  });
});
