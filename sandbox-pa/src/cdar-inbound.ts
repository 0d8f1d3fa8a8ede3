/**
 * The lifecycle statuses a client sends the sandbox as CDAR flows (`flowSyntax: "CDAR"`, e.g. the seller's
 * 212 Encaissée from the gateway), called by submit.ts before the host's file check: the message's own
 * shape (what a platform needs to route it), and the Flow Service reason code (schema ReasonCodeEnum) of
 * each rule the host's check (CDAR D22B XSD + BR-FR CDV schematron, in the gateway) reports.
 */
import { XMLParser } from 'fast-xml-parser';
import { TEXT_VALUES } from './xml.ts';

/** What the sandbox reads from a status message: the invoice it is about (MDT-87, MDT-129) and the status (MDT-105). */
export interface IncomingStatus {
  invoiceNumber: string;
  sellerSiren: string;
  code: number;
  /** For a 212: the amount blocks (MDT-207 MEN) carrying both an amount (MDT-215) and a VAT rate (MDT-224). */
  cashedParts: number;
}

/** A refusal: the Flow Service reason code and its message. */
export interface StatusProblem {
  reasonCode: 'InvalidSchema' | 'InvoiceLCRuleError' | 'InvoiceLCAmountError';
  reasonMessage: string;
}

const parser = new XMLParser({
  ...TEXT_VALUES,
  isArray: (name) =>
    ['SpecifiedDocumentStatus', 'SpecifiedDocumentCharacteristic', 'GlobalID', 'ReferenceReferencedDocument'].includes(name),
});

type Node = Record<string, unknown>;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const child = (node: unknown, name: string): unknown => {
  const here = list(node)[0];
  return here && typeof here === 'object' ? (here as Node)[name] : undefined;
};
const text = (value: unknown): string | undefined => {
  const node = list(value)[0];
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && '#text' in node) return String((node as Node)['#text']);
  return undefined;
};

/**
 * Reads a CDAR status message, or says why a platform could not take it: not well-formed or not a
 * CrossDomainAcknowledgementAndResponse (`InvalidSchema`), no referenced invoice, status code or seller
 * SIREN (`InvoiceLCRuleError`), a 212 without an amount per VAT rate (`InvoiceLCAmountError`, DGFiP
 * Annexe 7 G7.45, the portal's REJ_ENCAISSEMENT).
 */
export function readIncomingStatus(bytes: Buffer): IncomingStatus | { problem: StatusProblem } {
  const refuse = (reasonCode: StatusProblem['reasonCode'], reasonMessage: string) => ({ problem: { reasonCode, reasonMessage } });
  let doc: Node;
  try {
    doc = parser.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as Node;
  } catch (error) {
    return refuse('InvalidSchema', `not well-formed XML: ${(error as Error).message}`);
  }
  const root = doc['CrossDomainAcknowledgementAndResponse'];
  if (!root || typeof root !== 'object') return refuse('InvalidSchema', 'the root element is not CrossDomainAcknowledgementAndResponse');
  const referenced = child(child(root, 'AcknowledgementDocument'), 'ReferenceReferencedDocument');
  const invoiceNumber = text(child(referenced, 'IssuerAssignedID'));
  if (!invoiceNumber) return refuse('InvoiceLCRuleError', 'ReferenceReferencedDocument/IssuerAssignedID (MDT-87) is missing');
  const code = text(child(referenced, 'ProcessConditionCode'));
  if (!code || !/^\d{3}$/.test(code))
    return refuse('InvoiceLCRuleError', 'ProcessConditionCode (MDT-105) is missing or not a 3-digit code');
  const ids = list(child(child(referenced, 'IssuerTradeParty'), 'GlobalID'));
  const siren = ids.find((id) => typeof id === 'object' && id !== null && (id as Node)['@_schemeID'] === '0002');
  const sellerSiren = text(siren);
  if (!sellerSiren) return refuse('InvoiceLCRuleError', "IssuerTradeParty/GlobalID[@schemeID='0002'] (MDT-129) is missing");
  const blocks = list(child(referenced, 'SpecifiedDocumentStatus')).flatMap((status) =>
    list(child(status, 'SpecifiedDocumentCharacteristic')),
  );
  const cashed = blocks.filter((block) => text(child(block, 'TypeCode')) === 'MEN');
  const complete = cashed.filter(
    (block) => text(child(block, 'ValueAmount')) !== undefined && text(child(block, 'ValuePercent')) !== undefined,
  );
  if (code === '212' && (cashed.length === 0 || complete.length !== cashed.length)) {
    return refuse(
      'InvoiceLCAmountError',
      'a 212 Encaissée states the amount cashed per VAT rate: MEN blocks with ValueAmount and ValuePercent',
    );
  }
  return { invoiceNumber, sellerSiren, code: Number(code), cashedParts: complete.length };
}

/**
 * The Flow Service reason code of a fatal rule the host's CDAR check reports: `XSD` → InvalidSchema;
 * BR-FR-CDV-14 (the amounts of a 212) → InvoiceLCAmountError; any other rule → InvoiceLCRuleError
 * (schema ReasonCodeEnum, Flow Service 1.1.0: the portal's REJ_ENCAISSEMENT and REJ_RG). A status code
 * outside the CDV list (BR-FR-CDV-CL-06) is only a warning of the official schematron: not refused.
 */
export function cdarReasonCode(rule: string): 'InvalidSchema' | 'InvoiceLCAmountError' | 'InvoiceLCRuleError' {
  if (rule === 'XSD') return 'InvalidSchema';
  if (rule === 'BR-FR-CDV-14') return 'InvoiceLCAmountError';
  return 'InvoiceLCRuleError';
}
