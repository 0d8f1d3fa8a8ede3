// The EU VAT prefixes (VIES) and EU membership: shared vocabulary of the rules and the EN 16931 mapping.
import type validator from 'validator';

type VatCountry = validator.VATCountryCode;

// VAT prefixes used in the EU VIES system (European Commission, "VIES VAT
// number validation", member-state list): the 27 member states under their
// ISO 3166-1 code, except Greece, which uses EL; plus XI for Northern Ireland
// under the Windsor Framework. Not an ISO 3166 list, hence a constant.
// Value: the `validator.isVAT` country whose format applies.
export const EU_VAT_PREFIXES: ReadonlyMap<string, VatCountry> = new Map<string, VatCountry>([
  ['AT', 'AT'],
  ['BE', 'BE'],
  ['BG', 'BG'],
  ['CY', 'CY'],
  ['CZ', 'CZ'],
  ['DE', 'DE'],
  ['DK', 'DK'],
  ['EE', 'EE'],
  ['EL', 'EL'],
  ['ES', 'ES'],
  ['FI', 'FI'],
  ['FR', 'FR'],
  ['HR', 'HR'],
  ['HU', 'HU'],
  ['IE', 'IE'],
  ['IT', 'IT'],
  ['LT', 'LT'],
  ['LU', 'LU'],
  ['LV', 'LV'],
  ['MT', 'MT'],
  ['NL', 'NL'],
  ['PL', 'PL'],
  ['PT', 'PT'],
  ['RO', 'RO'],
  ['SE', 'SE'],
  ['SI', 'SI'],
  ['SK', 'SK'],
  ['XI', 'GB'],
]);

/**
 * True when `country` (ISO 3166-1 alpha-2) is an EU member state, as the VIES
 * prefixes above list them (Greece under its ISO code GR). Used to tell an
 * intra-EU business buyer (VAT category AE, processing rule B2BInt) apart.
 */
export function isEuMemberState(country: string): boolean {
  if (country === 'GR') return true;
  return country !== 'EL' && country !== 'XI' && EU_VAT_PREFIXES.has(country);
}
