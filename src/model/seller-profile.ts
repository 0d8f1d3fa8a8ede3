/**
 * A seller's profile: who the seller (EN 16931 BG-4) is, since the SaaS document names only the buyer. A tenant has
 * many sellers (`/v1/sellers`, GraphQL `createSeller`), one of them its default (`PUT /v1/seller-profile`); wire names
 * (snake_case) here, camelCase over GraphQL. Stored complete: defaults are filled in when it is set, so readers (the
 * mapping to EN 16931, the reporting rules) never guess.
 */

/** Postal address of the seller (BG-5). `country`: ISO 3166-1 alpha-2 (BT-40). */
export interface SellerAddress {
  /** BT-35 */
  line1: string;
  /** BT-36 */
  line2?: string | null;
  /** BT-38 */
  postal_code: string;
  /** BT-37 */
  city: string;
  /** BT-40 */
  country: string;
}

/** An electronic address (BT-34): scheme from the EAS code list (e.g. `0225`, `EM`) and the address. */
export interface ElectronicAddress {
  scheme: string;
  value: string;
}

/**
 * The three notes the French rules require on every invoice (BR-FR-05/06), by
 * subject code: `pmt` fixed recovery indemnity (#PMT#), `pmd` late-payment
 * penalties (#PMD#), `aab` early-payment discount (#AAB#).
 */
export interface LegalNotes {
  pmt: string;
  pmd: string;
  aab: string;
}

/**
 * The seller's VAT regime (DSE v3.2 § 3.7.7, Tableau 13): it sets the e-reporting periods. `normal_monthly` réel
 * normal with monthly returns, `normal_quarterly` réel normal with quarterly returns, `simplified` régime simplifié,
 * `franchise` franchise en base (no VAT charged, hence no VAT identifier needed).
 */
export type VatRegime = 'normal_monthly' | 'normal_quarterly' | 'simplified' | 'franchise';

/** Every {@link VatRegime}, in the order the docs list them. */
export const VAT_REGIMES: readonly VatRegime[] = ['normal_monthly', 'normal_quarterly', 'simplified', 'franchise'];

/** A complete, checked seller profile, as stored and as read by the mapping. */
export interface SellerProfile {
  /** BT-27 Seller name. */
  name: string;
  /** BT-28 Seller trading name. */
  trading_name: string | null;
  /** BT-30 Seller legal registration identifier, scheme 0002 (SIREN, 9 digits, Luhn). BR-FR-10. */
  siren: string;
  /** SIRET of the establishment (14 digits, starts with the SIREN: BR-FR-09). */
  siret: string | null;
  /** BT-31 Seller VAT identifier (FR key must match the SIREN). */
  vat_number: string | null;
  /** BG-5 */
  address: SellerAddress;
  /** BT-34; defaults to scheme 0225 with the SIREN (BR-FR-13). */
  electronic_address: ElectronicAddress;
  /** BT-43 Seller contact e-mail. */
  email: string | null;
  /** BT-84 payment account (IBAN), checked. */
  iban: string | null;
  /** BT-86 payment service provider (BIC), checked. */
  bic: string | null;
  /** Default BT-23 billing framework (BR-FR-08), e.g. `S1`; a document may override it with `billing_framework`. */
  billing_framework: string;
  /** BR-FR-05/06 notes. */
  legal_notes: LegalNotes;
  /** DSE v3.2 § 3.7.7: the e-reporting periods. */
  vat_regime: VatRegime;
  /**
   * "Option pour le paiement de la taxe d'après les débits": BT-8 = 3 (UBL) / 5 (CII) on every invoice (Annexe 7
   * G1.43), and no payment data owed (DSE v3.2 § 2.3.2).
   */
  vat_on_debits: boolean;
}

/**
 * A seller profile as a client sends it (`PUT /v1/seller-profile`, wire
 * names; GraphQL `SellerProfileInput` after `inputToWire`). Optional fields
 * may be absent or null (the same on input); {@link SellerProfile} is what it
 * becomes once checked and completed with the defaults.
 */
export interface SellerProfileInput {
  name: string;
  trading_name?: string | null;
  siren: string;
  siret?: string | null;
  vat_number?: string | null;
  address: SellerAddress;
  /** Absent: scheme `0225` with the SIREN. `scheme` absent: `0225`. */
  electronic_address?: { scheme?: string | null; value: string } | null;
  email?: string | null;
  iban?: string | null;
  bic?: string | null;
  /** Absent: `S1` (services, normal invoice). */
  billing_framework?: string | null;
  /** Each absent note takes its French default (see `defaults.ts`). */
  legal_notes?: Partial<Record<keyof LegalNotes, string | null>> | null;
  /** Required on `POST /v1/sellers`; absent on `PUT /v1/seller-profile`: `normal_monthly`. */
  vat_regime?: VatRegime | null;
  /** Absent: false. */
  vat_on_debits?: boolean | null;
}
