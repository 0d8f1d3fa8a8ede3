/** French and EU identifiers: SIREN and SIRET (Luhn), the French VAT key, VAT number formats (BR-CO-09): the rules, the seller checks and the directory API call them. */
import validator from 'validator';
import { EU_VAT_PREFIXES } from '../../model/eu-vat.ts';
import { isVatPrefix } from './code-lists.ts';
import { quote, type Finding } from './findings.ts';

/** True when the digit string passes the Luhn (mod 10) check; `digits` must be ASCII digits only. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** SIREN (INSEE company number): exactly 9 ASCII digits, Luhn-valid. */
export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

// La Poste registers its establishments under one SIREN and numbers them with
// a digit-sum-mod-5 key instead of Luhn (INSEE exception); its head office
// keeps an ordinary Luhn-valid SIRET whose digit sum is not a multiple of 5.
const LA_POSTE_SIREN = '356000000';
const LA_POSTE_HEAD_OFFICE = '35600000000048';

/**
 * SIRET (INSEE establishment number): exactly 14 ASCII digits, Luhn-valid;
 * for La Poste (SIREN 356000000) the sum of the 14 digits must instead be a
 * multiple of 5, and the head office 35600000000048 is accepted as such.
 */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (!value.startsWith(LA_POSTE_SIREN)) return luhnValid(value);
  if (value === LA_POSTE_HEAD_OFFICE) return true;
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += value.charCodeAt(i) - 48;
  return sum % 5 === 0;
}

/** The two-digit key of a French VAT number for a 9-digit SIREN: (12 + 3 × (SIREN mod 97)) mod 97, zero-padded. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

// validator's GB pattern only takes the spaced forms ("GB123 4567 89",
// "GB123456789 123"); XI numbers arrive unspaced (see the no-space rule), so
// they are re-spaced the way validator expects before the GB check.
function asValidatorGb(body: string): string {
  if (/^\d{9}$/.test(body)) return `GB${body.slice(0, 3)} ${body.slice(3, 7)} ${body.slice(7)}`;
  if (/^\d{12}$/.test(body)) return `GB${body.slice(0, 9)} ${body.slice(9)}`;
  return `GB${body}`;
}

/**
 * Checks a VAT number (customer BT-48, seller BT-31), in this order, reporting
 * only the first failure (an empty value is `GW-VAT-FORMAT`):
 * 1. `BR-CO-09`: the first two characters are a prefix EN 16931 accepts, as
 *    its official artefacts test it: an ISO 3166-1 alpha-2 code, `EL` for
 *    Greece, `XI` for Northern Ireland, `1A` for Kosovo (case-sensitive; see
 *    {@link isVatPrefix}). `GB…`, `CHE…` (Swiss UID, prefix `CH`), `NO…` pass.
 * 2. `GW-VAT-FORMAT`, for `GR…`: Greece's VAT numbers take the VIES prefix
 *    `EL`; BR-CO-09 lets `GR` through (it is Greece's ISO code), but VIES and
 *    the buyer's own registration never write it, so the message says to
 *    write `EL` instead.
 * 3. `GW-VAT-FORMAT`, for an EU VIES prefix only: no whitespace, no lowercase,
 *    and the country's format per `validator.isVAT` (XI is checked as GB).
 *    Numbers of other countries (GB, CH, NO, US, ...) are checked for their
 *    prefix only, as the artefacts check them.
 * 4. `GW-VAT-FR-KEY`: for FR with a numeric key, the key matches the SIREN
 *    (alphabetic keys are only format-checked).
 */
export function checkVatNumber(value: string): Finding | undefined {
  // An empty number has no prefix for BR-CO-09 to test (the artefacts see no BT-48 at all): it is malformed.
  if (value === '') return { rule: 'GW-VAT-FORMAT', message: `VAT number ${quote(value)} is empty` };
  const prefix = value.slice(0, 2);
  if (!isVatPrefix(prefix)) {
    return {
      rule: 'BR-CO-09',
      message: `VAT number ${quote(value)} does not start with an ISO 3166-1 alpha-2 country code (uppercase; EL for Greece, XI for Northern Ireland)`,
    };
  }
  if (prefix === 'GR') {
    return {
      rule: 'GW-VAT-FORMAT',
      message: `VAT number ${quote(value)} starts with GR: Greek VAT numbers take the prefix EL (VIES), write ${quote(`EL${value.slice(2)}`)}`,
    };
  }
  const country = EU_VAT_PREFIXES.get(prefix);
  if (country === undefined) return undefined;
  const wellFormed =
    !/\s/.test(value) && value === value.toUpperCase() && validator.isVAT(prefix === 'XI' ? asValidatorGb(value.slice(2)) : value, country);
  if (!wellFormed) {
    return { rule: 'GW-VAT-FORMAT', message: `VAT number ${quote(value)} does not match the ${prefix} format` };
  }
  if (prefix === 'FR') {
    const key = value.slice(2, 4);
    const siren = value.slice(4);
    const expected = frenchVatKey(siren);
    if (/^\d{2}$/.test(key) && key !== expected) {
      return {
        rule: 'GW-VAT-FR-KEY',
        message: `VAT number ${quote(value)} has key ${key}; SIREN ${siren} needs key ${expected}`,
      };
    }
  }
  return undefined;
}

/**
 * Checks a seller's VAT number (BT-31 of the seller profile): as {@link checkVatNumber}, and then an EU VIES
 * prefix (`GW-VAT-FORMAT`): the seller is a French company (SIREN), registered for VAT in the EU. A buyer's
 * number may be of any country (BR-CO-09 as the artefacts test it).
 */
export function checkSellerVatNumber(value: string): Finding | undefined {
  const finding = checkVatNumber(value);
  if (finding !== undefined || EU_VAT_PREFIXES.has(value.slice(0, 2))) return finding;
  return {
    rule: 'GW-VAT-FORMAT',
    message: `VAT number ${quote(value)} is not an EU VAT number (VIES prefix: ${[...EU_VAT_PREFIXES.keys()].join(', ')})`,
  };
}

/**
 * Checks one customer tax id (`customer_snapshot.tax_ids[k]`) by its `type`,
 * compared case-insensitively: `siren`/`fr_siren` → `GW-SIREN`,
 * `siret`/`fr_siret` → `GW-SIRET`, `eu_vat`/`fr_vat`/`vat` → see
 * {@link checkVatNumber}. Other types are not checked. Spec § Errors cause 2.
 */
export function checkTaxId(type: string, value: string): Finding | undefined {
  switch (type.toLowerCase()) {
    case 'siren':
    case 'fr_siren':
      return isValidSiren(value) ? undefined : { rule: 'GW-SIREN', message: `SIREN ${quote(value)} is not 9 digits with a valid Luhn key` };
    case 'siret':
    case 'fr_siret':
      return isValidSiret(value) ? undefined : { rule: 'GW-SIRET', message: `SIRET ${quote(value)} is not 14 digits with a valid key` };
    case 'eu_vat':
    case 'fr_vat':
    case 'vat':
      return checkVatNumber(value);
    default:
      return undefined;
  }
}
