/**
 * Mutations of a written UBL or CII e-invoice's text, for the engines' differential test
 * (test/unit/validation/differential.test.ts): each breaks one thing (a total, a rate, an identifier, a date,
 * a party...) at the k-th place it can; the artefacts decide what that breaks. `undefined`: nothing to mutate.
 */

/** A named mutation: `apply(xml, k)` changes the (k mod n)-th of the n places it applies to. */
export interface XmlMutation {
  name: string;
  apply(xml: string, k: number): string | undefined;
}

function nth(re: RegExp, replace: (match: RegExpExecArray, k: number) => string): (xml: string, k: number) => string | undefined {
  return (xml, k) => {
    const matches = [...xml.matchAll(re)];
    if (matches.length === 0) return undefined;
    const match = matches[k % matches.length] as RegExpExecArray;
    return xml.slice(0, match.index) + replace(match, k) + xml.slice(match.index + match[0].length);
  };
}

const AMOUNT = /(<(?:cbc|ram):\w*Amount\b[^>]*>)(-?\d+(?:\.\d+)?)(<)/g;
const RATE = /(<(?:cbc:Percent|ram:RateApplicablePercent)>)([\d.]+)(<)/g;
const QUANTITY = /(<(?:cbc:InvoicedQuantity|cbc:CreditedQuantity|ram:BilledQuantity)\b[^>]*>)(-?[\d.]+)(<)/g;
const ID = /(<(?:cbc|ram):(?:ID|CompanyID|EndpointID|IssuerAssignedID)\b[^>]*>)([^<]*)(<)/g;
const DATE = /(<(?:cbc:IssueDate|cbc:DueDate|cbc:StartDate|cbc:EndDate|udt:DateTimeString format="102")>)(\d{4})(-?\d\d-?\d\d)(<)/g;
const CATEGORY = /(<(?:cac:ClassifiedTaxCategory|cac:TaxCategory)><cbc:ID>|<ram:CategoryCode>)(\w+)(<)/g;
const PARTY_PART =
  /<(cac:PartyTaxScheme|cac:PartyLegalEntity|cac:PartyName|cac:PostalAddress|cac:PartyIdentification|cac:Contact|cbc:EndpointID|ram:SpecifiedTaxRegistration|ram:SpecifiedLegalOrganization|ram:PostalTradeAddress|ram:URIUniversalCommunication|ram:DefinedTradeContact|ram:GlobalID)\b[^>]*>[\s\S]*?<\/\1>/g;
const NOTE = /<(cbc:Note|ram:IncludedNote)>[\s\S]*?<\/\1>/g;
const LINE = /<(cac:InvoiceLine|cac:CreditNoteLine|ram:IncludedSupplyChainTradeLineItem)>[\s\S]*?<\/\1>/g;
const TAX_SUBTOTAL = /<(cac:TaxSubtotal|ram:ApplicableTradeTax)>[\s\S]*?<\/\1>/g;
const CURRENCY = /(currencyID="|<ram:InvoiceCurrencyCode>|<cbc:DocumentCurrencyCode>)(EUR)/g;
const TYPE_CODE = /(<(?:cbc:InvoiceTypeCode|cbc:CreditNoteTypeCode|ram:TypeCode)>)(\d+)(<)/g;

const RATES = ['0', '5.5', '10', '19', '20', '2.1', '8.5'];
const CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'X'];
const TYPES = ['380', '381', '384', '389', '261', '386', '751', '999'];

/** Every mutation; each applies to both syntaxes. */
export const XML_MUTATIONS: readonly XmlMutation[] = [
  { name: 'amount +0.01', apply: nth(AMOUNT, (m) => `${m[1]}${(Number(m[2]) + 0.01).toFixed(2)}${m[3]}`) },
  { name: 'amount +100', apply: nth(AMOUNT, (m) => `${m[1]}${(Number(m[2]) + 100).toFixed(2)}${m[3]}`) },
  { name: 'amount negated', apply: nth(AMOUNT, (m) => `${m[1]}${(-Number(m[2])).toFixed(2)}${m[3]}`) },
  { name: 'amount with 3 decimals', apply: nth(AMOUNT, (m) => `${m[1]}${Number(m[2]).toFixed(3)}${m[3]}`) },
  { name: 'rate changed', apply: nth(RATE, (m, k) => `${m[1]}${RATES.filter((r) => r !== m[2])[k % (RATES.length - 1)]}${m[3]}`) },
  { name: 'quantity changed', apply: nth(QUANTITY, (m) => `${m[1]}${Number(m[2]) + 1}${m[3]}`) },
  { name: 'identifier emptied', apply: nth(ID, (m) => `${m[1]}${m[3]}`) },
  { name: 'identifier altered', apply: nth(ID, (m) => `${m[1]}${m[2]} 0${m[3]}`) },
  { name: 'year 1999', apply: nth(DATE, (m) => `${m[1]}1999${m[3]}${m[4]}`) },
  { name: 'day 31 of a 30-day month', apply: nth(DATE, (m) => `${m[1]}${m[2]}${m[3]!.includes('-') ? '-11-31' : '1131'}${m[4]}`) },
  {
    name: 'category changed',
    apply: nth(CATEGORY, (m, k) => `${m[1]}${CATEGORIES.filter((c) => c !== m[2])[k % (CATEGORIES.length - 1)]}${m[3]}`),
  },
  { name: 'party element removed', apply: nth(PARTY_PART, () => '') },
  { name: 'note removed', apply: nth(NOTE, () => '') },
  { name: 'line removed', apply: nth(LINE, () => '') },
  { name: 'tax breakdown removed', apply: nth(TAX_SUBTOTAL, () => '') },
  { name: 'currency USD', apply: nth(CURRENCY, (m) => `${m[1]}USD`) },
  {
    name: 'type code changed',
    apply: nth(TYPE_CODE, (m, k) => `${m[1]}${TYPES.filter((t) => t !== m[2])[k % (TYPES.length - 1)]}${m[3]}`),
  },
];
