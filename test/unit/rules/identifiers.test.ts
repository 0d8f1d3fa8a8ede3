import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTaxId, luhnValid } from '../../../src/domain/rules/identifiers.ts';
import { checkInvoice } from '../../../src/domain/rules/index.ts';
import { invoice } from '../../support/documents.ts';

/** The rule a tax id breaks, or null; the message must name the value. */
function ruleOf(type: string, value: string): string | null {
  const finding = checkTaxId(type, value);
  if (finding !== undefined) expect(finding.message).toContain(JSON.stringify(value));
  return finding?.rule ?? null;
}

// Independent of the implementation: the digit that makes `base + digit` pass Luhn.
function luhnCheckDigit(base: string): string {
  let sum = 0;
  [...base].reverse().forEach((char, i) => {
    const d = Number(char) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return String((10 - (sum % 10)) % 10);
}

describe('SIREN (types siren, fr_siren)', () => {
  it.each([
    ['siren', '732829320', null],
    ['SIREN', '732829320', null],
    ['fr_siren', '356000000', null],
    ['siren', '732829321', 'GW-SIREN'],
    ['siren', '73282932', 'GW-SIREN'],
    ['siren', '7328293200', 'GW-SIREN'],
    ['siren', '73282932A', 'GW-SIREN'],
    ['siren', '732 829 320', 'GW-SIREN'],
    ['siren', '', 'GW-SIREN'],
    ['fr_siren', '١٢٣٤٥٦٧٨٩', 'GW-SIREN'], // non-ASCII digits
  ])('%s %j -> %s', (type, value, rule) => {
    expect(ruleOf(type, value)).toBe(rule);
  });
});

describe('SIRET (types siret, fr_siret)', () => {
  it('uses La Poste values that fail Luhn, so the exception is really exercised', () => {
    expect(luhnValid('35600000049837')).toBe(false);
    expect(luhnValid('35600000049814')).toBe(false);
  });

  it.each([
    ['siret', '73282932000074', null],
    ['FR_SIRET', '73282932000074', null],
    ['siret', '35600000000048', null], // La Poste head office (Luhn-valid)
    ['siret', '35600000049837', null], // La Poste establishment: digit sum 45
    ['siret', '35600000049814', null], // La Poste establishment: digit sum 40
    ['siret', '73282932000075', 'GW-SIRET'],
    ['siret', '7328293200007', 'GW-SIRET'],
    ['siret', '732829320000740', 'GW-SIRET'],
    ['siret', '7328293200007A', 'GW-SIRET'],
    ['siret', '732 829 320 00074', 'GW-SIRET'],
    ['siret', '35600000049838', 'GW-SIRET'], // La Poste, digit sum 46
    ['siret', '35600000000014', 'GW-SIRET'], // La Poste, Luhn-valid but digit sum 19
  ])('%s %j -> %s', (type, value, rule) => {
    expect(ruleOf(type, value)).toBe(rule);
  });
});

describe('VAT numbers (types eu_vat, fr_vat, vat)', () => {
  it.each([
    ['eu_vat', 'FR40303265045', null],
    ['fr_vat', 'FR40303265045', null],
    ['VAT', 'FR40303265045', null],
    ['eu_vat', 'FR41303265045', 'GW-VAT-FR-KEY'],
    ['eu_vat', 'FR00303265045', 'GW-VAT-FR-KEY'],
    ['eu_vat', 'FRAB303265045', null], // alphabetic key: format only
    ['eu_vat', 'FR4030326504', 'GW-VAT-FORMAT'],
    ['eu_vat', 'FR 40303265045', 'GW-VAT-FORMAT'],
    ['eu_vat', 'FR40 303265045', 'GW-VAT-FORMAT'],
    ['eu_vat', 'fr40303265045', 'BR-CO-09'], // lowercase prefix is not a VAT prefix
    ['eu_vat', 'EL123456789', null],
    ['eu_vat', 'GR123456789', 'GW-VAT-FORMAT'], // ISO code, so BR-CO-09 passes; VIES writes EL
    ['eu_vat', 'EL12345678', 'GW-VAT-FORMAT'],
    ['eu_vat', 'DE123456789', null],
    ['eu_vat', 'DE12345678', 'GW-VAT-FORMAT'],
    ['eu_vat', 'DE1234567890', 'GW-VAT-FORMAT'],
    ['eu_vat', 'ESX1234567B', null],
    ['eu_vat', 'ESx1234567B', 'GW-VAT-FORMAT'], // lowercase after the prefix
    ['eu_vat', 'XI123456789', null],
    ['eu_vat', 'XI123456789012', null],
    ['eu_vat', 'XIGD123', null],
    ['eu_vat', 'XI12345678', 'GW-VAT-FORMAT'],
    ['eu_vat', 'XI123456797', 'GW-VAT-FORMAT'], // GB check digits 97-99 do not exist
    ['eu_vat', 'XI123 4567 89', 'GW-VAT-FORMAT'],
    // Outside the EU VIES prefixes only BR-CO-09's prefix is checked, as the EN 16931 artefacts do.
    ['eu_vat', 'GB123456789', null],
    ['vat', 'GB123456789012', null],
    ['eu_vat', 'CHE123456789', null], // Swiss UID: prefix CH
    ['vat', 'CHE-123.456.789 MWST', null],
    ['eu_vat', 'NO987654321MVA', null], // the official EN 16931 examples' buyer
    ['vat', 'US123456789', null],
    ['vat', '1A12345', null], // Kosovo in the artefacts' list
    ['vat', 'XK12345', 'BR-CO-09'], // user-assigned code, not in the artefacts' list
    ['vat', 'ZZ123456789', 'BR-CO-09'],
    ['vat', 'EU123456789', 'BR-CO-09'], // OSS/MOSS numbers are not a BT-48 prefix
    ['vat', 'gb123456789', 'BR-CO-09'],
    ['vat', '12345678', 'BR-CO-09'],
    ['eu_vat', 'HR46830600751', null], // real fixture value
    ['eu_vat', 'DK87654321', null], // real fixture value
    ['eu_vat', '', 'BR-CO-09'],
  ])('%s %j -> %s', (type, value, rule) => {
    expect(ruleOf(type, value)).toBe(rule);
  });

  it('names the EL prefix for a Greek number written GR', () => {
    expect(checkTaxId('eu_vat', 'GR094259216')?.message).toContain('"EL094259216"');
  });

  it('reports a value failing several checks once, with the first failing rule', () => {
    const doc = invoice().withTaxIds({ type: 'eu_vat', value: 'gr 12' }).build();
    expect(checkInvoice(doc)).toEqual([
      { path: ['customer_snapshot', 'tax_ids', 0, 'value'], rule: 'BR-CO-09', message: expect.any(String) },
    ]);
  });
});

describe('other tax id types', () => {
  it.each(['gb_vat', 'duns', 'us_ein', 'siren_like'])('does not check type %s', (type) => {
    expect(ruleOf(type, 'not a number at all')).toBeNull();
  });
});

describe('properties', () => {
  const digits = (length: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

  it('an 8-digit base completed with its Luhn check digit is a valid SIREN', () => {
    fc.assert(
      fc.property(digits(8), (base) => {
        expect(ruleOf('siren', base + luhnCheckDigit(base))).toBeNull();
      }),
    );
  });

  it('changing any single digit of a valid SIREN makes it invalid', () => {
    fc.assert(
      fc.property(digits(8), fc.nat(8), fc.integer({ min: 1, max: 9 }), (base, position, shift) => {
        const siren = base + luhnCheckDigit(base);
        const changed = (Number(siren[position]) + shift) % 10;
        const mutated = siren.slice(0, position) + String(changed) + siren.slice(position + 1);
        expect(ruleOf('siren', mutated)).toBe('GW-SIREN');
      }),
    );
  });

  it('a 14-digit SIRET with a Luhn check digit, outside La Poste, is valid', () => {
    fc.assert(
      fc.property(
        digits(13).filter((base) => !base.startsWith('356000000')),
        (base) => {
          expect(ruleOf('siret', base + luhnCheckDigit(base))).toBeNull();
        },
      ),
    );
  });

  it('a French VAT number is accepted with its computed key and refused with any other 2-digit key', () => {
    fc.assert(
      fc.property(digits(9), fc.integer({ min: 0, max: 99 }), (siren, candidate) => {
        const key = String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
        expect(ruleOf('eu_vat', `FR${key}${siren}`)).toBeNull();
        const other = String(candidate).padStart(2, '0');
        fc.pre(other !== key);
        expect(ruleOf('eu_vat', `FR${other}${siren}`)).toBe('GW-VAT-FR-KEY');
      }),
    );
  });
});
