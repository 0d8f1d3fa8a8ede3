/**
 * EN 16931 → UN/CEFACT Cross Industry Invoice D22B (the EN 16931 CII syntax
 * binding, CEN/TS 16931-3-3, on the schema the French reform prescribes: the
 * uncoupled D22B XSD, artefacts/cii-d22b/). Called by the pipeline
 * (src/pipeline/process.ts). Elements in the order the D22B XSD requires
 * (the same as D16B's for every element written here); dates in format 102
 * (YYYYMMDD); notes with their subject codes (BR-FR-05: PMT, PMD, AAB;
 * BR-FR-20: BAR). D22B, unlike the EN 16931 D16B subset, checks code lists
 * (document type, country, currency, VAT type and category, payment means,
 * allowance/charge reason): every code written for a document that passes
 * EN 16931 is in them (the country XK, absent, fails BR-CL-14 too). No reason
 * code (BT-98, BT-105) is written: D22B's list (UNTDID 4465: 1-104, ZZZ) is
 * not EN 16931's (UNTDID 5189 and 7161, whose letter codes it rejects).
 */
import { formatCents, formatRate, formatScaled } from './decimal.ts';
import type { AllowanceCharge, EInvoice, Line, Party, VatKey } from './model.ts';
import { EN16931_CUSTOMIZATION } from './ubl.ts';
import { leaf, node } from './xml.ts';

const NAMESPACES =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

function date(name: string, value: string | undefined, prefix = 'udt'): string {
  return value ? node(name, `<${prefix}:DateTimeString format="102">${value.replaceAll('-', '')}</${prefix}:DateTimeString>`) : '';
}

function money(name: string, cents: number, currency?: string): string {
  return leaf(name, formatCents(cents), currency ? { currencyID: currency } : undefined);
}

function party(name: string, p: Party): string {
  return node(
    name,
    p.identifier ? leaf('ram:GlobalID', p.identifier.value, { schemeID: p.identifier.scheme }) : '',
    leaf('ram:Name', p.name),
    node(
      'ram:SpecifiedLegalOrganization',
      p.legalId ? leaf('ram:ID', p.legalId.value, { schemeID: p.legalId.scheme }) : '',
      leaf('ram:TradingBusinessName', p.tradingName),
    ),
    p.email ? node('ram:DefinedTradeContact', node('ram:EmailURIUniversalCommunication', leaf('ram:URIID', p.email))) : '',
    node(
      'ram:PostalTradeAddress',
      leaf('ram:PostcodeCode', p.address.postalCode),
      leaf('ram:LineOne', p.address.line1),
      leaf('ram:LineTwo', p.address.line2),
      leaf('ram:CityName', p.address.city),
      leaf('ram:CountryID', p.address.country),
    ),
    p.endpoint ? node('ram:URIUniversalCommunication', leaf('ram:URIID', p.endpoint.value, { schemeID: p.endpoint.scheme })) : '',
    p.vatId ? node('ram:SpecifiedTaxRegistration', leaf('ram:ID', p.vatId, { schemeID: 'VA' })) : '',
  );
}

function tradeTax(name: string, key: VatKey): string {
  return node(
    name,
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:CategoryCode', key.category),
    key.rate === undefined ? '' : leaf('ram:RateApplicablePercent', formatRate(key.rate)),
  );
}

function allowanceCharge(a: AllowanceCharge): string {
  return node(
    'ram:SpecifiedTradeAllowanceCharge',
    node('ram:ChargeIndicator', leaf('udt:Indicator', String(a.charge))),
    money('ram:ActualAmount', a.amount),
    leaf('ram:Reason', a.reason),
    tradeTax('ram:CategoryTradeTax', a),
  );
}

function period(p: { start?: string | undefined; end?: string | undefined } | undefined): string {
  return p ? node('ram:BillingSpecifiedPeriod', date('ram:StartDateTime', p.start), date('ram:EndDateTime', p.end)) : '';
}

function line(l: Line): string {
  return node(
    'ram:IncludedSupplyChainTradeLineItem',
    node('ram:AssociatedDocumentLineDocument', leaf('ram:LineID', l.id)),
    node('ram:SpecifiedTradeProduct', leaf('ram:Name', l.name)),
    node('ram:SpecifiedLineTradeAgreement', node('ram:NetPriceProductTradePrice', leaf('ram:ChargeAmount', formatScaled(l.price)))),
    node('ram:SpecifiedLineTradeDelivery', leaf('ram:BilledQuantity', formatScaled(l.quantity), { unitCode: l.unitCode })),
    node(
      'ram:SpecifiedLineTradeSettlement',
      tradeTax('ram:ApplicableTradeTax', l),
      period(l.period),
      node('ram:SpecifiedTradeSettlementLineMonetarySummation', money('ram:LineTotalAmount', l.netAmount)),
    ),
  );
}

