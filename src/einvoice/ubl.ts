/**
 * EN 16931 → UBL 2.1 `Invoice` / `CreditNote` (OASIS UBL 2.1; the EN 16931
 * UBL syntax binding, CEN/TS 16931-3-2). Elements are written in the order
 * the UBL 2.1 XSD requires; amounts with two decimals and `currencyID`.
 */
import { formatCents, formatRate, formatScaled } from './decimal.ts';
import type { AllowanceCharge, EInvoice, Line, Party, PostalAddress, VatKey } from './model.ts';
import { leaf, node } from './xml.ts';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
/** BT-24 Specification identifier: EN 16931 itself, no CIUS. */
export const EN16931_CUSTOMIZATION = 'urn:cen.eu:en16931:2017';

function amount(name: string, cents: number, currency: string): string {
  return `<cbc:${name} currencyID="${currency}">${formatCents(cents)}</cbc:${name}>`;
}

function address(a: PostalAddress): string {
  return node(
    'cac:PostalAddress',
    leaf('cbc:StreetName', a.line1),
    leaf('cbc:AdditionalStreetName', a.line2),
    leaf('cbc:CityName', a.city),
    leaf('cbc:PostalZone', a.postalCode),
    node('cac:Country', leaf('cbc:IdentificationCode', a.country)),
  );
}

function party(p: Party): string {
  return node(
    'cac:Party',
    p.endpoint ? leaf('cbc:EndpointID', p.endpoint.value, { schemeID: p.endpoint.scheme }) : '',
    p.identifier ? node('cac:PartyIdentification', leaf('cbc:ID', p.identifier.value, { schemeID: p.identifier.scheme })) : '',
    p.tradingName ? node('cac:PartyName', leaf('cbc:Name', p.tradingName)) : '',
    address(p.address),
    p.vatId ? node('cac:PartyTaxScheme', leaf('cbc:CompanyID', p.vatId), node('cac:TaxScheme', leaf('cbc:ID', 'VAT'))) : '',
    node(
      'cac:PartyLegalEntity',
      leaf('cbc:RegistrationName', p.name),
      p.legalId ? leaf('cbc:CompanyID', p.legalId.value, { schemeID: p.legalId.scheme }) : '',
    ),
    p.email ? node('cac:Contact', leaf('cbc:ElectronicMail', p.email)) : '',
  );
}

function taxCategory(element: string, key: VatKey, exemption?: { code?: string | undefined; text?: string | undefined }): string {
  return node(
    element,
    leaf('cbc:ID', key.category),
    key.rate === undefined ? '' : leaf('cbc:Percent', formatRate(key.rate)),
    leaf('cbc:TaxExemptionReasonCode', exemption?.code),
    leaf('cbc:TaxExemptionReason', exemption?.text),
    node('cac:TaxScheme', leaf('cbc:ID', 'VAT')),
  );
}

function allowanceCharge(a: AllowanceCharge, currency: string): string {
  return node(
    'cac:AllowanceCharge',
    leaf('cbc:ChargeIndicator', String(a.charge)),
    leaf('cbc:AllowanceChargeReason', a.reason),
    amount('Amount', a.amount, currency),
    taxCategory('cac:TaxCategory', a),
  );
}

function period(p: { start?: string | undefined; end?: string | undefined } | undefined, vatPointCode?: string): string {
  return p || vatPointCode
    ? node('cac:InvoicePeriod', leaf('cbc:StartDate', p?.start), leaf('cbc:EndDate', p?.end), leaf('cbc:DescriptionCode', vatPointCode))
    : '';
}

function line(l: Line, doc: EInvoice): string {
  const credit = doc.kind === 'credit_note';
  return node(
    credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
    leaf('cbc:ID', l.id),
    leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', formatScaled(l.quantity), { unitCode: l.unitCode }),
    amount('LineExtensionAmount', l.netAmount, doc.currency),
    period(l.period),
    node('cac:Item', leaf('cbc:Name', l.name), taxCategory('cac:ClassifiedTaxCategory', l)),
    node('cac:Price', leaf('cbc:PriceAmount', formatScaled(l.price), { currencyID: doc.currency })),
  );
}

