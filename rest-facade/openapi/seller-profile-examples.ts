/**
 * Examples of `GET` and `PUT /v1/seller-profile`, recorded from a running
 * gateway. `examples.ts` adds them to `components.examples`; the OpenAPI test
 * validates each against its schema.
 */

import { detailExample, errorsExample, type Example } from './example-values.ts';

const minimal = {
  name: 'Atelier Numérique SAS',
  siren: '900123456',
  vat_number: 'FR87900123456',
  address: { line1: '10 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
};

const full = {
  name: 'Atelier Numérique SAS',
  trading_name: 'Atelier Numérique',
  siren: '900123456',
  siret: '90012345600015',
  vat_number: 'FR87900123456',
  address: { line1: '10 rue de la Paix', line2: 'Bâtiment B', postal_code: '75002', city: 'Paris', country: 'FR' },
  electronic_address: { scheme: '0225', value: '900123456_FACTURES' },
  email: 'facturation@atelier-numerique.example',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  billing_framework: 'S2',
  legal_notes: { aab: 'Escompte de 1 % pour paiement sous 8 jours.' },
  vat_regime: 'normal_quarterly',
  vat_on_debits: true,
};

const LEGAL_NOTES = {
  pmt:
    'En cas de retard de paiement, une indemnité forfaitaire pour frais de recouvrement de 40 € est due ' +
    '(art. L441-10 et D441-5 du Code de commerce).',
  pmd: "Pénalités de retard : trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance.",
  aab: "Pas d'escompte pour paiement anticipé.",
};

/** Request bodies of `PUT /v1/seller-profile`. */
export const sellerProfileRequestExamples: Record<string, Example> = {
  SellerProfileMinimal: {
    summary: 'The required fields, and the VAT number a seller outside the franchise en base needs',
    description:
      'The reply shows the defaults: electronic address 0225 with the SIREN, billing framework S1, the French legal notes, VAT ' +
      'regime normal_monthly, no VAT on debits.',
    value: minimal,
  },
  SellerProfileFull: { summary: 'Every field (an already paid service, S2; a discount note of its own)', value: full },
};

/** The full profile as stored: its own discount note (AAB), the default notes besides. */
const storedFull = { ...full, legal_notes: { ...LEGAL_NOTES, aab: full.legal_notes.aab } };

/** Replies of `GET` and `PUT /v1/seller-profile`. */
const storedMinimal = {
  ...minimal,
  trading_name: null,
  siret: null,
  address: { ...minimal.address, line2: null },
  electronic_address: { scheme: '0225', value: '900123456' },
  email: null,
  iban: null,
  bic: null,
  billing_framework: 'S1',
  legal_notes: LEGAL_NOTES,
  vat_regime: 'normal_monthly',
  vat_on_debits: false,
};

export const sellerProfileReplyExamples: Record<string, Example> = {
  SellerProfileStoredMinimal: { summary: 'The minimal profile as stored, defaults filled in', value: storedMinimal },
  SellerProfileStoredFull: {
    summary: 'The full profile as stored',
    value: storedFull,
  },
  SellerProfileNotSet: detailExample(
    'No profile yet',
    'notFound',
    'No seller profile is set for this tenant: PUT /v1/seller-profile sets it',
  ),
  SellerProfileStructureErrors: errorsExample('A required field missing and a field of the wrong JSON type', 'malformed', [
    { path: '/address/city', message: 'is required' },
    { path: '/siren', message: 'must be a string' },
  ]),
  SellerProfileRefused: errorsExample('Several refused values, each with its rule', 'invalid', [
    { path: '/siren', rule: 'BR-FR-10', message: 'SIREN "900123457" is not 9 digits with a valid Luhn key' },
    { path: '/address/country', rule: 'BR-CL-14', message: 'Country "fr" is not an uppercase ISO 3166-1 alpha-2 code' },
    { path: '/iban', rule: 'GW-SELLER-IBAN', message: '"FR7630006000011234567890188" is not a valid IBAN' },
    {
      path: '/billing_framework',
      rule: 'BR-FR-08',
      message: 'Billing framework "S3X" is not one of B1, S1, M1, B2, S2, M2, S3, B4, S4, M4, S5, S6, B7, S7, B8, S8, M8, B9, S9, M9',
    },
  ]),
};

const at = '2026-11-27T09:12:44.118Z';

/** Replies of `/v1/sellers` (`./sellers.ts`). */
export const sellerExamples: Record<string, Example> = {
  SellerCreated: {
    summary: 'Your first seller: it is your default',
    value: { ...storedMinimal, is_default: true, created_at: at, updated_at: at },
  },
  SellerFull: {
    summary: 'Another seller, quarterly returns and VAT on debits',
    value: {
      ...storedFull,
      siren: '732829320',
      electronic_address: { scheme: '0225', value: '732829320' },
      siret: null,
      vat_number: 'FR44732829320',
      is_default: false,
      created_at: at,
      updated_at: at,
    },
  },
  SellerCreatedUnregistered: {
    summary: 'A seller whose SIREN the PA directory does not know: created, with a warning',
    value: {
      ...storedMinimal,
      is_default: true,
      created_at: at,
      updated_at: at,
      warnings: [
        {
          code: 'directory-unregistered',
          message:
            'The PA directory has no line for SIREN 900123456: register it to receive e-invoices (every issuing SIREN must be, ' +
            'DSE v3.2 § 3.5); its documents are issued all the same',
        },
      ],
    },
  },
  SellerPage: {
    summary: 'A page of two sellers, more to come',
    value: { data: [{ ...storedMinimal, is_default: true, created_at: at, updated_at: at }], next_cursor: '900123456' },
  },
  SellerExists: detailExample(
    'The SIREN is taken',
    'sellerExists',
    'A seller with SIREN 900123456 exists already: updateSeller replaces it',
  ),
  SellerNotFound: detailExample('No such seller for this tenant', 'notFound', 'No seller with SIREN "123456789" under this tenant'),
};
