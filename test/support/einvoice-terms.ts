/**
 * Reads the EN 16931 business terms back out of a written UBL 2.1 or CII D22B
 * document (by the syntax bindings' paths, docs/mapping.md), into one shape for
 * both syntaxes, so tests can check the two writers say the same thing. Values
 * are the element texts as written (amounts "12.34", dates YYYY-MM-DD).
 */
import { XMLParser } from 'fast-xml-parser';

type Node = Record<string, unknown>;
type Value = string | undefined;

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, attributeNamePrefix: '@' });

/** The first node at `path` (elements in a repeated group: the first). */
function at(node: unknown, ...path: string[]): Node | undefined {
  let current = node;
  for (const name of path) {
    const next = (current as Node | undefined)?.[name];
    current = Array.isArray(next) ? next[0] : next;
  }
  return current as Node | undefined;
}
const all = (node: unknown, name: string): Node[] => [(node as Node | undefined)?.[name] ?? []].flat() as Node[];
const text = (node: unknown, ...path: string[]): Value => {
  const found = at(node, ...path) as unknown;
  return typeof found === 'object' && found !== null ? ((found as Node)['#text'] as Value) : (found as Value);
};
const attr = (node: unknown, name: string, ...path: string[]): Value => at(node, ...path)?.[`@${name}`] as Value;
const ciiDate = (node: unknown, ...path: string[]): Value =>
  text(node, ...path, 'DateTimeString')?.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

/** The terms compared: one entry per business term or group, with the BT numbers in the key. */
export type Terms = Record<string, unknown>;

const UBL_PARTY = (p: Node | undefined) => ({
  'BT-27/44': text(p, 'PartyLegalEntity', 'RegistrationName'),
  'BT-28': text(p, 'PartyName', 'Name'),
  'BT-29': [text(p, 'PartyIdentification', 'ID'), attr(p, 'schemeID', 'PartyIdentification', 'ID')],
  'BT-30/47': [text(p, 'PartyLegalEntity', 'CompanyID'), attr(p, 'schemeID', 'PartyLegalEntity', 'CompanyID')],
  'BT-31/48': text(p, 'PartyTaxScheme', 'CompanyID'),
  'BT-34/49': [text(p, 'EndpointID'), attr(p, 'schemeID', 'EndpointID')],
  'BG-5/8': ['StreetName', 'AdditionalStreetName', 'CityName', 'PostalZone'].map((n) => text(p, 'PostalAddress', n)),
  'BT-40/55': text(p, 'PostalAddress', 'Country', 'IdentificationCode'),
  'BT-43/58': text(p, 'Contact', 'ElectronicMail'),
});

