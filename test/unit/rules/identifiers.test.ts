import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTaxId, luhnValid } from '../../../src/domain/rules/identifiers.ts';
import { checkInvoice } from '../../../src/domain/rules/index.ts';
import { invoice } from '../../support/documents.ts';
import { SIREN_ROWS, SIRET_ROWS, VAT_ROWS } from '../../support/rule-tables.ts';

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
  it.each(SIREN_ROWS)('%s %j -> %s', (type, value, rule) => {
    expect(ruleOf(type, value)).toBe(rule);
  });
});

describe('SIRET (types siret, fr_siret)', () => {
  it('uses La Poste values that fail Luhn, so the exception is really exercised', () => {
    expect(luhnValid('35600000049837')).toBe(false);
    expect(luhnValid('35600000049814')).toBe(false);
  });

  it.each(SIRET_ROWS)('%s %j -> %s', (type, value, rule) => {
    expect(ruleOf(type, value)).toBe(rule);
  });
});

describe('VAT numbers (types eu_vat, fr_vat, vat)', () => {
  it.each(VAT_ROWS)('%s %j -> %s', (type, value, rule) => {
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
