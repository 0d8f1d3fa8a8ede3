/**
 * The French rules on the billing framework (BT-23, cadre de facturation) and
 * the due date (BT-9) that the body alone decides (FNFE-MPE BR-FR 1.4.0.03):
 * - BR-FR-08: BT-23 from the French list; the multi-vendor frameworks B8, S8,
 *   M8, B9, S9, M9 also need GROUP lines (BR-FR-MV-01/02), which the gateway
 *   does not write, so a body cannot ask for them.
 * - BR-FR-CO-09: an invoice already paid (B2, S2, M2) has BT-113 = BT-112,
 *   BT-115 = 0 and a due date; a credit note carries none of these.
 * - BR-FR-CO-07: BT-9 is not before BT-2, except for B2, S2, M2.
 */
import type { RuleViolation } from '../model/rule-catalogue.ts';

/** BT-23 values BR-FR-08 accepts (FNFE-MPE 1.4.0.03, `custom:is-valid-billing-mode`). */
export const BILLING_FRAMEWORKS: ReadonlySet<string> = new Set('B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9'.split(' '));

/** The multi-vendor frameworks (BR-FR-MV-*), which need GROUP lines. */
const MULTI_VENDOR = /^[BSM][89]$/;

/** The BT-23 values the gateway can write: BR-FR-08's list without the multi-vendor frameworks. */
export const WRITABLE_BILLING_FRAMEWORKS: readonly string[] = Object.freeze(
  [...BILLING_FRAMEWORKS].filter((code) => !MULTI_VENDOR.test(code)),
);
/** The frameworks of an invoice already paid (BR-FR-CO-09). */
const ALREADY_PAID = /^[BSM]2$/;

/** What the checks read from the body (amounts in cents). */
export interface FrameworkFacts {
  kind: 'invoice' | 'credit_note';
  /** The body's `billing_framework`, else the seller's default when known; undefined: not known here. */
  billingFramework: string | undefined;
  /** The framework is the seller's default (its profile's `billing_framework`), not the body's. */
  fromSeller?: boolean;
  /** BT-2 and BT-9, YYYY-MM-DD. */
  issueDate: string;
  dueDate: string | undefined;
  total: number;
  amountPaid?: number | undefined;
  amountDue?: number | undefined;
}

/** Pushes the violations of BR-FR-08, BR-FR-CO-09 and BR-FR-CO-07 (see the module comment) to `out`. */
export function checkFramework(facts: FrameworkFacts, out: RuleViolation[]): void {
  const framework = facts.billingFramework;
  const at = ['billing_framework'];
  if (framework !== undefined && !BILLING_FRAMEWORKS.has(framework)) {
    out.push({ path: at, rule: 'BR-FR-08', message: `Billing framework (BT-23) ${JSON.stringify(framework)} is not allowed` });
  } else if (framework !== undefined && MULTI_VENDOR.test(framework)) {
    out.push({
      path: at,
      rule: 'BR-FR-08',
      message: `Billing framework (BT-23) ${framework} is multi-vendor: it needs GROUP lines (BR-FR-MV-01/02), which the gateway does not write`,
    });
  }
  const paidFramework = framework !== undefined && ALREADY_PAID.test(framework);
  if (paidFramework) {
    const paid = facts.amountPaid ?? 0;
    const due = facts.amountDue ?? facts.total - paid;
    // BT-113 is written only when not zero, and the official check compares it with BT-112.
    if (facts.kind === 'credit_note' || paid !== facts.total || paid === 0 || due !== 0 || facts.dueDate === undefined) {
      const whose = facts.fromSeller ? "The seller's default billing framework" : 'Billing framework';
      out.push({
        path: at,
        rule: 'BR-FR-CO-09',
        message:
          `${whose} (BT-23) ${framework} is for an invoice already paid: amount_paid = total (not 0), amount_due = 0 and a due_date` +
          (facts.fromSeller ? '; give billing_framework to choose another one for this document' : ''),
        ...(facts.fromSeller && { profilePath: ['billing_framework'] }),
      });
    }
  }
  if (!paidFramework && facts.dueDate !== undefined && facts.dueDate < facts.issueDate) {
    out.push({
      path: ['due_date'],
      rule: 'BR-FR-CO-07',
      message: `The due date (BT-9) ${facts.dueDate} is before the issue date (BT-2) ${facts.issueDate}`,
    });
  }
}
