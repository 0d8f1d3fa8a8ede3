import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as rules from '../../../src/domain/rules/index.ts';
import { RULE_CATALOGUE } from '../../../src/domain/rules/index.ts';
import { isRuleId, ruleIdsFor, rulesFor } from '../../../src/model/rule-catalogue.ts';

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
      'BR-16',
      'BR-21',
      'BR-25',
      'BR-07',
      'BR-CO-10',
      'BR-CO-14',
      'BR-CO-15',
      'BR-CO-16',
      'BR-CO-17',
      'BR-FR-01',
      'BR-FR-02',
      'BR-FR-03',
      'BR-FR-12',
      'BR-FR-15',
      'BR-FR-16',
      'BR-FR-CO-12',
      'BR-FR-DEC-01',
      'BR-FR-DEC-02',
      'BR-S-05',
      'BR-Z-05',
      'BR-E-05',
      'BR-AE-05',
      'BR-IC-05',
      'BR-G-05',
      'BR-O-05',
      'BR-AE-02',
      'BR-IC-02',
      'BR-S-02',
      'BR-Z-02',
      'BR-E-02',
      'BR-G-02',
      'BR-IC-11',
      'GW-CONTROL-CHARACTER',
      'BR-29',
      'BR-FR-CO-07',
      'BR-FR-CO-09',
      'BR-Z-09',
      'BR-E-09',
      'BR-AE-09',
      'BR-IC-09',
      'BR-G-09',
      'BR-O-09',
      'GW-SELLER-MISSING',
      'GW-SELLER-UNKNOWN',
      'GW-SELLER-MISMATCH',
      'GW-LIFECYCLE-CODE',
      'GW-DATE-TIME',
      'GW-SUBMISSION-UNKNOWN',
      'GW-EVENT-ID',
      'GW-LIFECYCLE-TEXT',
      'GW-EVENT-ID-REUSED',
      'GW-WEBHOOK-URL',
      'GW-WEBHOOK-EVENT-TYPE',
      'GW-WEBHOOK-DESCRIPTION',
      'BR-FR-08',
      'BR-FR-09',
      'BR-FR-10',
      'BR-CL-25',
      'BR-FR-23',
      'BR-FR-25',
      'GW-SELLER-ENDPOINT',
      'GW-SELLER-VAT-SIREN',
      'GW-SELLER-EMAIL',
      'GW-SELLER-IBAN',
      'GW-SELLER-BIC',
      'GW-SELLER-VAT-REGIME',
      'GW-SELLER-SIREN-PATH',
      'GW-SELLER-TEXT',
      'GW-SHAPE',
    ]);
  });

  it.each(RULE_CATALOGUE.map((entry) => [entry.id, entry] as const))('%s has a summary and a reference', (_id, entry) => {
    expect(entry.summary.length).toBeGreaterThan(20);
    expect(entry.reference).toMatch(/spec §|EN 16931|FNFE-MPE|DSE v3\.2/);
  });

  it('cites the EN 16931 rule for the ids it reuses', () => {
    for (const entry of RULE_CATALOGUE.filter((e) => e.id.startsWith('BR-') && !e.id.startsWith('BR-FR-'))) {
      expect(entry.reference).toContain(`EN 16931 ${entry.id}`);
    }
    // The French rules cite their own source, the FNFE-MPE schematron release.
    for (const entry of RULE_CATALOGUE.filter((e) => e.id.startsWith('BR-FR-'))) {
      expect(entry.reference).toContain(`${entry.id} (FNFE-MPE`);
    }
  });

  it('places the origin-invoice rule at /invoice_id', () => {
    const entry = RULE_CATALOGUE.find((e) => e.id === 'GW-ORIGIN-INVOICE-UNKNOWN');
    expect(entry?.summary).toContain('/invoice_id');
  });

  it('says where each rule applies: somewhere, and in one place except the document rules a seller profile shares', () => {
    for (const entry of RULE_CATALOGUE) {
      expect(entry.applies.length).toBeGreaterThan(0);
      if (entry.applies.length > 1) expect([...entry.applies]).toEqual(['document', 'seller-profile']);
    }
    expect(ruleIdsFor('seller-request')).toEqual(['GW-SELLER-SIREN-PATH']);
  });

  it('lists as document rules every catalogue id the document checks name (src/domain/rules, src/einvoice, the submission service)', () => {
    const named = new Set<string>();
    for (const dir of ['domain/rules', 'einvoice', 'domain/submissions']) {
      const root = new URL(`../../../src/${dir}/`, import.meta.url);
      for (const file of readdirSync(root, { recursive: true }) as string[]) {
        if (!file.endsWith('.ts')) continue;
        for (const match of readFileSync(new URL(file, root), 'utf8').matchAll(/'((?:BR|GW)-[A-Z0-9-]+)'/g)) named.add(match[1]!);
      }
    }
    const documentRules = new Set<string>(ruleIdsFor('document'));
    const ids = [...named].filter(isRuleId);
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id) => !documentRules.has(id))).toEqual([]);
  });

  it('filters itself by scope, in catalogue order', () => {
    const order = RULE_CATALOGUE.map((entry) => entry.id);
    for (const scope of ['document', 'seller-profile', 'seller-request', 'lifecycle-event', 'webhook-endpoint'] as const) {
      const ids = ruleIdsFor(scope);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(order.filter((id) => RULE_CATALOGUE.find((entry) => entry.id === id)!.applies.includes(scope)));
    }
    expect(rulesFor('lifecycle-event', 'webhook-endpoint').map((entry) => entry.id)).toEqual([
      ...ruleIdsFor('lifecycle-event'),
      ...ruleIdsFor('webhook-endpoint'),
    ]);
  });

  it('cannot be modified at run time', () => {
    expect(Object.isFrozen(RULE_CATALOGUE)).toBe(true);
    expect(RULE_CATALOGUE.every((entry) => Object.isFrozen(entry) && Object.isFrozen(entry.applies))).toBe(true);
  });
});
