/**
 * What a seller profile gets when the client leaves a field out, and the
 * demo profile of the quick start's `dev` tenant. A profile is stored
 * complete (see {@link completeSellerProfile}), so the mapping to EN 16931
 * reads values, never these defaults.
 */
import type { LegalNotes, SellerProfile, SellerProfileInput } from '../../model/seller-profile.ts';

/** BT-23 when the profile names none: `S1`, services invoiced normally (a SaaS subscription). BR-FR-08. */
export const DEFAULT_BILLING_FRAMEWORK = 'S1';

/** The VAT regime a profile set without one gets (`PUT /v1/seller-profile` of earlier clients): réel normal, monthly. */
export const DEFAULT_VAT_REGIME = 'normal_monthly';

/** BT-34 scheme when none is given: `0225`, the French addressing identifier (annuaire PPF), with the SIREN as value. */
export const DEFAULT_EAS_SCHEME = '0225';

/**
 * The three notes BR-FR-05/06 require (#PMT#, #PMD#, #AAB#), in French, as
 * the Code de commerce asks of a B2B invoice: the 40 € fixed recovery
 * indemnity (art. L441-10 and D441-5), the late-payment penalty rate, and the
 * early-payment discount terms (none).
 */
export const DEFAULT_LEGAL_NOTES: Readonly<LegalNotes> = Object.freeze({
  pmt:
    'En cas de retard de paiement, une indemnité forfaitaire pour frais de recouvrement de 40 € est due ' +
    '(art. L441-10 et D441-5 du Code de commerce).',
  pmd: "Pénalités de retard : trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance.",
  aab: "Pas d'escompte pour paiement anticipé.",
});

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/**
 * The stored form of a checked input: every optional field present (null when
 * not given), defaults filled in (electronic address `0225` + SIREN, billing
 * framework `S1`, each missing legal note its French default), the IBAN without
 * spaces or hyphens and the IBAN and BIC in capitals (validator's isIBAN and
 * isBIC accept both spellings; BT-84 and BT-86 carry the compact one).
 * Call it only on an input {@link checkSellerProfile} accepted.
 */
export function completeSellerProfile(input: SellerProfileInput): SellerProfile {
  const notes = input.legal_notes ?? {};
  return {
    name: input.name,
    trading_name: orNull(input.trading_name),
    siren: input.siren,
    siret: orNull(input.siret),
    vat_number: orNull(input.vat_number),
    address: {
      line1: input.address.line1,
      line2: orNull(input.address.line2),
      postal_code: input.address.postal_code,
      city: input.address.city,
      country: input.address.country,
    },
    electronic_address: input.electronic_address
      ? { scheme: input.electronic_address.scheme ?? DEFAULT_EAS_SCHEME, value: input.electronic_address.value }
      : { scheme: DEFAULT_EAS_SCHEME, value: input.siren },
    email: orNull(input.email),
    iban: input.iban == null ? null : input.iban.replace(/[\s-]+/g, '').toUpperCase(),
    bic: input.bic == null ? null : input.bic.toUpperCase(),
    billing_framework: input.billing_framework ?? DEFAULT_BILLING_FRAMEWORK,
    legal_notes: {
      pmt: notes.pmt ?? DEFAULT_LEGAL_NOTES.pmt,
      pmd: notes.pmd ?? DEFAULT_LEGAL_NOTES.pmd,
      aab: notes.aab ?? DEFAULT_LEGAL_NOTES.aab,
    },
    vat_regime: input.vat_regime ?? DEFAULT_VAT_REGIME,
    vat_on_debits: input.vat_on_debits ?? false,
  };
}

/**
 * The demo seller of the quick start's `dev` tenant (docs/api-guide.md,
 * "Seller profile"): a fictitious Paris SAS selling software subscriptions.
 * SIREN 900123456 (Luhn-valid; not the example customer's 732829320), SIRET
 * 90012345600015 (its head office), VAT FR87900123456 (key of that SIREN),
 * IBAN FR7630006000011234567890189 (valid check digits, a documentation
 * account), BIC AGRIFRPPXXX. Defaults fill in the electronic address
 * (0225:900123456), the billing framework (S1) and the legal notes.
 */
export const DEMO_SELLER_PROFILE: Readonly<SellerProfileInput> = Object.freeze({
  name: 'Passerelle Démo SAS',
  trading_name: 'Passerelle Démo',
  siren: '900123456',
  siret: '90012345600015',
  vat_number: 'FR87900123456',
  address: { line1: '10 rue de la Paix', line2: null, postal_code: '75002', city: 'Paris', country: 'FR' },
  email: 'facturation@passerelle-demo.example',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  vat_regime: 'normal_monthly',
});
