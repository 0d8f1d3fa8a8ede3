/**
 * Where the pinned validation artefacts live (artefacts/README.md lists their sources and hashes).
 * Everything is read from disk: nothing is fetched at run time.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the first ancestor of this module holding artefacts/, so it works from src/ (tsx) and dist/src/. */
export function artefactsRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, 'artefacts', 'en16931-1.3.16'))) return join(dir, 'artefacts');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no artefacts/ directory above ${from}`);
    dir = parent;
  }
}

/** Compiled schematron names, as scripts/compile-artefacts.mjs writes them to artefacts/sef/<name>.sef.json. */
export type SefName = 'en16931-ubl' | 'en16931-cii' | 'brfr-ubl' | 'brfr-cii' | 'brfr-cdar' | 'flux10-f10';

/** Absolute path of a compiled schematron. */
export function sefFile(root: string, name: SefName): string {
  return join(root, 'sef', `${name}.sef.json`);
}

/**
 * Entry XSD per document root: UBL 2.1 Invoice and CreditNote (OASIS), CII D22B CrossIndustryInvoice (the
 * uncoupled schema the FNFE-MPE 1.4.0 note prescribes), CDAR D22B CrossDomainAcknowledgementAndResponse (UN/CEFACT).
 */
export function xsdFiles(root: string): { ublInvoice: string; ublCreditNote: string; cii: string; cdar: string } {
  return {
    ublInvoice: join(root, 'ubl-2.1', 'xsd', 'maindoc', 'UBL-Invoice-2.1.xsd'),
    ublCreditNote: join(root, 'ubl-2.1', 'xsd', 'maindoc', 'UBL-CreditNote-2.1.xsd'),
    cii: join(root, 'cii-d22b', 'CrossIndustryInvoice_100pD22B.xsd'),
    cdar: join(root, 'cdar-d22b', 'CrossDomainAcknowledgementAndResponse_100pD22B.xsd'),
  };
}

/** Entry XSD of the flux 10 e-reporting documents (DGFiP flux 10 v1.0): root `Report`, importing the four others. */
export function flux10XsdFile(root: string): string {
  return join(root, 'flux10-1.0', 'xsd', 'ereporting.xsd');
}

/** The pinned XSLT source of each compiled schematron (scripts/compile-artefacts.mjs compiles the same files to SEF). */
export const XSLT_SOURCES: Readonly<Record<SefName, string>> = {
  'en16931-ubl': 'en16931-1.3.16/ubl/EN16931-UBL-validation.xslt',
  'en16931-cii': 'en16931-1.3.16/cii/EN16931-CII-validation.xslt',
  'brfr-ubl': 'br-fr-1.4.0.03/BR-FR-Flux2-Schematron-UBL_V1.4.0.03.xslt',
  'brfr-cii': 'br-fr-1.4.0.03/BR-FR-Flux2-Schematron-CII_V1.4.0.03.xslt',
  'brfr-cdar': 'br-fr-1.4.0.03/BR-FR-CDV-Schematron-CDAR_V1.4.0.03.xslt',
  'flux10-f10': 'flux10-1.0/schematron/PPF_Flux10_v1_0.xslt',
};

/** Absolute path of a pinned XSLT source. */
export function xsltFile(root: string, name: SefName): string {
  return join(root, XSLT_SOURCES[name]);
}
