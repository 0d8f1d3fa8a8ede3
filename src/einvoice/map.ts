/**
 * The complete EN 16931 document: the body's part (derive.ts) with the seller
 * from the tenant's profile (BG-4), the French notes (BR-FR-05: #PMT#, #PMD#,
 * #AAB#; BR-FR-20: #BAR#), the billing framework (BT-23, BR-FR-08), the
 * payment instructions (BG-16) and, for a credit note, the preceding invoice
 * (BG-3: BT-25, BT-26; BR-FR-CO-04/05). docs/mapping.md is the table.
 */
import type { SellerProfile } from '../model/seller-profile.ts';
import type { BodyDocument } from './derive.ts';
import type { EInvoice, Note, Party } from './model.ts';

/** `#BAR#` values (BR-FR-20) by processing rule. */
const BAR = { B2B: 'B2B', B2BInt: 'B2BINT', B2C: 'B2C' } as const;

/** The note of a seller that opted for VAT on debits. */
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";

/** The preceding invoice of a credit note (BT-25 number, BT-26 issue date). */
export interface PrecedingInvoice {
  number: string;
  issueDate: string | undefined;
}

/** BG-4 from the profile; BT-31 is left out when a line is category O (BR-O-02 forbids it there). */
export function sellerParty(profile: SellerProfile, withVatId: boolean): Party {
  return {
    name: profile.name,
    tradingName: profile.trading_name ?? undefined,
    legalId: { scheme: '0002', value: profile.siren },
    identifier: profile.siret ? { scheme: '0009', value: profile.siret } : undefined,
    vatId: withVatId ? (profile.vat_number ?? undefined) : undefined,
    endpoint: profile.electronic_address,
    address: {
      line1: profile.address.line1,
      line2: profile.address.line2 ?? undefined,
      city: profile.address.city,
      postalCode: profile.address.postal_code,
      country: profile.address.country,
    },
    email: profile.email ?? undefined,
  };
}

/**
 * Builds the EN 16931 document. Pure: the same inputs give the same document,
 * so the written XML is the same bytes every time.
 */
export function toEInvoice(body: BodyDocument, profile: SellerProfile, preceding: PrecedingInvoice | undefined): EInvoice {
  const notes: Note[] = [
    { subjectCode: 'PMT', text: profile.legal_notes.pmt },
    { subjectCode: 'PMD', text: profile.legal_notes.pmd },
    { subjectCode: 'AAB', text: profile.legal_notes.aab },
    { subjectCode: 'BAR', text: BAR[body.processingRule] },
  ];
  // The mention the option requires (CGI art. 242 nonies A, I-13°), beside BT-8.
  if (profile.vat_on_debits) notes.push({ subjectCode: 'AAI', text: VAT_ON_DEBITS_MENTION });
  const hasO = body.lines.some((line) => line.category === 'O');
  const { buyerFacts: _facts, billingFramework, ...document } = body;
  return {
    ...document,
    businessProcess: billingFramework ?? profile.billing_framework,
    vatOnDebits: profile.vat_on_debits || undefined,
    notes,
    preceding: preceding ? { number: preceding.number, issueDate: preceding.issueDate } : undefined,
    seller: sellerParty(profile, !hasO),
    buyer: hasO ? { ...body.buyer, vatId: undefined } : body.buyer,
    payment: profile.iban ? { iban: profile.iban, bic: profile.bic ?? undefined } : undefined,
    // BR-IC-12: goods supplied within the EU (K) name the country they go to; the SaaS knows only the billing address.
    deliverToCountry: body.lines.some((line) => line.category === 'K') ? body.buyer.address.country : undefined,
    paymentTerms: body.dueDate
      ? undefined
      : body.kind === 'invoice'
        ? 'Paiement à réception de facture'
        : 'Avoir imputable sur les prochaines factures',
  };
}
