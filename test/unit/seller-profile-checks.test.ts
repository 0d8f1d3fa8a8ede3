/** checkSellerProfile, table-driven: one case per refused value, every rule reached; the defaults and the demo profile. */
import { describe, expect, it } from 'vitest';
import { BILLING_FRAMEWORKS, checkSellerProfile, SELLER_PROFILE_RULES } from '../../src/domain/sellers/seller-checks.ts';
import { completeSellerProfile, DEFAULT_LEGAL_NOTES, DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import type { RuleViolation } from '../../src/model/rule-catalogue.ts';
import type { SellerProfileInput } from '../../src/model/seller-profile.ts';

const valid: SellerProfileInput = {
  name: 'Atelier Numérique SAS',
  siren: '900123456',
  vat_number: 'FR87900123456',
  address: { line1: '10 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
};

type Case = [label: string, change: Partial<SellerProfileInput>, path: string, rule: string];

const address = (change: Partial<SellerProfileInput['address']>) => ({ address: { ...valid.address, ...change } });

/** The violations as `path rule` lines, in the order reported. */
const found = (violations: RuleViolation[]) => violations.map((v) => `${v.path.join('/')} ${v.rule}`);

const refused: Case[] = [
  ['blank name', { name: '   ' }, 'name', 'GW-SELLER-TEXT'],
  ['name over 255 characters', { name: 'x'.repeat(256) }, 'name', 'GW-SELLER-TEXT'],
  ['trading name with U+0000', { trading_name: 'a\u0000b' }, 'trading_name', 'GW-SELLER-TEXT'],
  ['name with U+0007', { name: 'Dupont\u0007' }, 'name', 'GW-SELLER-TEXT'],
  ['city with U+001B', { address: { ...DEMO_SELLER_PROFILE.address, city: 'Paris\u001b' } }, 'address/city', 'GW-SELLER-TEXT'],
  ['trading name with a lone surrogate', { trading_name: 'a\uD800' }, 'trading_name', 'GW-SELLER-TEXT'],
  ['SIREN with a bad Luhn key', { siren: '900123457' }, 'siren', 'BR-FR-10'],
  ['SIREN of 8 digits', { siren: '90012345' }, 'siren', 'BR-FR-10'],
  ['SIREN with spaces', { siren: '900 123 456' }, 'siren', 'BR-FR-10'],
  ['SIRET with a bad key', { siret: '90012345600016' }, 'siret', 'GW-SIRET'],
  ['SIRET of another SIREN', { siret: '84123456000016' }, 'siret', 'BR-FR-09'],
  ['VAT without EU prefix', { vat_number: 'US123456789' }, 'vat_number', 'GW-VAT-FORMAT'],
  ['VAT without ISO prefix', { vat_number: 'ZZ123456789' }, 'vat_number', 'BR-CO-09'],
  ['VAT in lowercase', { vat_number: 'fr87900123456' }, 'vat_number', 'BR-CO-09'],
  ['VAT with a space', { vat_number: 'FR 87900123456' }, 'vat_number', 'GW-VAT-FORMAT'],
  ['VAT with a wrong key', { vat_number: 'FR00900123456' }, 'vat_number', 'GW-VAT-FR-KEY'],
  ['VAT of another SIREN', { vat_number: 'FR81841234560' }, 'vat_number', 'GW-SELLER-VAT-SIREN'],
  ['no VAT number outside the franchise en base', { vat_number: null }, 'vat_number', 'BR-S-02'],
  ['no VAT number, simplified regime', { vat_number: null, vat_regime: 'simplified' }, 'vat_number', 'BR-S-02'],
  ['an unknown VAT regime', { vat_regime: 'monthly' as never }, 'vat_regime', 'GW-SELLER-VAT-REGIME'],
  ['blank line1', address({ line1: '' }), 'address/line1', 'GW-SELLER-TEXT'],
  ['blank line2', address({ line2: ' ' }), 'address/line2', 'GW-SELLER-TEXT'],
  ['blank postal code', address({ postal_code: '' }), 'address/postal_code', 'GW-SELLER-TEXT'],
  ['blank city', address({ city: '\t' }), 'address/city', 'GW-SELLER-TEXT'],
  ['lowercase country', address({ country: 'fr' }), 'address/country', 'BR-CL-14'],
  ['alpha-3 country', address({ country: 'FRA' }), 'address/country', 'BR-CL-14'],
  ['unknown country', address({ country: 'XX' }), 'address/country', 'BR-CL-14'],
  ['scheme outside EAS', { electronic_address: { scheme: '9999', value: '900123456' } }, 'electronic_address/scheme', 'BR-CL-25'],
  ['lowercase EAS code', { electronic_address: { scheme: 'em', value: 'a@b.fr' } }, 'electronic_address/scheme', 'BR-CL-25'],
  ['0225 with a space', { electronic_address: { scheme: '0225', value: '900123456 FACT' } }, 'electronic_address/value', 'BR-FR-23'],
  ['default scheme with an @', { electronic_address: { value: 'a@b.fr' } }, 'electronic_address/value', 'BR-FR-23'],
  ['address over 125 characters', { electronic_address: { value: 'a'.repeat(126) } }, 'electronic_address/value', 'BR-FR-25'],
  ['blank address', { electronic_address: { value: ' ' } }, 'electronic_address/value', 'GW-SELLER-TEXT'],
  ['0002 not a SIREN', { electronic_address: { scheme: '0002', value: '900123457' } }, 'electronic_address/value', 'GW-SELLER-ENDPOINT'],
  ['0009 not a SIRET', { electronic_address: { scheme: '0009', value: '900123456' } }, 'electronic_address/value', 'GW-SELLER-ENDPOINT'],
  ['EM not an e-mail', { electronic_address: { scheme: 'EM', value: 'factures' } }, 'electronic_address/value', 'GW-SELLER-ENDPOINT'],
  ['e-mail without domain', { email: 'factures@' }, 'email', 'GW-SELLER-EMAIL'],
  ['IBAN with a bad check', { iban: 'FR7630006000011234567890188' }, 'iban', 'GW-SELLER-IBAN'],
  ['IBAN too short', { iban: 'FR76' }, 'iban', 'GW-SELLER-IBAN'],
  ['BIC of 5 characters', { bic: 'AGRIF' }, 'bic', 'GW-SELLER-BIC'],
  ['BIC with an unknown country', { bic: 'AGRIZZPP' }, 'bic', 'GW-SELLER-BIC'],
  ['billing framework S3X', { billing_framework: 'S3X' }, 'billing_framework', 'BR-FR-08'],
  ['billing framework lowercase', { billing_framework: 's1' }, 'billing_framework', 'BR-FR-08'],
  ['billing framework B3 (not listed)', { billing_framework: 'B3' }, 'billing_framework', 'BR-FR-08'],
  ['billing framework S8 (multi-vendor: needs GROUP lines)', { billing_framework: 'S8' }, 'billing_framework', 'BR-FR-08'],
  ['billing framework M9 (multi-vendor)', { billing_framework: 'M9' }, 'billing_framework', 'BR-FR-08'],
  ['blank PMT note', { legal_notes: { pmt: '' } }, 'legal_notes/pmt', 'GW-SELLER-TEXT'],
  ['PMD note over 1,000 characters', { legal_notes: { pmd: 'x'.repeat(1001) } }, 'legal_notes/pmd', 'GW-SELLER-TEXT'],
  ['AAB note with U+0000', { legal_notes: { aab: '\u0000' } }, 'legal_notes/aab', 'GW-SELLER-TEXT'],
];

const accepted: Array<[label: string, change: Partial<SellerProfileInput>]> = [
  ['the required fields only', {}],
  [
    'every optional field null, franchise en base',
    { trading_name: null, siret: null, vat_number: null, electronic_address: null, email: null, vat_regime: 'franchise' },
  ],
  ['every VAT regime', { vat_regime: 'normal_quarterly', vat_on_debits: true }],
  ['a full profile', { ...DEMO_SELLER_PROFILE, electronic_address: { scheme: '0225', value: '900123456_FACT-1.a' } }],
  ['a La Poste SIRET', { siren: '356000000', siret: '35600000049837', vat_number: 'FR39356000000' }],
  ['an XI VAT number', { vat_number: 'XI123456789' }],
  ['an FR VAT number with a letter key', { vat_number: 'FRA0900123456' }],
  ['an IBAN with spaces and lowercase', { iban: 'fr76 3000 6000 0112 3456 7890 189' }],
  ['an 8-character BIC', { bic: 'BNPAFRPP' }],
  ['scheme 0002 with the SIREN', { electronic_address: { scheme: '0002', value: '900123456' } }],
  ['scheme 0009 with a SIRET', { electronic_address: { scheme: '0009', value: '90012345600015' } }],
  ['scheme EM', { electronic_address: { scheme: 'EM', value: 'factures@example.fr' } }],
  ['scheme 9957 (French VAT)', { electronic_address: { scheme: '9957', value: 'FR87900123456' } }],
  ['a German seller address', address({ country: 'DE', postal_code: '10115', city: 'Berlin' })],
  ['a 255-character name', { name: 'x'.repeat(255) }],
  ['an astral character in a note', { legal_notes: { aab: 'Pas d’escompte 🙂' } }],
  ...BILLING_FRAMEWORKS.map((code): [string, Partial<SellerProfileInput>] => [`billing framework ${code}`, { billing_framework: code }]),
];

describe('checkSellerProfile', () => {
  it.each(refused)('refuses %s', (_label, change, path, rule) => {
    const violations = checkSellerProfile({ ...valid, ...change });
    expect(found(violations)).toEqual([`${path} ${rule}`]);
    expect(violations[0]!.message).not.toBe('');
  });

  it.each(accepted)('accepts %s', (_label, change) => {
    expect(checkSellerProfile({ ...valid, ...change })).toEqual([]);
  });

  it('reaches every rule it declares, and no other', () => {
    expect([...new Set(refused.map((c) => c.at(-1)))].sort()).toEqual([...SELLER_PROFILE_RULES].sort());
  });

  it('reports every problem at once, in field order; with a bad SIREN, not BR-FR-09 or the VAT SIREN on top', () => {
    const violations = checkSellerProfile({
      ...valid,
      name: '',
      siren: '123',
      siret: '84123456000016',
      vat_number: 'FR81841234560',
      ...address({ country: 'fr' }),
      iban: 'x',
    });
    expect(found(violations)).toEqual(['name GW-SELLER-TEXT', 'siren BR-FR-10', 'address/country BR-CL-14', 'iban GW-SELLER-IBAN']);
  });
});

describe('completeSellerProfile', () => {
  it('fills in the defaults and nulls', () => {
    expect(completeSellerProfile(valid)).toEqual({
      ...valid,
      trading_name: null,
      siret: null,
      address: { ...valid.address, line2: null },
      electronic_address: { scheme: '0225', value: '900123456' },
      email: null,
      iban: null,
      bic: null,
      billing_framework: 'S1',
      legal_notes: DEFAULT_LEGAL_NOTES,
      vat_regime: 'normal_monthly',
      vat_on_debits: false,
    });
  });

  it('keeps given values, takes the default scheme and the missing notes, compacts the IBAN', () => {
    const profile = completeSellerProfile({
      ...valid,
      electronic_address: { value: '900123456_FACT' },
      iban: 'fr76 3000-6000 0112 3456 7890 189',
      bic: 'agrifrpp',
      billing_framework: 'S2',
      legal_notes: { pmd: 'Pénalités : 10 %.', aab: null },
    });
    expect(profile.electronic_address).toEqual({ scheme: '0225', value: '900123456_FACT' });
    expect(profile.iban).toBe('FR7630006000011234567890189');
    expect(profile.bic).toBe('AGRIFRPP');
    expect(profile.billing_framework).toBe('S2');
    expect(profile.legal_notes).toEqual({ pmt: DEFAULT_LEGAL_NOTES.pmt, pmd: 'Pénalités : 10 %.', aab: DEFAULT_LEGAL_NOTES.aab });
  });
});

describe('the demo profile of the dev tenant', () => {
  it('passes every check and is a French seller in Paris, with a SIREN other than the example customer', () => {
    expect(checkSellerProfile(DEMO_SELLER_PROFILE)).toEqual([]);
    const profile = completeSellerProfile(DEMO_SELLER_PROFILE);
    expect(profile).toMatchObject({ address: { city: 'Paris', country: 'FR' }, billing_framework: 'S1' });
    expect(profile.siren).not.toBe('732829320');
    expect(profile.electronic_address).toEqual({ scheme: '0225', value: profile.siren });
  });
});