/** The terms of a UBL Invoice or CreditNote. */
export function ublTerms(xml: string): Terms {
  const root = parser.parse(xml) as Node;
  const d = (root['Invoice'] ?? root['CreditNote']) as Node;
  const category = (n: unknown, name: string) => [text(n, name, 'ID'), text(n, name, 'Percent')];
  return {
    'BT-1/2/3/5/6': [
      text(d, 'ID'),
      text(d, 'IssueDate'),
      text(d, 'InvoiceTypeCode') ?? text(d, 'CreditNoteTypeCode'),
      text(d, 'DocumentCurrencyCode'),
      text(d, 'TaxCurrencyCode'),
    ],
    'BT-9': text(d, 'DueDate') ?? text(d, 'PaymentMeans', 'PaymentDueDate'),
    'BT-23/24': [text(d, 'ProfileID'), text(d, 'CustomizationID')],
    'BG-1': all(d, 'Note').map((n) => (typeof n === 'object' ? n['#text'] : n)),
    'BG-14': [text(d, 'InvoicePeriod', 'StartDate'), text(d, 'InvoicePeriod', 'EndDate')],
    'BG-3': [
      text(d, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
      text(d, 'BillingReference', 'InvoiceDocumentReference', 'IssueDate'),
    ],
    'BG-4': UBL_PARTY(at(d, 'AccountingSupplierParty', 'Party')),
    'BG-7': UBL_PARTY(at(d, 'AccountingCustomerParty', 'Party')),
    'BT-80': text(d, 'Delivery', 'DeliveryLocation', 'Address', 'Country', 'IdentificationCode'),
    'BG-16': [
      text(d, 'PaymentMeans', 'PaymentMeansCode'),
      text(d, 'PaymentMeans', 'PayeeFinancialAccount', 'ID'),
      text(d, 'PaymentMeans', 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'),
    ],
    'BT-20': text(d, 'PaymentTerms', 'Note'),
    'BG-20/21': all(d, 'AllowanceCharge').map((a) => [
      text(a, 'ChargeIndicator'),
      text(a, 'Amount'),
      text(a, 'AllowanceChargeReason'),
      ...category(a, 'TaxCategory'),
    ]),
    'BG-23': all(at(d, 'TaxTotal'), 'TaxSubtotal').map((v) => [
      text(v, 'TaxableAmount'),
      text(v, 'TaxAmount'),
      ...category(v, 'TaxCategory'),
      text(v, 'TaxCategory', 'TaxExemptionReason'),
      text(v, 'TaxCategory', 'TaxExemptionReasonCode'),
    ]),
    'BT-110/111': all(d, 'TaxTotal').map((t) => [text(t, 'TaxAmount'), attr(t, 'currencyID', 'TaxAmount')]),
    'BG-22': [
      'LineExtensionAmount',
      'AllowanceTotalAmount',
      'ChargeTotalAmount',
      'TaxExclusiveAmount',
      'TaxInclusiveAmount',
      'PrepaidAmount',
      'PayableRoundingAmount',
      'PayableAmount',
    ].map((n) => text(d, 'LegalMonetaryTotal', n)),
    'BG-25': [...all(d, 'InvoiceLine'), ...all(d, 'CreditNoteLine')].map((l) => {
      const quantity = at(l, 'InvoicedQuantity') ?? at(l, 'CreditedQuantity');
      return [
        text(l, 'ID'),
        text(quantity),
        attr(quantity, 'unitCode'),
        text(l, 'LineExtensionAmount'),
        text(l, 'Price', 'PriceAmount'),
        text(l, 'Item', 'Name'),
        ...category(at(l, 'Item'), 'ClassifiedTaxCategory'),
      ];
    }),
  };
}

const CII_PARTY = (p: Node | undefined) => ({
  'BT-27/44': text(p, 'Name'),
  'BT-28': text(p, 'SpecifiedLegalOrganization', 'TradingBusinessName'),
  'BT-29': [text(p, 'GlobalID'), attr(p, 'schemeID', 'GlobalID')],
  'BT-30/47': [text(p, 'SpecifiedLegalOrganization', 'ID'), attr(p, 'schemeID', 'SpecifiedLegalOrganization', 'ID')],
  'BT-31/48': text(p, 'SpecifiedTaxRegistration', 'ID'),
  'BT-34/49': [text(p, 'URIUniversalCommunication', 'URIID'), attr(p, 'schemeID', 'URIUniversalCommunication', 'URIID')],
  'BG-5/8': ['LineOne', 'LineTwo', 'CityName', 'PostcodeCode'].map((n) => text(p, 'PostalTradeAddress', n)),
  'BT-40/55': text(p, 'PostalTradeAddress', 'CountryID'),
  'BT-43/58': text(p, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID'),
});

/** The terms of a CII CrossIndustryInvoice. */
export function ciiTerms(xml: string): Terms {
  const r = at(parser.parse(xml), 'CrossIndustryInvoice');
  const doc = at(r, 'ExchangedDocument');
  const tx = at(r, 'SupplyChainTradeTransaction');
  const s = at(tx, 'ApplicableHeaderTradeSettlement');
  const sums = at(s, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const tax = (n: unknown) => [text(n, 'CategoryCode'), text(n, 'RateApplicablePercent')];
  const pay = at(s, 'SpecifiedTradeSettlementPaymentMeans');
  return {
    'BT-1/2/3/5/6': [
      text(doc, 'ID'),
      ciiDate(doc, 'IssueDateTime'),
      text(doc, 'TypeCode'),
      text(s, 'InvoiceCurrencyCode'),
      text(s, 'TaxCurrencyCode'),
    ],
    'BT-9': ciiDate(s, 'SpecifiedTradePaymentTerms', 'DueDateDateTime'),
    'BT-23/24': [
      text(r, 'ExchangedDocumentContext', 'BusinessProcessSpecifiedDocumentContextParameter', 'ID'),
      text(r, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    ],
    'BG-1': all(doc, 'IncludedNote').map((n) => `#${text(n, 'SubjectCode')}#${text(n, 'Content')}`),
    'BG-14': [ciiDate(s, 'BillingSpecifiedPeriod', 'StartDateTime'), ciiDate(s, 'BillingSpecifiedPeriod', 'EndDateTime')],
    'BG-3': [text(s, 'InvoiceReferencedDocument', 'IssuerAssignedID'), ciiDate(s, 'InvoiceReferencedDocument', 'FormattedIssueDateTime')],
    'BG-4': CII_PARTY(at(tx, 'ApplicableHeaderTradeAgreement', 'SellerTradeParty')),
    'BG-7': CII_PARTY(at(tx, 'ApplicableHeaderTradeAgreement', 'BuyerTradeParty')),
    'BT-80': text(tx, 'ApplicableHeaderTradeDelivery', 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID'),
    'BG-16': [
      text(pay, 'TypeCode'),
      text(pay, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
      text(pay, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
    ],
    'BT-20': text(s, 'SpecifiedTradePaymentTerms', 'Description'),
    'BG-20/21': all(s, 'SpecifiedTradeAllowanceCharge').map((a) => [
      text(a, 'ChargeIndicator', 'Indicator'),
      text(a, 'ActualAmount'),
      text(a, 'Reason'),
      ...tax(at(a, 'CategoryTradeTax')),
    ]),
    'BG-23': all(s, 'ApplicableTradeTax').map((v) => [
      text(v, 'BasisAmount'),
      text(v, 'CalculatedAmount'),
      ...tax(v),
      text(v, 'ExemptionReason'),
      text(v, 'ExemptionReasonCode'),
    ]),
    'BT-110/111': all(sums, 'TaxTotalAmount').map((t) => [text(t), attr(t, 'currencyID')]),
    'BG-22': [
      'LineTotalAmount',
      'AllowanceTotalAmount',
      'ChargeTotalAmount',
      'TaxBasisTotalAmount',
      'GrandTotalAmount',
      'TotalPrepaidAmount',
      'RoundingAmount',
      'DuePayableAmount',
    ].map((n) => text(sums, n)),
    'BG-25': all(tx, 'IncludedSupplyChainTradeLineItem').map((l) => {
      const quantity = at(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
      return [
        text(l, 'AssociatedDocumentLineDocument', 'LineID'),
        text(quantity),
        attr(quantity, 'unitCode'),
        text(l, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
        text(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
        text(l, 'SpecifiedTradeProduct', 'Name'),
        ...tax(at(l, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax')),
      ];
    }),
  };
}
