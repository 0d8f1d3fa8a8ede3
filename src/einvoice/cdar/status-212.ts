/**
 * Writes the lifecycle status 212 Encaissée the seller emits when it cashes (part of) an invoice: a CDAR
 * message (UN/CEFACT CrossDomainAcknowledgementAndResponse D22B, French CDV profile
 * `urn.cpro.gouv.fr:1p0:CDV:invoice`, AFNOR XP Z12-012). Called by the payments outbox before sending the
 * flow (`flowSyntax: "CDAR"`); every message it writes passes the CDAR D22B XSD and the BR-FR CDV
 * schematron 1.4.0.03 (test/unit/einvoice/cdar-212.test.ts, differential). docs/mapping.md ("212 Encaissée")
 * is the field table.
 *
 * Modelled on the XP Z12-012 / XP Z12-014 annex B examples (artefacts/examples/cdar/, UC1 07-CDV-212), with
 * what they lack and the rules ask for: `ram:SequenceNumeric` in the status detail (BR-FR-CDV-16, MDT-124-2;
 * none of the examples has it), one MEN block per VAT rate (DGFiP Annexe 7 G7.45, BR-FR-CDV-14), the names
 * of the seller and the buyer (G7.46), the cashing date in MDT-217 as the 211 example carries a payment date.
 */
import { currencyExponent } from '../decimal.ts';
import { leaf, node } from '../xml.ts';

/** Everything a 212 Encaissée states. Amounts are integers in minor units of `currency`. */
export interface Status212 {
  /** MDT-4, the message's identifier: unique per message (the caller derives it from the payment). */
  messageId: string;
  /** MDT-8, when the message is written. */
  createdAt: Date;
  /** The cashing date, `YYYY-MM-DD`: MDT-78 (at 00:00:00) and MDT-217 of each amount block. */
  paidAt: string;
  /** The invoice the payment is for: BT-1 (MDT-87), BT-2 `YYYY-MM-DD` (MDT-100), BT-3 (MDT-91). */
  invoice: {
    number: string;
    issueDate: string;
    typeCode: string;
    /** MDT-95, when the invoice was deposited (its 200 Déposée), if known. */
    receivedAt?: Date | undefined;
  };
  /** The seller, issuer of the status (MDT-38 to 40) and of the invoice (MDT-129): SIREN (scheme 0002) and name (BT-27). */
  seller: { siren: string; name: string };
  /** The buyer, recipient of the status (MDT-56 to 59, 73): SIREN (BT-47), name (BT-44), electronic address (BT-49, scheme 0225). */
  buyer: { siren?: string | undefined; name: string; address: string };
  /** ISO 4217 code of the invoice (BT-5), MDT-216. */
  currency: string;
  /** The amount cashed per VAT rate (MDT-215 with MDT-224): at least one. */
  parts: ReadonlyArray<{ percentage: number; amount: number }>;
}

const NAMESPACES =
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"';

/** The French CDV profile (MDT-3) and business process (MDT-2) of a status sent between platforms. */
export const CDV_INVOICE_PROFILE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** MDT-88 of a 212: UNCL 4405 `47` (paid), as the annex B examples give it (BR-FR-CDV-CL-05). */
const PAID = '47';
/** The public portal as second recipient of a mandatory status, as in the annex B 212 example (scheme 0238, role DFH). */
const PORTAL = { id: '9998', name: 'PPF' };

/** A trade party of the message: its GlobalID under its scheme (none when absent), name and role code, then `more`. */
function party(element: string, [id, scheme]: [string | undefined, string], name: string, role: string, ...more: string[]): string {
  return node(element, leaf('ram:GlobalID', id, { schemeID: scheme }), leaf('ram:Name', name), leaf('ram:RoleCode', role), ...more);
}

