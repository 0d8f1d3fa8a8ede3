/**
 * Value checks of a seller profile (pure): every problem at once, each with
 * its path in wire names and an EN 16931 / BR-FR rule id where one fits,
 * else a `GW-*` id of the catalogue. The structure (types, required fields)
 * is the 400 stage's business (the GraphQL input type); these checks run on
 * a structurally valid input.
 */
import { WRITABLE_BILLING_FRAMEWORKS } from '../../einvoice/framework.ts';
import { hasNonXmlCharacter } from '../../einvoice/xml.ts';
import validator from 'validator';
import { ruleIdsFor, type RuleId, type RuleViolation } from '../../model/rule-catalogue.ts';
import { checkCountry } from '../rules/code-lists.ts';
import { quote, type Finding } from '../rules/findings.ts';
import { checkSellerVatNumber, isValidSiren, isValidSiret } from '../rules/identifiers.ts';
import { isStorableText } from '../text.ts';
import { DEFAULT_EAS_SCHEME } from './seller-defaults.ts';
import { type SellerProfileInput, VAT_REGIMES } from '../../model/seller-profile.ts';

/**
 * The BT-23 billing frameworks (cadres de facturation) a profile may name: BR-FR-08's list (B goods,
 * S services, M mixed; 1 normal, 2 already paid, 3/5/6 subcontracting and co-contracting cases,
 * 4 final invoice after a down payment, 7 VAT already collected) without the multi-vendor 8 and 9,
 * which need GROUP lines the gateway does not write (src/einvoice/framework.ts).
 */
export const BILLING_FRAMEWORKS: readonly string[] = WRITABLE_BILLING_FRAMEWORKS;

/**
 * The EAS codes (CEF Electronic Address Scheme) accepted for the seller's
 * electronic address (BT-34), the list of the BR-FR schematron 1.4.0.03
 * (`custom:is-valid-eas-code`). Among them: `0225` French addressing
 * identifier (the default, with the SIREN), `0002` SIREN, `0009` SIRET,
 * `EM` e-mail, `9957` French VAT number.
 */
export const EAS_CODES: ReadonlySet<string> = new Set(
  (
    'AN AQ AS AU EM 0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 ' +
    '0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 ' +
    '0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 ' +
    '9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 ' +
    '9949 9950 9951 9952 9953 9957 9959'
  ).split(' '),
);

/**
 * Every rule {@link checkSellerProfile} can report (`applies` `seller-profile` in the catalogue), in catalogue order:
 * the OpenAPI document's seller profile 422 lists these; a unit test reaches each.
 */
export const SELLER_PROFILE_RULES: readonly RuleId[] = ruleIdsFor('seller-profile');

/** Longest text field (names, address lines) and longest legal note, in UTF-16 code units. */
export const TEXT_LIMIT = 255;
export const NOTE_LIMIT = 1000;
/** BR-FR-25: an electronic address has at most 125 characters. */
export const ENDPOINT_LIMIT = 125;

type Path = Array<string | number>;

