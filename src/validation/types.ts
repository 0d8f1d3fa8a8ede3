/**
 * Public shapes of the validation module: what one run of the official EN 16931 and
 * French BR-FR artefacts over a generated e-invoice reports.
 */

/**
 * Which validation layer produced a finding: the XSD (or well-formedness), EN 16931 schematron, BR-FR
 * schematron, or AIFE's F10 schematron of the flux 10 e-reporting documents (FRR).
 */
export type FindingSource = 'xsd' | 'en16931' | 'br-fr' | 'f10';

/** The e-invoice syntaxes the artefacts cover: UBL 2.1 Invoice/CreditNote, UN/CEFACT CII D22B (uncoupled). */
export type Syntax = 'ubl' | 'cii';

/** One problem found in a document. */
export interface Finding {
  source: FindingSource;
  /**
   * The rule's base id as EN 16931 / BR-FR name it (`BR-CO-10`, `UBL-SR-12`, `CII-SR-04`, `BR-FR-10`,
   * `BR-FR-CDV-CL-01`), the Annexe 7 rule for F10 (`G8.01`); `XSD` for any schema or well-formedness error.
   */
  rule: string;
  /** The raw SVRL failed-assert `@id` (e.g. `BR-FR-10_BT-30`); absent for XSD findings. */
  assertionId?: string;
  /** SVRL `@flag` (absent counts as fatal); XSD errors are always fatal, libxml2 warnings are warnings. */
  flag: 'fatal' | 'warning';
  /** SVRL `@location` XPath; for XSD findings `line N, column C` followed by libxml2's node path when it gives one. */
  location: string;
  /** The assertion or libxml2 message, whitespace-normalised. */
  message: string;
}

/** The outcome of validating one document: every finding, split by flag, and the time each layer took. */
export interface ValidationReport {
  fatal: Finding[];
  warnings: Finding[];
  /** Wall time per layer in ms (0 for a layer that did not run: schematrons after an XSD failure, EN 16931 for CDAR). */
  timingsMs: { xsd: number; en16931: number; brfr: number; f10?: number };
}

/** A request sent to a validation worker. */
export type ValidationJob = { kind: 'invoice'; syntax: Syntax; xml: string } | { kind: 'cdar'; xml: string } | { kind: 'frr'; xml: string };
