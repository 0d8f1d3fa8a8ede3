/**
 * The public portal's (PPF) published limitations against the flux 10 target, as findings on a report
 * (AIFE, "Annexe – Schématron F10" v1.0 of 27/07/2026, phive-rules `docs/flux10/`; artefacts/README.md).
 * The official F10 schematron checks the target (an invoice identifier of 35 characters, every TT-80 code
 * of UNTDID 2475/2005); the portal accepts less until each limitation is lifted. A report that runs into
 * one is written as the specification says and carries a `portal_limitation` finding: never truncated.
 * The report builder calls it.
 */
import { parisDate } from '../../lib/paris-date.ts';
import type { ReportFinding } from './findings.ts';
import type { Report } from './model.ts';

/** One published limitation; `until` is the last day of the month (or half-year) the annex gives for lifting it. */
export interface PortalLimitation {
  rule: string;
  until: string;
  /** What the portal accepts meanwhile. */
  description: string;
}

/** The annex's limitations that the gateway's reports can meet. */
export const PORTAL_LIMITATIONS = {
  /** G1.05: invoice identifiers of at most 20 characters (target 35); lifted "Décembre 2026". */
  invoiceId: { rule: 'G1.05', until: '2026-12-31', description: 'invoice identifiers of at most 20 characters' },
  /** P1.11: TT-80 of at most 2 characters, so codes 3, 5 and 432 are refused; lifted "S1 2027". */
  taxDueDateCode: { rule: 'P1.11', until: '2027-06-30', description: 'TT-80 codes of at most 2 characters (not 3, 5 or 432)' },
} as const satisfies Record<string, PortalLimitation>;

const INVOICE_ID_MAX = 20;
const REFUSED_TT80 = new Set(['3', '5', '432']);

function finding(limit: PortalLimitation, term: string, document: string | undefined, message: string): ReportFinding {
  return {
    code: 'portal_limitation',
    rule: limit.rule,
    term,
    document,
    until: limit.until,
    message: `${message}: until ${limit.until} the public portal accepts only ${limit.description}, so it may refuse this report (301)`,
  };
}

/** The limitations `report` runs into, as of its creation date (TT-3, in Paris). Pure. */
export function limitationFindings(report: Report): ReportFinding[] {
  const asOf = parisDate(report.document.issuedAt);
  const out: ReportFinding[] = [];
  const idLimit = PORTAL_LIMITATIONS.invoiceId;
  const longId = (term: string, id: string, what: string) => {
    if (asOf <= idLimit.until && id.length > INVOICE_ID_MAX)
      out.push(finding(idLimit, term, id, `${what} ${id} has ${id.length} characters`));
  };
  if (report.kind === 'transactions') {
    for (const invoice of report.transactions.invoices) {
      longId('TT-19', invoice.id, 'Invoice identifier');
      for (const ref of invoice.referencedDocuments) longId('TT-30', ref.id, 'Preceding invoice identifier');
    }
    const codeLimit = PORTAL_LIMITATIONS.taxDueDateCode;
    for (const entry of report.transactions.transactions) {
      const code = entry.taxDueDateTypeCode;
      if (asOf <= codeLimit.until && code !== undefined && REFUSED_TT80.has(code)) {
        const at = `${entry.date} ${entry.category} ${entry.currency}`;
        out.push(finding(codeLimit, 'TT-80', undefined, `The B2C entry of ${at} states TT-80 = ${code} (VAT on debits, G1.67)`));
      }
    }
  } else {
    for (const payment of report.payments.invoices) longId('TT-91', payment.invoiceId, 'Invoice identifier');
  }
  return out;
}
