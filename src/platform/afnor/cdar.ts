/**
 * Reads a lifecycle status from a CDAR message (UN/CEFACT
 * CrossDomainAcknowledgementAndResponse D22B, French profile
 * urn.cpro.gouv.fr:1p0:CDV:invoice, XP Z12-012) with fast-xml-parser.
 *
 * Fields (MDT numbers of the French CDV data model):
 * - invoice number: AcknowledgementDocument/ReferenceReferencedDocument/IssuerAssignedID (MDT-87, BT-1);
 * - seller SIREN: ReferenceReferencedDocument/IssuerTradeParty/GlobalID[@schemeID='0002'] (MDT-129);
 * - code and label: ProcessConditionCode (MDT-105) and ProcessCondition (MDT-106), the label kept raw;
 * - reason: SpecifiedDocumentStatus/ReasonCode and Reason (MDT-113, MDT-114);
 * - status time: AcknowledgementDocument/IssueDateTime (MDT-78), else ExchangedDocument/IssueDateTime (MDT-8);
 * - document type: ReferenceReferencedDocument/TypeCode (MDT-91, BT-3 of the invoice), `readCdar` only.
 * Format 204 (CCYYMMDDHHMMSS) carries no zone: read as UTC, as the sandbox writes it. Only the first referenced
 * document is read (MultipleReferencesIndicator false, the case of every official example). The text is bounded in
 * elements, attributes and depth (xml-bounds.ts) before it is parsed.
 */
import { XMLParser } from 'fast-xml-parser';
import { checkXmlBounds } from './xml-bounds.ts';

/** One status read from a CDAR. `occurredAt` is ISO 8601 UTC. */
export interface CdarStatus {
  invoiceNumber: string;
  sellerSiren: string;
  code: number;
  label: string;
  reasonCode?: string;
  reason?: string;
  occurredAt: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

type Node = Record<string, unknown>;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const first = (value: unknown): unknown => list(value)[0];

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    const here = first(current);
    if (!here || typeof here !== 'object') return undefined;
    current = (here as Node)[name];
  }
  return current;
}

function text(value: unknown): string | undefined {
  const node = first(value);
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && '#text' in node) return String((node as Node)['#text']);
  return undefined;
}

/** A UN/CEFACT DateTimeString (format 204, 203 or 102) as ISO 8601 UTC. */
function dateTimeOf(node: unknown): string | undefined {
  const value = text(child(node, 'DateTimeString'));
  const format = (first(child(node, 'DateTimeString')) as Node | undefined)?.['@_format'] ?? '204';
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(value ?? '');
  if (!digits || !['204', '203', '102'].includes(String(format))) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = digits;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What `readCdar` gives: the status, and the referenced document's type code (BT-3) when the message carries one. */
export interface CdarMessage {
  status: CdarStatus;
  /** ReferenceReferencedDocument/TypeCode (MDT-91): 380, 381, 384, ... (UNTDID 1001, BR-FR-04). */
  typeCode?: string;
  /** ExchangedDocument/ID (MDT-4), the message's own id: the gateway's 212s carry their payment's UUID there. */
  messageId?: string;
}

/** The status a CDAR message carries, or `{ error }` saying what is missing or unreadable. */
export function parseCdar(xml: string | Buffer): CdarStatus | { error: string } {
  const message = readCdar(xml);
  return 'error' in message ? message : message.status;
}

/**
 * The status a CDAR message carries with what else identifies the document it is about (its type code),
 * or `{ error }` saying what is missing or unreadable (the same errors as `parseCdar`).
 */
export function readCdar(xml: string | Buffer): CdarMessage | { error: string } {
  let doc: Node;
  const source = (typeof xml === 'string' ? xml : xml.toString('utf8')).replace(/^\uFEFF/, '');
  // Bounded before any tree is built (xml-bounds.ts): a huge or deep document is this message's error, not the process's.
  const passed = checkXmlBounds(source);
  if (passed) return { error: `too large to read: ${passed}` };
  try {
    doc = parser.parse(source) as Node;
  } catch (error) {
    return { error: `not well-formed XML: ${(error as Error).message}` };
  }
  const root = doc['CrossDomainAcknowledgementAndResponse'];
  if (!root || typeof root !== 'object') return { error: 'the root element is not CrossDomainAcknowledgementAndResponse' };
  const ack = child(root, 'AcknowledgementDocument');
  const referenced = child(ack, 'ReferenceReferencedDocument');
  if (!referenced) return { error: 'AcknowledgementDocument/ReferenceReferencedDocument is missing' };
  const invoiceNumber = text(child(referenced, 'IssuerAssignedID'));
  if (!invoiceNumber) return { error: 'ReferenceReferencedDocument/IssuerAssignedID (MDT-87) is missing' };
  const codeText = text(child(referenced, 'ProcessConditionCode'));
  if (!codeText || !/^\d{3}$/.test(codeText)) return { error: 'ProcessConditionCode (MDT-105) is missing or not a 3-digit code' };
  const globalIds = list(child(referenced, 'IssuerTradeParty', 'GlobalID'));
  const siren = globalIds.find((id) => typeof id === 'object' && id !== null && (id as Node)['@_schemeID'] === '0002');
  const sellerSiren = text(siren);
  if (!sellerSiren) return { error: "ReferenceReferencedDocument/IssuerTradeParty/GlobalID[@schemeID='0002'] (MDT-129) is missing" };
  const occurredAt = dateTimeOf(child(ack, 'IssueDateTime')) ?? dateTimeOf(child(root, 'ExchangedDocument', 'IssueDateTime'));
  if (!occurredAt) return { error: 'no readable status date (AcknowledgementDocument/IssueDateTime, MDT-78)' };
  const statuses = list(child(referenced, 'SpecifiedDocumentStatus'));
  const withReason = statuses.find((status) => text(child(status, 'ReasonCode')) || text(child(status, 'Reason')));
  const reasonCode = text(child(withReason, 'ReasonCode'));
  const reason = text(child(withReason, 'Reason'));
  const typeCode = text(child(referenced, 'TypeCode'));
  const status: CdarStatus = {
    invoiceNumber,
    sellerSiren,
    code: Number(codeText),
    label: text(child(referenced, 'ProcessCondition')) ?? '',
    ...(reasonCode ? { reasonCode } : {}),
    ...(reason ? { reason } : {}),
    occurredAt,
  };
  const messageId = text(child(root, 'ExchangedDocument', 'ID'));
  return { status, ...(typeCode ? { typeCode } : {}), ...(messageId ? { messageId } : {}) };
}