/** Writes `doc` as a UBL 2.1 document (UTF-8 text with its XML declaration). Pure and deterministic. */
export function writeUbl(doc: EInvoice): string {
  const credit = doc.kind === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const { totals, currency } = doc;
  const payment = doc.payment || (credit && doc.dueDate);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<${root} xmlns="${NS[doc.kind]}" xmlns:cac="${CAC}" xmlns:cbc="${CBC}">`,
    leaf('cbc:CustomizationID', EN16931_CUSTOMIZATION),
    leaf('cbc:ProfileID', doc.businessProcess),
    leaf('cbc:ID', doc.number),
    leaf('cbc:IssueDate', doc.issueDate),
    credit ? '' : leaf('cbc:DueDate', doc.dueDate),
    leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', doc.typeCode),
    doc.notes.map((n) => leaf('cbc:Note', `#${n.subjectCode}#${n.text}`)).join(''),
    leaf('cbc:DocumentCurrencyCode', currency),
    totals.taxTotalEur !== undefined && currency !== 'EUR' ? leaf('cbc:TaxCurrencyCode', 'EUR') : '',
    // BT-8 (VAT on debits): code 3, the invoice date (UNTDID 2005).
    period(doc.period, doc.vatOnDebits ? '3' : undefined),
    doc.preceding
      ? node(
          'cac:BillingReference',
          node('cac:InvoiceDocumentReference', leaf('cbc:ID', doc.preceding.number), leaf('cbc:IssueDate', doc.preceding.issueDate)),
        )
      : '',
    node('cac:AccountingSupplierParty', party(doc.seller)),
    node('cac:AccountingCustomerParty', party(doc.buyer)),
    node(
      'cac:Delivery',
      node('cac:DeliveryLocation', node('cac:Address', node('cac:Country', leaf('cbc:IdentificationCode', doc.deliverToCountry)))),
    ),
    payment
      ? node(
          'cac:PaymentMeans',
          leaf('cbc:PaymentMeansCode', doc.payment ? '58' : '1'),
          credit ? leaf('cbc:PaymentDueDate', doc.dueDate) : '',
          doc.payment
            ? node(
                'cac:PayeeFinancialAccount',
                leaf('cbc:ID', doc.payment.iban),
                node('cac:FinancialInstitutionBranch', leaf('cbc:ID', doc.payment.bic)),
              )
            : '',
        )
      : '',
    doc.paymentTerms ? node('cac:PaymentTerms', leaf('cbc:Note', doc.paymentTerms)) : '',
    doc.allowanceCharges.map((a) => allowanceCharge(a, currency)).join(''),
    node(
      'cac:TaxTotal',
      amount('TaxAmount', totals.taxTotal, currency),
      doc.vatBreakdown
        .map((v) =>
          node(
            'cac:TaxSubtotal',
            amount('TaxableAmount', v.taxableAmount, currency),
            amount('TaxAmount', v.taxAmount, currency),
            taxCategory('cac:TaxCategory', v, { code: v.exemptionReasonCode, text: v.exemptionReason }),
          ),
        )
        .join(''),
    ),
    totals.taxTotalEur !== undefined && currency !== 'EUR' ? node('cac:TaxTotal', amount('TaxAmount', totals.taxTotalEur, 'EUR')) : '',
    node(
      'cac:LegalMonetaryTotal',
      amount('LineExtensionAmount', totals.lineTotal, currency),
      amount('TaxExclusiveAmount', totals.taxExclusive, currency),
      amount('TaxInclusiveAmount', totals.taxInclusive, currency),
      totals.allowanceTotal ? amount('AllowanceTotalAmount', totals.allowanceTotal, currency) : '',
      totals.chargeTotal ? amount('ChargeTotalAmount', totals.chargeTotal, currency) : '',
      totals.prepaid ? amount('PrepaidAmount', totals.prepaid, currency) : '',
      totals.rounding ? amount('PayableRoundingAmount', totals.rounding, currency) : '',
      amount('PayableAmount', totals.payable, currency),
    ),
    doc.lines.map((l) => line(l, doc)).join(''),
    `</${root}>\n`,
  ].join('');
}
