/**
 * How a payment is reported to the tax administration (DSE v3.2 § 2.3.2, § 3.6.4, § 3.7.6 note 119;
 * docs/api-guide.md, "Payments"), decided from the invoice's derived EN 16931 data and the seller's
 * option for VAT on debits. Payment data are owed only for services, not when the seller opted for VAT
 * on debits, not for reverse-charged operations; for a domestic B2B invoice they are the lifecycle
 * status 212 Encaissée, for B2C and international B2B the payment e-reporting (flux 10.4 / 10.2).
 */
import type { ProcessingRule, VatCategory } from '../../einvoice/model.ts';

/** Where a payment's data go: the 212 Encaissée status flow, the payment e-reporting, or nowhere. */
export type ReportingChannel = 'status_212' | 'e_reporting' | 'none';

/**
 * Where the reporting stands: `pending` until sent (for `e_reporting`, until the e-reporting sends it),
 * `sent` once the platform took the flow, `acknowledged` / `rejected` by the platform's acknowledgement,
 * `not_required` for the channel `none`.
 */
export type ReportingState = 'pending' | 'sent' | 'acknowledged' | 'rejected' | 'not_required';

/** Why the payment is reported the way it is: one stable code per branch of {@link decideReporting}. */
export type ReportingReason =
  | 'domestic_b2b_services'
  | 'b2c_services'
  | 'international_b2b_services'
  | 'goods_only'
  | 'vat_on_debits'
  | 'reverse_charge';

/** A reporting decision: the channel, its initial state and the reason (code and English text). */
export interface ReportingDecision {
  channel: ReportingChannel;
  state: ReportingState;
  reason: ReportingReason;
  /** English sentence naming the rule, for the API's `reporting.reason`. */
  message: string;
}

/** What the decision reads from the invoice (its derived EN 16931 data) and the seller. */
export interface ReportingFacts {
  /** B2B (domestic), B2BInt or B2C, as the invoice was classified (note `#BAR#`, Flow Service `processingRule`). */
  processingRule: ProcessingRule;
  /** BT-23 billing framework (B/S/M = goods/services/mixed, then 1-9: Annexe 7 G1.02). */
  billingFramework: string;
  /** The VAT categories of the invoice's VAT breakdown (BT-118). */
  vatCategories: readonly VatCategory[];
  /** The seller opted for paying VAT on debits ("option pour le paiement de la taxe d'après les débits", BT-8). */
  vatOnDebits: boolean;
}

const DECISIONS: Record<ReportingReason, Omit<ReportingDecision, 'reason'>> = {
  goods_only: {
    channel: 'none',
    state: 'not_required',
    message: 'A sale of goods (billing framework B*): VAT is due on delivery, payment data are not reported (DSE v3.2 § 2.3.2)',
  },
  vat_on_debits: {
    channel: 'none',
    state: 'not_required',
    message: 'The seller opted for VAT on debits: payment data are not reported (DSE v3.2 § 2.3.2)',
  },
  reverse_charge: {
    channel: 'none',
    state: 'not_required',
    message: 'The VAT is reverse-charged (category AE): the buyer owes it, payment data are not reported (DSE v3.2 § 3.7.6)',
  },
  domestic_b2b_services: {
    channel: 'status_212',
    state: 'pending',
    message: 'A domestic B2B sale of services: the payment is reported as the lifecycle status 212 Encaissée (DSE v3.2 § 3.6.4)',
  },
  b2c_services: {
    channel: 'e_reporting',
    state: 'pending',
    message: 'A B2C sale of services: the payment goes to the payment e-reporting (flux 10.4, DSE v3.2 § 3.7.6), not sent yet',
  },
  international_b2b_services: {
    channel: 'e_reporting',
    state: 'pending',
    message:
      'An international B2B sale of services: the payment goes to the payment e-reporting (flux 10.2, DSE v3.2 § 3.7.6), not sent yet',
  },
};

/**
 * The channel of an invoice's payments, first rule that applies: goods only (BT-23 B*) → none; seller on
 * VAT debits → none; every VAT category AE (reverse charge) → none; B2B → status_212; B2C and B2BInt →
 * e_reporting, pending. A partly reverse-charged invoice (AE beside other categories) is reported: its
 * parts at other rates are owed. Pure, total over its inputs.
 */
export function decideReporting(facts: ReportingFacts): ReportingDecision {
  const reason = reasonOf(facts);
  return { reason, ...DECISIONS[reason] };
}

/** The English sentence of a reason code (the API's `reporting.message`). */
export function reasonMessage(reason: ReportingReason): string {
  return DECISIONS[reason].message;
}

function reasonOf(facts: ReportingFacts): ReportingReason {
  if (facts.billingFramework.startsWith('B')) return 'goods_only';
  if (facts.vatOnDebits) return 'vat_on_debits';
  if (facts.vatCategories.length > 0 && facts.vatCategories.every((category) => category === 'AE')) return 'reverse_charge';
  if (facts.processingRule === 'B2B') return 'domestic_b2b_services';
  return facts.processingRule === 'B2C' ? 'b2c_services' : 'international_b2b_services';
}
