/**
 * Writes a CDAR (UN/CEFACT CrossDomainAcknowledgementAndResponse D22B) status
 * message, modelled on the official XP Z12-014 examples kept in
 * sandbox-pa/spec/cdar-examples/ and on the BR-FR-CDV rules (1.4.0.03):
 * MDT-77 = 305 (transmission phase, issued by the platform, role WK, no MDT-38)
 * or 23 (processing phase, issued by a trade party with its MDT-38 id).
 * Dates are format 204 (CCYYMMDDHHMMSS), written in UTC.
 */
import { randomUUID } from 'node:crypto';
import type { NewFlow } from './state.ts';
import type { Flow } from './types.ts';

/** One status to write. */
export interface CdarStatus {
  /** ProcessConditionCode (MDT-105), e.g. 200 to 214, 220, 501. */
  code: number;
  /** ProcessCondition (MDT-106), the French label. */
  label: string;
  /** When the status happened (MDT-78). */
  occurredAt: Date;
  /** SpecifiedDocumentStatus/ReasonCode (MDT-113), e.g. DOUBLON. */
  reasonCode?: string;
  /** SpecifiedDocumentStatus/Reason (MDT-114). */
  reason?: string;
}

/** The invoice the status is about, and its parties. */
export interface CdarSubject {
  /** BT-1, MDT-87. */
  invoiceNumber: string;
  /** BT-2 as YYYY-MM-DD (MDT-100, format 102); the status date when unknown. */
  issueDate?: string;
  /** BT-3, MDT-91. */
  typeCode: string;
  /** Seller SIREN (MDT-129, scheme 0002). */
  sellerSiren: string;
  sellerName?: string;
  buyerSiren?: string;
  buyerName?: string;
  /** When the platform received the invoice (MDT-95). */
  receivedAt: Date;
}

/** Statuses of the transmission phase (MDT-77 = 305), written by the platform; the others are 23. */
const TRANSMISSION = new Set([200, 201, 202, 203, 213, 501]);
/** MDT-88 per the official examples (BR-FR-CDV-CL-05 lists); omitted when the examples give none. */
const STATUS_CODES: Record<number, string> = {
  200: '10',
  202: '43',
  203: '48',
  204: '45',
  205: '1',
  207: '46',
  210: '50',
  211: '47',
  212: '47',
  213: '8',
};

/** Escapes text and attribute values (XML 1.0 §2.4, §3.3.3). */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** UN/CEFACT date-time format 204: CCYYMMDDHHMMSS (UTC here). */
export function format204(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function format102(isoDate: string | undefined, fallback: Date): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate ?? '') ? isoDate!.replace(/-/g, '') : format204(fallback).slice(0, 8);
}

/** A tiny element writer: children are already-escaped XML strings. */
function el(name: string, content: string | string[], attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const body = Array.isArray(content) ? content.join('') : content;
  return `<${name}${attrs}>${body}</${name}>`;
}
const txt = (name: string, value: string, attributes?: Record<string, string>) => el(name, escapeXml(value), attributes);
const dateTime = (name: string, date: Date) => el(name, txt('udt:DateTimeString', format204(date), { format: '204' }));

/** The CDAR XML (UTF-8 text) for one status of one invoice. */
export function buildCdar(subject: CdarSubject, status: CdarStatus): string {
  const transmission = TRANSMISSION.has(status.code);
  const issuer = transmission
    ? el('ram:IssuerTradeParty', txt('ram:RoleCode', 'WK'))
    : subject.buyerSiren
      ? el('ram:IssuerTradeParty', [
          txt('ram:GlobalID', subject.buyerSiren, { schemeID: '0002' }),
          txt('ram:Name', subject.buyerName ?? 'ACHETEUR'),
          txt('ram:RoleCode', 'BY'),
        ])
      : el('ram:IssuerTradeParty', [txt('ram:GlobalID', subject.sellerSiren, { schemeID: '0002' }), txt('ram:RoleCode', 'SE')]);
  const recipient = el('ram:RecipientTradeParty', [
    txt('ram:GlobalID', subject.sellerSiren, { schemeID: '0002' }),
    txt('ram:Name', subject.sellerName ?? 'VENDEUR'),
    txt('ram:RoleCode', 'SE'),
    el('ram:URIUniversalCommunication', txt('ram:URIID', subject.sellerSiren, { schemeID: '0225' })),
  ]);
  const issueDate = format102(subject.issueDate, status.occurredAt);
  const documentId = `${subject.invoiceNumber}_${status.code}_${format204(status.occurredAt)}#${subject.typeCode}_${issueDate}`;
  const statusCode = STATUS_CODES[status.code];
  const reason =
    status.reasonCode || status.reason
      ? el('ram:SpecifiedDocumentStatus', [
          status.reasonCode ? txt('ram:ReasonCode', status.reasonCode) : '',
          status.reason ? txt('ram:Reason', status.reason) : '',
          txt('ram:SequenceNumeric', '1'),
        ])
      : '';
  const root = el(
    'rsm:CrossDomainAcknowledgementAndResponse',
    [
      el('rsm:ExchangedDocumentContext', [
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', txt('ram:ID', 'REGULATED')),
        el('ram:GuidelineSpecifiedDocumentContextParameter', txt('ram:ID', 'urn.cpro.gouv.fr:1p0:CDV:invoice')),
      ]),
      el('rsm:ExchangedDocument', [
        txt('ram:ID', documentId),
        txt('ram:Name', `CDV-${status.code}_${status.label}`),
        dateTime('ram:IssueDateTime', status.occurredAt),
        el('ram:SenderTradeParty', txt('ram:RoleCode', 'WK')),
        issuer,
        recipient,
      ]),
      el('rsm:AcknowledgementDocument', [
        el('ram:MultipleReferencesIndicator', txt('udt:Indicator', 'false')),
        txt('ram:TypeCode', transmission ? '305' : '23'),
        dateTime('ram:IssueDateTime', status.occurredAt),
        el('ram:ReferenceReferencedDocument', [
          txt('ram:IssuerAssignedID', subject.invoiceNumber),
          statusCode ? txt('ram:StatusCode', statusCode) : '',
          txt('ram:TypeCode', subject.typeCode),
          dateTime('ram:ReceiptDateTime', subject.receivedAt),
          el('ram:FormattedIssueDateTime', txt('qdt:DateTimeString', issueDate, { format: '102' })),
          txt('ram:ProcessConditionCode', String(status.code)),
          txt('ram:ProcessCondition', status.label),
          el('ram:IssuerTradeParty', txt('ram:GlobalID', subject.sellerSiren, { schemeID: '0002' })),
          reason,
        ]),
      ]),
    ],
    {
      'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
      'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
      'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
    },
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}

/**
 * An incoming status flow (flowDirection In, flowSyntax CDAR, acknowledged Ok) whose Original is the CDAR of
 * `status` about `subject`, with a fresh flowId; `flow` gives its type, processing rule and trackingId. Used by the
 * lifecycle scripts (lifecycle.ts) and the portal's answer to an e-report (report-status.ts).
 */
export function cdarStatusFlow(
  subject: CdarSubject,
  status: CdarStatus,
  flow: Pick<Flow, 'trackingId' | 'flowType' | 'processingRule'>,
): NewFlow {
  const flowId = randomUUID();
  return {
    flow: { flowId, ...flow, processingRuleSource: 'Computed', flowDirection: 'In', flowSyntax: 'CDAR', acknowledgement: { status: 'Ok' } },
    original: Buffer.from(buildCdar(subject, status), 'utf8'),
    fileName: `${flowId}.xml`,
  };
}
