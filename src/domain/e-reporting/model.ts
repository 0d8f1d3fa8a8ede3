/**
 * The flux 10 e-reporting model (DGFiP external specifications v3.2 §3.7, Annexe 6 "Format sémantique FE
 * e-reporting" V1.10): a transmission `Report` = `ReportDocument` (TB-1) + either a `TransactionsReport`
 * (TB-2: 10.1 international B2B invoices, 10.3 B2C daily aggregates) or a `PaymentsReport` (TB-3: 10.2
 * international B2B cashings, 10.4 B2C daily cashings), never both (Annexe 7 G6.29). Terms are named TT-n /
 * TG-n / TB-n as Annexe 6 names them. Amounts are integers in hundredths of the currency's major unit
 * ("cents", as in the EN 16931 model, src/einvoice/model.ts); dates are `YYYY-MM-DD` (the writer turns
 * them into AAAAMMJJ). Built by report.ts, written by frr-writer.ts.
 */
import type { Scaled } from '../../einvoice/decimal.ts';

/** The two kinds of transmission, sent separately (G6.29; DSE v3.2 §3.7.7). */
export type ReportKind = 'transactions' | 'payments';

/** TT-4: `IN` initial, `RE` rectificative, which replaces every datum of its period (G8.01; DSE v3.2 §3.7.7). */
export type TransmissionType = 'IN' | 'RE';

/** TT-81 B2C transaction categories (Annexe 7 G1.68). */
export type TransactionCategory = 'TLB1' | 'TPS1' | 'TNT1' | 'TMA1';

/** A period of transmission (TG-7 TT-17/TT-18, TG-33 TT-89/TT-90), both dates inclusive. */
export interface DateRange {
  start: string;
  end: string;
}

/** TB-1 Document transmission. */
export interface ReportDocument {
  /** TT-1, at most 50 characters of `[A-Za-z0-9 +\-_/]` (G1.104), unique per declarant and period (G8.05). */
  id: string;
  /** TT-2 */
  name?: string | undefined;
  /** TT-3, the creation instant (RFC 3339); written as Paris time AAAAMMJJHHMMSS (G7.53). */
  issuedAt: string;
  /** TT-4 */
  type: TransmissionType;
  /** TG-3 the sender: the accredited platform, TT-8 its 4-character matricule, scheme 0238, role WK (G6.22, G7.51). */
  sender: { id: string; name: string };
  /** TG-5 the declarant: TT-13 SIREN (scheme 0002, G6.26), TT-14 name, TT-15 role SE seller or BY buyer (G7.52). */
  issuer: { siren: string; name: string; role: 'SE' | 'BY' };
}

/** An identifier with its ICD scheme (TT-33/TT-33-1, TT-36/TT-37): 0002 SIREN, 0223 EU outside France, 0227 outside the EU. */
export interface CompanyId {
  value: string;
  scheme: '0002' | '0223' | '0227' | '0228' | '0229';
}

/** TG-12 seller / TG-14 buyer of a 10.1 invoice. */
export interface ReportedParty {
  companyId?: CompanyId | undefined;
  /** TT-34 / TT-38, qualifier VAT (G2.33). */
  vatId?: string | undefined;
  /** TT-35 / TT-39, ISO 3166 alpha-2. */
  country?: string | undefined;
}

/** TG-23 VAT breakdown of a 10.1 invoice (the e-invoice's BG-23). */
export interface InvoiceTaxSubtotal {
  /** TT-54, cents. */
  taxableAmount: number;
  /** TT-55, cents. */
  taxAmount: number;
  /** TT-56 UNTDID 5305 */
  categoryCode: string;
  /** TT-57 percent (0 for category O, which has none in EN 16931). */
  percent: number;
  /** TT-58, TT-59 */
  exemptionReason?: string | undefined;
  exemptionReasonCode?: string | undefined;
}

/** TG-24 invoice line of a 10.1 invoice (the e-invoice's BG-25, as far as the flux 10 carries it). */
export interface InvoiceReportLine {
  /** TT-62 and TT-63 */
  quantity: Scaled;
  unitCode: string;
  /** TG-25 TT-65, TT-66 */
  period?: { start?: string | undefined; end?: string | undefined } | undefined;
  /** TT-69 net price, never negative (G1.16). */
  price: Scaled;
  /** TT-76 */
  name: string;
}

