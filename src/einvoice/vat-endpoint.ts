/**
 * The buyer's electronic address (BT-49) taken from its VAT number when it has neither a SIREN nor an e-mail:
 * the EAS scheme (CEF Electronic Address Scheme code list, as the EN 16931 1.3.16 artefacts list it in BR-CL-25)
 * that registers VAT numbers of the country the number's prefix names. Called by buyer.ts.
 */
import type { SchemedId } from './model.ts';

/**
 * VAT prefix (BT-48, EN 16931 BR-CO-09: `EL` for Greece) → the EAS code of that country's VAT numbers. From the
 * EAS list: 99xx "<country> VAT number" (9910 Hungary, 9914 Austria, 9920 Spain, 9922-9953, 9957 France),
 * 0211 (Italy, PARTITA IVA) and 0213 (Finnish Organization Value Add Tax Identifier). Countries whose VAT numbers
 * have no scheme of their own (Denmark, Sweden, Norway, Northern Ireland's XI, the United States, ...) are
 * absent: their buyers need an e-mail (BR-FR-12).
 */
export const VAT_EAS_SCHEMES: ReadonlyMap<string, string> = new Map([
  ['AD', '9922'],
  ['AL', '9923'],
  ['AT', '9914'],
  ['BA', '9924'],
  ['BE', '9925'],
  ['BG', '9926'],
  ['CH', '9927'],
  ['CY', '9928'],
  ['CZ', '9929'],
  ['DE', '9930'],
  ['EE', '9931'],
  ['EL', '9933'],
  ['ES', '9920'],
  ['FI', '0213'],
  ['FR', '9957'],
  ['GB', '9932'],
  ['HR', '9934'],
  ['HU', '9910'],
  ['IE', '9935'],
  ['IT', '0211'],
  ['LI', '9936'],
  ['LT', '9937'],
  ['LU', '9938'],
  ['LV', '9939'],
  ['MC', '9940'],
  ['ME', '9941'],
  ['MK', '9942'],
  ['MT', '9943'],
  ['NL', '9944'],
  ['PL', '9945'],
  ['PT', '9946'],
  ['RO', '9947'],
  ['RS', '9948'],
  ['SI', '9949'],
  ['SK', '9950'],
  ['SM', '9951'],
  ['TR', '9952'],
  ['VA', '9953'],
]);

/**
 * BT-49 for a VAT number: its country's EAS scheme and the number as written (prefix included, as the EAS VAT
 * schemes register it), or undefined when the prefix has no scheme.
 */
export function vatEndpoint(vatId: string): SchemedId | undefined {
  const scheme = VAT_EAS_SCHEMES.get(vatId.slice(0, 2));
  return scheme === undefined ? undefined : { scheme, value: vatId };
}
