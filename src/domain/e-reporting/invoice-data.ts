/**
 * 10.1 international B2B invoice data (DSE v3.2 §3.7.3; Annexe 6 TG-8): one entry per invoice or credit
 * note, taken from its EN 16931 document (src/einvoice/model.ts), so the data reported are the
 * e-invoice's. The report builder calls it. A credit note is its own entry (TT-21 381) referring to its
 * invoice (TG-11, G1.32), with the e-invoice's positive amounts, as EN 16931 writes a credit note.
 */
import type { EInvoice, Party } from '../../einvoice/model.ts';
import { isEuMemberState } from '../../model/eu-vat.ts';
import type { CompanyId, InvoiceReport, ReportedParty } from './model.ts';
import { DEBITS_TAX_POINT_CODE } from './transactions.ts';

/**
 * TT-33 / TT-36 of a party: its SIREN (BT-30 / BT-47, scheme 0002), else its VAT number with scheme 0223
 * (registered in another EU member state) or 0227 (outside the EU), Annexe 6 TT-33-1 / TT-37.
 */
export function companyIdOf(party: Party): CompanyId | undefined {
  if (party.legalId?.scheme === '0002') return { value: party.legalId.value, scheme: '0002' };
  if (!party.vatId) return undefined;
  const prefix = party.vatId.slice(0, 2).toUpperCase();
  const country = prefix === 'EL' ? 'GR' : prefix;
  return { value: party.vatId, scheme: country !== 'FR' && isEuMemberState(country) ? '0223' : '0227' };
}

function reportedParty(party: Party): ReportedParty {
  return { companyId: companyIdOf(party), vatId: party.vatId, country: party.address.country };
}

/**
 * The 10.1 entry of an international B2B invoice or credit note. `vatOnDebits`: the seller opted for VAT
 * on debits, which TT-24 states (G1.44). Pure.
 */
export function invoiceReportOf(invoice: EInvoice, options: { vatOnDebits: boolean }): InvoiceReport {
  const totals = invoice.totals;
  return {
    id: invoice.number,
    issueDate: invoice.issueDate,
    typeCode: invoice.typeCode,
    currency: invoice.currency,
    dueDate: invoice.dueDate,
    taxDueDateTypeCode: options.vatOnDebits ? DEBITS_TAX_POINT_CODE : undefined,
    notes: invoice.notes.map((note) => ({ subject: note.subjectCode, content: note.text })),
    businessProcess: invoice.businessProcess,
    referencedDocuments: invoice.preceding ? [{ id: invoice.preceding.number, issueDate: invoice.preceding.issueDate }] : [],
    seller: reportedParty(invoice.seller),
    buyer: reportedParty(invoice.buyer),
    deliveryCountry: invoice.deliverToCountry,
    period: invoice.period,
    allowanceCharges: invoice.allowanceCharges.map((ac) => ({
      charge: ac.charge,
      amount: ac.amount,
      categoryCode: ac.category,
      percent: ac.rate,
    })),
    taxExclusiveAmount: totals.taxExclusive,
    taxAmountEur: invoice.currency === 'EUR' ? totals.taxTotal : (totals.taxTotalEur ?? 0),
    taxSubtotals: invoice.vatBreakdown.map((b) => ({
      taxableAmount: b.taxableAmount,
      taxAmount: b.taxAmount,
      categoryCode: b.category,
      percent: b.rate ?? 0,
      exemptionReason: b.exemptionReason,
      exemptionReasonCode: b.exemptionReasonCode,
    })),
    lines: invoice.lines.map((line) => ({
      quantity: line.quantity,
      unitCode: line.unitCode,
      period: line.period,
      price: line.price,
      name: line.name,
    })),
  };
}