/** Format 204, CCYYMMDDHHMMSS, in UTC (the zone the gateway's own CDAR reader assumes). */
function format204(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

const dateTime = (name: string, value: string, format: '102' | '204', prefix = 'udt') =>
  `<${name}><${prefix}:DateTimeString format="${format}">${value}</${prefix}:DateTimeString></${name}>`;

/** Minor units as a decimal with the currency's exponent: 6946 EUR → `69.46`, -5 EUR → `-0.05`, 500 JPY → `500`. */
export function minorAsDecimal(amount: number, exponent: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** A VAT rate with two decimals, as the annex B examples write MDT-224: `20` → `20.00`, `5.5` → `5.50`. */
export function percentText(rate: number): string {
  const hundredths = Math.round(rate * 100);
  return minorAsDecimal(hundredths, 2);
}

function amountBlock(part: { percentage: number; amount: number }, currency: string, exponent: number, paidAt: string): string {
  return node(
    'ram:SpecifiedDocumentCharacteristic',
    leaf('ram:TypeCode', 'MEN'),
    '<ram:ValueChangedIndicator><udt:IndicatorString>false</udt:IndicatorString></ram:ValueChangedIndicator>',
    leaf('ram:ValueAmount', minorAsDecimal(part.amount, exponent), { currencyID: currency }),
    dateTime('ram:ValueDateTime', paidAt.replaceAll('-', ''), '102'),
    leaf('ram:ValuePercent', percentText(part.percentage)),
  );
}

/**
 * The CDAR XML (UTF-8 text with its declaration) of one 212 Encaissée. Pure and deterministic.
 * @throws RangeError when `parts` is empty (BR-FR-CDV-14 needs one MEN block at least).
 */
export function writeStatus212(message: Status212): string {
  if (message.parts.length === 0) throw new RangeError('a 212 Encaissée states at least one amount (BR-FR-CDV-14)');
  const { invoice, seller, buyer } = message;
  const exponent = currencyExponent(message.currency);
  const paidAt = message.paidAt.replaceAll('-', '');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<rsm:CrossDomainAcknowledgementAndResponse ${NAMESPACES}>`,
    node(
      'rsm:ExchangedDocumentContext',
      node('ram:BusinessProcessSpecifiedDocumentContextParameter', leaf('ram:ID', 'REGULATED')),
      node('ram:GuidelineSpecifiedDocumentContextParameter', leaf('ram:ID', CDV_INVOICE_PROFILE)),
    ),
    node(
      'rsm:ExchangedDocument',
      leaf('ram:ID', message.messageId),
      leaf('ram:Name', 'CDV-212_Encaissée'),
      dateTime('ram:IssueDateTime', format204(message.createdAt), '204'),
      node('ram:SenderTradeParty', leaf('ram:RoleCode', 'WK')),
      party('ram:IssuerTradeParty', [seller.siren, '0002'], seller.name, 'SE'),
      party(
        'ram:RecipientTradeParty',
        [buyer.siren, '0002'],
        buyer.name,
        'BY',
        node('ram:URIUniversalCommunication', leaf('ram:URIID', buyer.address, { schemeID: '0225' })),
      ),
      party('ram:RecipientTradeParty', [PORTAL.id, '0238'], PORTAL.name, 'DFH'),
    ),
    node(
      'rsm:AcknowledgementDocument',
      node('ram:MultipleReferencesIndicator', leaf('udt:Indicator', 'false')),
      leaf('ram:TypeCode', '23'),
      dateTime('ram:IssueDateTime', `${paidAt}000000`, '204'),
      node(
        'ram:ReferenceReferencedDocument',
        leaf('ram:IssuerAssignedID', invoice.number),
        leaf('ram:StatusCode', PAID),
        leaf('ram:TypeCode', invoice.typeCode),
        invoice.receivedAt ? dateTime('ram:ReceiptDateTime', format204(invoice.receivedAt), '204') : '',
        dateTime('ram:FormattedIssueDateTime', invoice.issueDate.replaceAll('-', ''), '102', 'qdt'),
        leaf('ram:ProcessConditionCode', '212'),
        leaf('ram:ProcessCondition', 'Encaissée'),
        node('ram:IssuerTradeParty', leaf('ram:GlobalID', seller.siren, { schemeID: '0002' })),
        node(
          'ram:SpecifiedDocumentStatus',
          leaf('ram:SequenceNumeric', '1'),
          message.parts.map((part) => amountBlock(part, message.currency, exponent, message.paidAt)).join(''),
        ),
      ),
    ),
    '</rsm:CrossDomainAcknowledgementAndResponse>\n',
  ].join('');
}
