/**
 * The XSD layer both engines run first (libxml2-wasm): well-formedness, then the entry XSD the syntax
 * and root element select. Used by engine.ts (SaxonJS, in its worker threads) and saxon-he/index.ts
 * (Saxon-HE, on the calling thread: Saxon-HE has no XSD validation, and one parser for both engines
 * keeps their XSD findings identical).
 */
import { readFileSync } from 'node:fs';
import { XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { flux10XsdFile, xsdFiles } from './artefacts.ts';
import type { Finding, Syntax } from './types.ts';

/** What checkXsd validates against: an invoice syntax, `cdar` (CDAR D22B) or `frr` (flux 10). */
export type XsdKind = Syntax | 'cdar' | 'frr';

/** Checks a document's text; `[]` when it is well-formed and valid. */
export type XsdChecker = (kind: XsdKind, xml: string) => Finding[];

function loadXsd(path: string): XsdValidator {
  // The url lets libxml2 resolve the relative xsd:import/xsd:include through the fs input provider.
  const schema = XmlDocument.fromBuffer(readFileSync(path), { url: path });
  try {
    return XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
}

function xsdFindings(error: unknown): Finding[] {
  if (!(error instanceof XmlLibError)) throw error;
  const details = error.details.length > 0 ? error.details : [{ message: error.message, line: 0, col: 0, level: 3 }];
  return details.map((d) => ({
    source: 'xsd',
    rule: 'XSD',
    flag: 'fatal',
    location: `line ${d.line}, column ${d.col}${'xpath' in d && d.xpath ? ` ${d.xpath}` : ''}`,
    message: d.message.replace(/\s+/g, ' ').trim(),
  }));
}

/** A checker over the artefacts under `root`; each schema is loaded on its first document (`eager`: the UBL and CII ones at once). */
export function loadXsdChecker(root: string, eager = false): XsdChecker {
  xmlRegisterFsInputProviders();
  const paths = { ...xsdFiles(root), frr: flux10XsdFile(root) };
  const loaded = new Map<keyof typeof paths, XsdValidator>();
  const schema = (key: keyof typeof paths) => {
    let validator = loaded.get(key);
    if (!validator) {
      validator = loadXsd(paths[key]);
      loaded.set(key, validator);
    }
    return validator;
  };
  if (eager) for (const key of ['ublInvoice', 'ublCreditNote', 'cii', 'cdar'] as const) schema(key);
  return (kind, xml) => {
    let doc: XmlDocument;
    try {
      doc = XmlDocument.fromString(xml);
    } catch (error) {
      return xsdFindings(error);
    }
    try {
      // libxml2 itself reports a root the chosen schema does not declare ("No matching global declaration").
      const key = kind === 'ubl' ? (doc.root.name === 'CreditNote' ? 'ublCreditNote' : 'ublInvoice') : kind;
      schema(key).validate(doc);
      return [];
    } catch (error) {
      return xsdFindings(error);
    } finally {
      doc.dispose();
    }
  };
}
