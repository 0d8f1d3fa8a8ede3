/**
 * Reads from a UBL 2.1 Invoice or CreditNote the few fields a status flow
 * refers to, with fast-xml-parser (namespace prefixes dropped, values kept as
 * strings so an invoice number such as 00012 keeps its zeros).
 */
import { XMLParser } from 'fast-xml-parser';
import { TEXT_VALUES } from './xml.ts';

/** What the sandbox needs from the invoice to write its CDAR status flows. */
export interface UblFacts {
  /** BT-1 (cbc:ID). */
  invoiceNumber: string;
  /** BT-2 (cbc:IssueDate), YYYY-MM-DD, when present. */
  issueDate?: string;
  /** BT-3 (cbc:InvoiceTypeCode / cbc:CreditNoteTypeCode), 380 or 381 by default. */
  typeCode: string;
  /** BT-30 (seller cac:PartyLegalEntity/cbc:CompanyID): the SIREN in a French invoice. */
  sellerId?: string;
  /** BT-27 (seller cac:PartyLegalEntity/cbc:RegistrationName). */
  sellerName?: string;
  /** BT-47 (buyer cac:PartyLegalEntity/cbc:CompanyID). */
  buyerId?: string;
  buyerName?: string;
  /** cbc:Note texts (BT-22), where a sandbox script marker may also be put. */
  notes: string[];
}

const parser = new XMLParser({
  ...TEXT_VALUES,
  processEntities: true,
});

type Node = Record<string, unknown>;

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The text of an element, whether fast-xml-parser gave a string or an object with attributes. */
function text(value: unknown): string | undefined {
  const node = first(value);
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && '#text' in node) return String((node as Node)['#text']);
  return undefined;
}

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    const here = first(current);
    if (!here || typeof here !== 'object') return undefined;
    current = (here as Node)[name];
  }
  return current;
}

/** The facts, or an error message when the bytes are not a UBL Invoice/CreditNote with a cbc:ID. */
export function readUbl(bytes: Buffer): UblFacts | { error: string } {
  let doc: Node;
  try {
    doc = parser.parse(bytes.toString('utf8')) as Node;
  } catch (error) {
    return { error: `not well-formed XML: ${(error as Error).message}` };
  }
  const isCredit = doc['CreditNote'] !== undefined;
  const root = doc['Invoice'] ?? doc['CreditNote'];
  if (!root || typeof root !== 'object') return { error: 'the root element is neither Invoice nor CreditNote' };
  const invoiceNumber = text(child(root, 'ID'));
  if (!invoiceNumber) return { error: 'cbc:ID (BT-1) is missing' };
  const seller = child(root, 'AccountingSupplierParty', 'Party', 'PartyLegalEntity');
  const buyer = child(root, 'AccountingCustomerParty', 'Party', 'PartyLegalEntity');
  const notes = child(root, 'Note');
  return {
    invoiceNumber,
    issueDate: text(child(root, 'IssueDate')),
    typeCode: text(child(root, isCredit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')) ?? (isCredit ? '381' : '380'),
    sellerId: text(child(seller, 'CompanyID')),
    sellerName: text(child(seller, 'RegistrationName')),
    buyerId: text(child(buyer, 'CompanyID')),
    buyerName: text(child(buyer, 'RegistrationName')),
    notes: (Array.isArray(notes) ? notes : notes === undefined ? [] : [notes]).map((note) => text(note) ?? '').filter(Boolean),
  };
}