/** Writes `doc` as a CII D22B document (UTF-8 text with its XML declaration). Pure and deterministic. */
export function writeCii(doc: EInvoice): string {
  const { totals, currency } = doc;
  const foreign = totals.taxTotalEur !== undefined && currency !== 'EUR';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<rsm:CrossIndustryInvoice ${NAMESPACES}>`,
    node(
      'rsm:ExchangedDocumentContext',
      node('ram:BusinessProcessSpecifiedDocumentContextParameter', leaf('ram:ID', doc.businessProcess)),
      node('ram:GuidelineSpecifiedDocumentContextParameter', leaf('ram:ID', EN16931_CUSTOMIZATION)),
    ),
    node(
      'rsm:ExchangedDocument',
      leaf('ram:ID', doc.number),
      leaf('ram:TypeCode', doc.typeCode),
      date('ram:IssueDateTime', doc.issueDate),
      doc.notes.map((n) => node('ram:IncludedNote', leaf('ram:Content', n.text), leaf('ram:SubjectCode', n.subjectCode))).join(''),
    ),
    node(
      'rsm:SupplyChainTradeTransaction',
      doc.lines.map(line).join(''),
      node('ram:ApplicableHeaderTradeAgreement', party('ram:SellerTradeParty', doc.seller), party('ram:BuyerTradeParty', doc.buyer)),
      // The XSD (D16B and D22B alike) requires the element, even empty; BG-15 only for BR-IC-12.
      `<ram:ApplicableHeaderTradeDelivery>${node('ram:ShipToTradeParty', node('ram:PostalTradeAddress', leaf('ram:CountryID', doc.deliverToCountry)))}</ram:ApplicableHeaderTradeDelivery>`,
      node(
        'ram:ApplicableHeaderTradeSettlement',
        foreign ? leaf('ram:TaxCurrencyCode', 'EUR') : '',
        leaf('ram:InvoiceCurrencyCode', currency),
        doc.payment
          ? node(
              'ram:SpecifiedTradeSettlementPaymentMeans',
              leaf('ram:TypeCode', '58'),
              node('ram:PayeePartyCreditorFinancialAccount', leaf('ram:IBANID', doc.payment.iban)),
              doc.payment.bic ? node('ram:PayeeSpecifiedCreditorFinancialInstitution', leaf('ram:BICID', doc.payment.bic)) : '',
            )
          : '',
        doc.vatBreakdown
          .map((v) =>
            node(
              'ram:ApplicableTradeTax',
              money('ram:CalculatedAmount', v.taxAmount),
              leaf('ram:TypeCode', 'VAT'),
              leaf('ram:ExemptionReason', v.exemptionReason),
              money('ram:BasisAmount', v.taxableAmount),
              leaf('ram:CategoryCode', v.category),
              leaf('ram:ExemptionReasonCode', v.exemptionReasonCode),
              // BT-8 (VAT on debits): code 5, the invoice date (UNTDID 2475).
              doc.vatOnDebits ? leaf('ram:DueDateTypeCode', '5') : '',
              v.rate === undefined ? '' : leaf('ram:RateApplicablePercent', formatRate(v.rate)),
            ),
          )
          .join(''),
        period(doc.period),
        doc.allowanceCharges.map(allowanceCharge).join(''),
        doc.paymentTerms || doc.dueDate
          ? node('ram:SpecifiedTradePaymentTerms', leaf('ram:Description', doc.paymentTerms), date('ram:DueDateDateTime', doc.dueDate))
          : '',
        node(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          money('ram:LineTotalAmount', totals.lineTotal),
          totals.chargeTotal ? money('ram:ChargeTotalAmount', totals.chargeTotal) : '',
          totals.allowanceTotal ? money('ram:AllowanceTotalAmount', totals.allowanceTotal) : '',
          money('ram:TaxBasisTotalAmount', totals.taxExclusive),
          money('ram:TaxTotalAmount', totals.taxTotal, currency),
          foreign ? money('ram:TaxTotalAmount', totals.taxTotalEur!, 'EUR') : '',
          totals.rounding ? money('ram:RoundingAmount', totals.rounding) : '',
          money('ram:GrandTotalAmount', totals.taxInclusive),
          totals.prepaid ? money('ram:TotalPrepaidAmount', totals.prepaid) : '',
          money('ram:DuePayableAmount', totals.payable),
        ),
        doc.preceding
          ? node(
              'ram:InvoiceReferencedDocument',
              leaf('ram:IssuerAssignedID', doc.preceding.number),
              date('ram:FormattedIssueDateTime', doc.preceding.issueDate, 'qdt'),
            )
          : '',
      ),
    ),
    '</rsm:CrossIndustryInvoice>\n',
  ].join('');
}
