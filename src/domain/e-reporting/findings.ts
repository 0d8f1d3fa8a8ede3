/**
 * What the report builder tells about a report besides the official artefacts' verdict: the public
 * portal's published limitations a report runs into (limitations.ts), and the places where the gateway
 * had to choose for want of data (a mixed invoice's lines of unknown nature, a payment in a currency
 * other than the euro). Findings never change the data: nothing is truncated or dropped to fit.
 */

/** Kinds of finding. */
export type ReportFindingCode =
  /** A published limitation of the public portal (PPF) that this report runs into: the portal is likely to refuse it (301) until the limitation is lifted. */
  | 'portal_limitation'
  /** A mixed invoice (BT-23 M*) whose line nature (goods or services) is unknown: its lines were counted as services (TPS1). */
  | 'mixed_lines_as_services'
  /** A cashing in another currency than the euro, which the flux 10 cannot carry (G6.27): written as it is, the F10 schematron refuses it. */
  | 'payment_not_in_euro';

/** One finding on a report. */
export interface ReportFinding {
  code: ReportFindingCode;
  /** The Annexe 7 rule concerned (`G1.05`, `P1.11`, `G1.68`, `G6.27`). */
  rule: string;
  /** The flux 10 term concerned (`TT-19`, `TT-80`, `TT-81`, `TT-95`). */
  term: string;
  message: string;
  /** The invoice or credit note concerned (BT-1), when one is. */
  document?: string | undefined;
  /** For a portal limitation: the last day it is published to hold (`YYYY-MM-DD`). */
  until?: string | undefined;
}
