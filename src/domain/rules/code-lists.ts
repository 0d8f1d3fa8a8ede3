/** Code-list checks of the submission rules (spec § Limits): supported currencies (ISO 4217 with their minor units), ISO 3166 countries, EU VAT prefixes. The rule schemas (schemas.ts), the seller checks and the OpenAPI enums call them. */
import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';
import { quote, type Finding } from './findings.ts';

// Spec § Limits "Currencies", in the spec's order (messages list them so).
const SUPPORTED_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'KRW', 'XOF', 'XAF', 'BHD', 'KWD', 'TND'] as const;

function buildSupportedCurrencies(): ReadonlyMap<string, number> {
  const map = new Map<string, number>();
  for (const code of SUPPORTED_CODES) {
    const record = currencyCodes.code(code);
    // Fail at start-up, not on the first invoice, if a package update ever drops a code.
    if (record === undefined) throw new Error(`currency-codes does not know supported currency ${code}`);
    map.set(code, record.digits);
  }
  return map;
}

/**
 * The currencies the gateway accepts (spec § Limits "Currencies"), mapped to
 * their ISO 4217 minor units: the number of decimal digits of the smallest
 * unit that document amounts are counted in (EUR 2, JPY 0, BHD 3). Built once
 * from `currency-codes`; iteration order is the spec's order.
 */
export const SUPPORTED_CURRENCIES: ReadonlyMap<string, number> = buildSupportedCurrencies();

/**
 * True when `code` is one of the supported currencies, compared exactly
 * (ISO 4217 codes are uppercase: `"eur"` is not supported). Spec § Limits.
 */
export function isSupportedCurrency(code: string): boolean {
  return SUPPORTED_CURRENCIES.has(code);
}

// `currencyCodes.code()` upper-cases its argument, which would let "eur"
// through; an exact set keeps the check case-sensitive.
const ISO_4217_CODES: ReadonlySet<string> = new Set(currencyCodes.codes());

const SUPPORTED_LIST = [...SUPPORTED_CURRENCIES.keys()].join(', ');

/**
 * Checks a document currency (BT-5): `BR-CL-04` when it is not an ISO 4217
 * alpha-3 code, `GW-CURRENCY-UNSUPPORTED` when it is one the gateway does not
 * support. `undefined` when accepted.
 */
export function checkCurrency(code: string): Finding | undefined {
  if (isSupportedCurrency(code)) return undefined;
  if (!/^[A-Z]{3}$/.test(code) || !ISO_4217_CODES.has(code)) {
    return { rule: 'BR-CL-04', message: `Currency ${quote(code)} is not an ISO 4217 alpha-3 code` };
  }
  return {
    rule: 'GW-CURRENCY-UNSUPPORTED',
    message: `Currency ${quote(code)} is not supported; supported: ${SUPPORTED_LIST}`,
  };
}

/** The BR-05 finding for a credit note without currency. */
export function missingCurrency(): Finding {
  return { rule: 'BR-05', message: `Credit note currency is missing; supported: ${SUPPORTED_LIST}` };
}

/**
 * Checks a `country` value: it must be a string holding an uppercase ISO
 * 3166-1 alpha-2 code known to `i18n-iso-countries` (EN 16931 BR-CL-14).
 * `isValid` alone would also take lowercase, alpha-3 and numeric codes, hence
 * the pattern first. `undefined` when accepted.
 */
export function checkCountry(value: unknown): Finding | undefined {
  if (typeof value === 'string' && /^[A-Z]{2}$/.test(value) && countries.isValid(value)) {
    return undefined;
  }
  const message =
    typeof value === 'string'
      ? `Country ${quote(value)} is not an uppercase ISO 3166-1 alpha-2 code`
      : `Country must be an uppercase ISO 3166-1 alpha-2 code string, not ${quote(value)}`;
  return { rule: 'BR-CL-14', message };
}

/**
 * The VAT number prefixes EN 16931 BR-CO-09 accepts (BT-31, BT-48, BT-63), as
 * the official artefacts (EN 16931 1.3.16) list them: the ISO 3166-1 alpha-2
 * codes (from `i18n-iso-countries`), plus `EL` (Greece in VIES), `XI`
 * (Northern Ireland) and `1A` (Kosovo), and without `XK`, a user-assigned
 * code `i18n-iso-countries` carries for Kosovo that the artefacts do not take.
 */
const VAT_PREFIXES: ReadonlySet<string> = new Set(
  Object.keys(countries.getAlpha2Codes())
    .filter((code) => code !== 'XK')
    .concat(['EL', 'XI', '1A']),
);

/** True when `prefix` (two characters, case-sensitive) may start a VAT number (EN 16931 BR-CO-09). */
export function isVatPrefix(prefix: string): boolean {
  return VAT_PREFIXES.has(prefix);
}