/** TG-8 one international B2B invoice (10.1, DSE v3.2 §3.7.3): its EN 16931 data as the flux 10 asks them. */
export interface InvoiceReport {
  /** TT-19 (BT-1) */
  id: string;
  /** TT-20 (BT-2) */
  issueDate: string;
  /** TT-21 (BT-3) */
  typeCode: string;
  /** TT-22 (BT-5) */
  currency: string;
  /** TT-201 (BT-9) */
  dueDate?: string | undefined;
  /** TT-24 (BT-8): UNTDID 2475 `5` (date of invoice) for a seller taxed on debits (G1.44). */
  taxDueDateTypeCode?: string | undefined;
  /** TG-9 (BG-1) */
  notes: Array<{ subject?: string | undefined; content: string }>;
  /** TT-28 billing framework (BT-23); TT-29 is always `urn.cpro.gouv.fr:1p0:ereporting` (S1.12). */
  businessProcess: string;
  /** TG-11 (BG-3) */
  referencedDocuments: Array<{ id: string; issueDate?: string | undefined }>;
  seller: ReportedParty;
  buyer: ReportedParty;
  /** TG-17 delivery: TT-44 country only (BT-80). */
  deliveryCountry?: string | undefined;
  /** TG-18 (BG-14) */
  period?: { start?: string | undefined; end?: string | undefined } | undefined;
  /** TG-20 / TG-21 (BG-20, BG-21): TT-45/TT-48 amount in cents, TT-46/TT-49 category, TT-47/TT-50 percent. */
  allowanceCharges: Array<{ charge: boolean; amount: number; categoryCode: string; percent: number | undefined }>;
  /** TT-51 (BT-109), cents in the invoice's currency. */
  taxExclusiveAmount: number;
  /** TT-52 total VAT in euros (G6.23): BT-110, or BT-111 when the invoice is in another currency. */
  taxAmountEur: number;
  taxSubtotals: InvoiceTaxSubtotal[];
  lines: InvoiceReportLine[];
}

/** TG-32 one VAT rate of a 10.3 entry. */
export interface TransactionsTaxSubtotal {
  /** TT-86 percent */
  percent: number;
  /** TT-87 cents, in the entry's currency; negative when credit notes outweigh the day's sales. */
  taxableAmount: number;
  /** TT-88 cents, in the entry's currency. */
  taxTotal: number;
}

/** TG-31 the B2C sales of one day, in one currency and one category (10.3, DSE v3.2 §3.7.5). */
export interface TransactionsEntry {
  /** TT-77 */
  date: string;
  /** TT-78 */
  currency: string;
  /** TT-80 (G1.67: services of a seller taxed on debits). */
  taxDueDateTypeCode?: string | undefined;
  /** TT-81 */
  category: TransactionCategory;
  /** TT-82 cents, in the entry's currency. */
  taxExclusiveAmount: number;
  /** TT-83 cents, in euros (G6.23). */
  taxTotalEur: number;
  /** TT-85 the invoices counted in the entry (credit notes reduce the amounts, not the count). */
  count: number;
  subtotals: TransactionsTaxSubtotal[];
}

/** TB-2 */
export interface TransactionsReport {
  period: DateRange;
  /** 10.1 */
  invoices: InvoiceReport[];
  /** 10.3 */
  transactions: TransactionsEntry[];
}

/** TG-36 / TG-39 the cashed amount at one VAT rate. */
export interface PaymentSubtotal {
  /** TT-93 / TT-97 */
  percent: number;
  /** TT-94 / TT-98: must be EUR (G6.27). */
  currency: string;
  /** TT-95 / TT-99, exact (up to 6 decimals, G1.16; the minor unit of any ISO 4217 currency), never negative. */
  amount: Scaled;
}

/** TG-34 the cashing of one international B2B invoice (10.2, DSE v3.2 §3.7.4). */
export interface InvoicePayment {
  /** TT-91, TT-102 */
  invoiceId: string;
  invoiceIssueDate: string;
  /** TT-92 */
  date: string;
  subtotals: PaymentSubtotal[];
}

/** TG-37 the B2C cashings of one day (10.4, DSE v3.2 §3.7.6). */
export interface DailyPayments {
  /** TT-96 */
  date: string;
  subtotals: PaymentSubtotal[];
}

/** TB-3 */
export interface PaymentsReport {
  period: DateRange;
  /** 10.2 */
  invoices: InvoicePayment[];
  /** 10.4 */
  transactions: DailyPayments[];
}

/** TB-0 a transmission: one kind only (G6.29). */
export type Report =
  | { document: ReportDocument; kind: 'transactions'; transactions: TransactionsReport }
  | { document: ReportDocument; kind: 'payments'; payments: PaymentsReport };