function checkText(value: unknown, limit: number): Finding | undefined {
  if (typeof value !== 'string' || value.trim() === '') return { rule: 'GW-SELLER-TEXT', message: 'Must not be blank' };
  if (value.length > limit) return { rule: 'GW-SELLER-TEXT', message: `Longer than ${limit} characters (${value.length})` };
  // PostgreSQL jsonb cannot store U+0000 or an unpaired surrogate unchanged.
  if (!isStorableText(value)) return { rule: 'GW-SELLER-TEXT', message: 'Contains U+0000 or an unpaired surrogate' };
  // The e-invoice (XML 1.0) cannot carry the other C0 controls either; the writers would put U+FFFD in their place.
  if (hasNonXmlCharacter(value))
    return { rule: 'GW-SELLER-TEXT', message: 'Contains a control character an e-invoice (XML 1.0) cannot carry' };
  return undefined;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

function checkSiret(siret: string, siren: string): Finding | undefined {
  if (!isValidSiret(siret)) return { rule: 'GW-SIRET', message: `SIRET ${quote(siret)} is not 14 digits with a valid key` };
  if (!siret.startsWith(siren)) return { rule: 'BR-FR-09', message: `SIRET ${quote(siret)} does not start with the SIREN ${quote(siren)}` };
  return undefined;
}

function checkVat(vat: string, siren: string): Finding | undefined {
  const finding = checkSellerVatNumber(vat);
  if (finding) return finding;
  if (vat.startsWith('FR') && vat.slice(4) !== siren) {
    return { rule: 'GW-SELLER-VAT-SIREN', message: `VAT number ${quote(vat)} is not built on the SIREN ${quote(siren)}` };
  }
  return undefined;
}

function checkEndpointValue(scheme: string, value: string): Finding | undefined {
  const text = checkText(value, Number.POSITIVE_INFINITY);
  if (text) return text;
  if (value.length > ENDPOINT_LIMIT) return { rule: 'BR-FR-25', message: `Longer than ${ENDPOINT_LIMIT} characters (${value.length})` };
  const fits: Record<string, () => Finding | undefined> = {
    '0225': () =>
      /^[A-Za-z0-9+\-_.]+$/.test(value)
        ? undefined
        : { rule: 'BR-FR-23', message: `Address ${quote(value)} may only have letters, digits, +, -, _ and .` },
    '0002': () =>
      isValidSiren(value) ? undefined : { rule: 'GW-SELLER-ENDPOINT', message: `Scheme 0002 needs a SIREN, not ${quote(value)}` },
    '0009': () =>
      isValidSiret(value) ? undefined : { rule: 'GW-SELLER-ENDPOINT', message: `Scheme 0009 needs a SIRET, not ${quote(value)}` },
    EM: () =>
      validator.isEmail(value)
        ? undefined
        : { rule: 'GW-SELLER-ENDPOINT', message: `Scheme EM needs an e-mail address, not ${quote(value)}` },
  };
  return fits[scheme]?.();
}

/**
 * Checks a seller profile's values and returns every violation (empty when
 * the profile can be stored), in field order:
 * - texts (`name`, `trading_name`, address lines, `postal_code`, `city`, legal
 *   notes): `GW-SELLER-TEXT` when blank, over {@link TEXT_LIMIT} ({@link NOTE_LIMIT}
 *   for a note) or unstorable;
 * - `siren`: `BR-FR-10` unless 9 digits with a valid Luhn key (BT-30, scheme 0002);
 * - `siret`: `GW-SIRET` (14 digits, Luhn), then `BR-FR-09` (starts with the SIREN);
 * - `vat_number` (BT-31): `BR-CO-09`, `GW-VAT-FORMAT`, `GW-VAT-FR-KEY` as for a
 *   customer, then `GW-SELLER-VAT-SIREN` when an FR number is not built on the SIREN;
 * - `address.country` (BT-40): `BR-CL-14`;
 * - `electronic_address` (BT-34): `BR-CL-25` (scheme not an {@link EAS_CODES} code),
 *   `BR-FR-25` (over 125 characters), `BR-FR-23` (0225 characters),
 *   `GW-SELLER-ENDPOINT` (0002 SIREN, 0009 SIRET, EM e-mail);
 * - `email` (BT-43) `GW-SELLER-EMAIL`, `iban` (BT-84) `GW-SELLER-IBAN`,
 *   `bic` (BT-86) `GW-SELLER-BIC` (validator's isEmail, isIBAN, isBIC);
 * - `billing_framework` (BT-23): `BR-FR-08` unless one of {@link BILLING_FRAMEWORKS};
 * - `vat_regime`: `GW-SELLER-VAT-REGIME` unless one of {@link VAT_REGIMES}; then, without `vat_number` outside
 *   `franchise`, `BR-S-02` at `vat_number` (no standard-rated invoice could pass).
 * A check that needs the SIREN (SIRET prefix, VAT SIREN) is skipped while the SIREN itself is invalid.
 */
export function checkSellerProfile(input: SellerProfileInput): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const report = (path: Path, finding: Finding | undefined) => {
    if (finding) violations.push({ path, ...finding });
  };
  report(['name'], checkText(input.name, TEXT_LIMIT));
  if (present(input.trading_name)) report(['trading_name'], checkText(input.trading_name, TEXT_LIMIT));
  const sirenValid = typeof input.siren === 'string' && isValidSiren(input.siren);
  if (!sirenValid) report(['siren'], { rule: 'BR-FR-10', message: `SIREN ${quote(input.siren)} is not 9 digits with a valid Luhn key` });
  if (present(input.siret)) {
    // With an invalid SIREN only the SIRET's own key is checked: BR-FR-09 would repeat the SIREN's problem.
    report(['siret'], checkSiret(input.siret, sirenValid ? input.siren : ''));
  }
  if (present(input.vat_number))
    report(['vat_number'], sirenValid ? checkVat(input.vat_number, input.siren) : checkSellerVatNumber(input.vat_number));
  const address = input.address ?? ({} as Partial<SellerProfileInput['address']>);
  report(['address', 'line1'], checkText(address.line1, TEXT_LIMIT));
  if (present(address.line2)) report(['address', 'line2'], checkText(address.line2, TEXT_LIMIT));
  report(['address', 'postal_code'], checkText(address.postal_code, TEXT_LIMIT));
  report(['address', 'city'], checkText(address.city, TEXT_LIMIT));
  report(['address', 'country'], checkCountry(address.country));
  const endpoint = input.electronic_address;
  if (present(endpoint)) {
    const scheme = endpoint.scheme ?? DEFAULT_EAS_SCHEME;
    if (!EAS_CODES.has(scheme)) {
      report(['electronic_address', 'scheme'], { rule: 'BR-CL-25', message: `Scheme ${quote(scheme)} is not an EAS code` });
    } else {
      report(['electronic_address', 'value'], checkEndpointValue(scheme, endpoint.value));
    }
  }
  if (present(input.email) && !validator.isEmail(input.email)) {
    report(['email'], { rule: 'GW-SELLER-EMAIL', message: `${quote(input.email)} is not an e-mail address` });
  }
  if (present(input.iban) && !validator.isIBAN(input.iban)) {
    report(['iban'], { rule: 'GW-SELLER-IBAN', message: `${quote(input.iban)} is not a valid IBAN` });
  }
  if (present(input.bic) && !validator.isBIC(input.bic)) {
    report(['bic'], { rule: 'GW-SELLER-BIC', message: `${quote(input.bic)} is not a valid BIC` });
  }
  if (present(input.billing_framework) && !BILLING_FRAMEWORKS.includes(input.billing_framework)) {
    report(['billing_framework'], {
      rule: 'BR-FR-08',
      message: `Billing framework ${quote(input.billing_framework)} is not one of ${BILLING_FRAMEWORKS.join(', ')}`,
    });
  }
  for (const key of ['pmt', 'pmd', 'aab'] as const) {
    const note = input.legal_notes?.[key];
    if (present(note)) report(['legal_notes', key], checkText(note, NOTE_LIMIT));
  }
  if (present(input.vat_regime) && !(VAT_REGIMES as readonly string[]).includes(input.vat_regime)) {
    report(['vat_regime'], {
      rule: 'GW-SELLER-VAT-REGIME',
      message: `VAT regime ${quote(input.vat_regime)} is not one of ${VAT_REGIMES.join(', ')}`,
    });
  } else if (!present(input.vat_number) && input.vat_regime !== 'franchise') {
    // Every standard-rated line needs BT-31: such a seller could issue no ordinary French invoice (BR-S-02).
    report(['vat_number'], {
      rule: 'BR-S-02',
      message: 'A seller outside the franchise en base (vat_regime) needs its VAT number (BT-31): standard-rated invoices require it',
    });
  }
  return violations;
}

/** The checks of a new seller (`POST /v1/sellers`): those of {@link checkSellerProfile}, and `vat_regime` is required. */
export function checkNewSeller(input: SellerProfileInput): RuleViolation[] {
  const violations = checkSellerProfile(input);
  if (!present(input.vat_regime)) {
    violations.push({
      path: ['vat_regime'],
      rule: 'GW-SELLER-VAT-REGIME',
      message: `vat_regime is required: one of ${VAT_REGIMES.join(', ')}`,
    });
  }
  return violations;
}
