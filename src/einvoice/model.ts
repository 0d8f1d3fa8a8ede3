/**
 * The EN 16931 semantic model (EN 16931-1:2017), as far as Passerelle fills
 * it: business terms BT-n and groups BG-n, named by their standard names.
 * Amounts are integers in hundredths of the major unit ("cents", at most two
 * decimals: BR-DEC-*); quantities and prices are exact scaled decimals. The
 * UBL 2.1 and CII D22B writers read only this model; the mapping from the
 * SaaS JSON fills it (docs/mapping.md is the table).
 */
import type { Scaled } from './decimal.ts';

/** BT-151 / BT-118 VAT category codes allowed in France (BR-FR-15). */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O';

/** The French processing rule (note `#BAR#`, BR-FR-20; Flow Service `processingRule`). */
export type ProcessingRule = 'B2B' | 'B2BInt' | 'B2C';

/** BG-1 Invoice note: BT-21 subject code and BT-22 text. */
export interface Note {
  subjectCode: 'PMT' | 'PMD' | 'AAB' | 'BAR' | 'AAI';
  text: string;
}

/** A postal address (BG-5 seller, BG-8 buyer). */
export interface PostalAddress {
  line1?: string | undefined;
  line2?: string | undefined;
  city?: string | undefined;
  postalCode?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** An identifier with its scheme (BT-34/BT-49 EAS, BT-30/BT-47 ICD `0002`). */
export interface SchemedId {
  scheme: string;
  value: string;
}

/** BG-4 Seller or BG-7 Buyer. */
export interface Party {
  /** BT-27 / BT-44 */
  name: string;
  /** BT-28 / BT-45 */
  tradingName?: string | undefined;
  /** BT-30 / BT-47 legal registration identifier (SIREN, scheme 0002). */
  legalId?: SchemedId | undefined;
  /** BT-29 seller identifier (SIRET, scheme 0009). */
  identifier?: SchemedId | undefined;
  /** BT-31 / BT-48 VAT identifier. */
  vatId?: string | undefined;
  /** BT-34 / BT-49 electronic address. */
  endpoint?: SchemedId | undefined;
  address: PostalAddress;
  /** BT-43 / BT-58 contact e-mail. */
  email?: string | undefined;
}

/** A VAT category and rate (BT-151 + BT-152, BT-95 + BT-96, BT-118 + BT-119). */
export interface VatKey {
  category: VatCategory;
  /** Percent; absent for category O (BR-O-05). */
  rate: number | undefined;
}

/** BG-25 Invoice line. */
export interface Line extends VatKey {
  /** BT-126 */
  id: string;
  /** BT-129 (negative for a credit within an invoice, BR-27 keeps the price positive). */
  quantity: Scaled;
  /** BT-130 unit of measure (UN/ECE Rec 20). */
  unitCode: string;
  /** BT-131 line net amount, cents. */
  netAmount: number;
  /** BT-146 item net price, never negative (BR-27). */
  price: Scaled;
  /** BT-153 item name. */
  name: string;
  /** BG-26 line period (BT-134, BT-135). */
  period?: { start?: string | undefined; end?: string | undefined } | undefined;
}

/** BG-20 document-level allowance (`charge: false`) or BG-21 charge. */
export interface AllowanceCharge extends VatKey {
  charge: boolean;
  /** BT-92 / BT-99, cents, positive. */
  amount: number;
  /** BT-97 / BT-104 reason. */
  reason: string;
}

/** BG-23 VAT breakdown. */
export interface VatBreakdown extends VatKey {
  /** BT-116, cents. */
  taxableAmount: number;
  /** BT-117, cents. */
  taxAmount: number;
  /** BT-120 exemption reason text. */
  exemptionReason?: string | undefined;
  /** BT-121 exemption reason code (VATEX). */
  exemptionReasonCode?: string | undefined;
}

/** BG-22 Document totals, cents. */
export interface Totals {
  /** BT-106 Σ line net amounts. */
  lineTotal: number;
  /** BT-107 */
  allowanceTotal: number;
  /** BT-108 */
  chargeTotal: number;
  /** BT-109 */
  taxExclusive: number;
  /** BT-110 */
  taxTotal: number;
  /** BT-111 VAT total in EUR (accounting currency, BR-FR-CO-12) when BT-5 is not EUR. */
  taxTotalEur?: number | undefined;
  /** BT-112 */
  taxInclusive: number;
  /** BT-113 */
  prepaid: number;
  /** BT-114 */
  rounding: number;
  /** BT-115 */
  payable: number;
}

/** An EN 16931 invoice or credit note. */
export interface EInvoice {
  /** UBL root (`Invoice` or `CreditNote`); BT-3 380 or 381. */
  kind: 'invoice' | 'credit_note';
  /** BT-1 */
  number: string;
  /** BT-2, YYYY-MM-DD. */
  issueDate: string;
  /** BT-3 */
  typeCode: '380' | '381';
  /** BT-5 */
  currency: string;
  /** BT-9 */
  dueDate?: string | undefined;
  /** BT-23 billing framework (BR-FR-08). */
  businessProcess: string;
  /** BG-1 */
  notes: Note[];
  /** BG-14 invoicing period (BT-73, BT-74). */
  period?: { start?: string | undefined; end?: string | undefined } | undefined;
  /**
   * BT-8 Value added tax point date code, set when the seller opted for VAT on debits (Annexe 7 G1.43): the date
   * of the invoice, written `3` in UBL (UNTDID 2005) and `5` in CII (UNTDID 2475).
   */
  vatOnDebits?: boolean;
  /** BG-3 preceding invoice (BT-25 number, BT-26 date). */
  preceding?: { number: string; issueDate?: string | undefined } | undefined;
  seller: Party;
  buyer: Party;
  /** BG-16/BG-17: credit transfer (code 58) to this IBAN (BT-84) at this BIC (BT-86). */
  payment?: { iban: string; bic?: string | undefined } | undefined;
  /**
   * BG-15 deliver-to address, only its BT-80 country: written for an
   * intra-community supply (category K), which needs it (BR-IC-12).
   */
  deliverToCountry?: string | undefined;
  /** BT-20 payment terms. */
  paymentTerms?: string | undefined;
  allowanceCharges: AllowanceCharge[];
  vatBreakdown: VatBreakdown[];
  totals: Totals;
  lines: Line[];
  processingRule: ProcessingRule;
}
