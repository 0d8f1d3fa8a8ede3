/**
 * Fixtures for test/unit/e-reporting: a transmission header, the EN 16931 documents of generated SaaS
 * bodies (einvoice-arbitraries.ts, through the pipeline's own deriveFromBody and toEInvoice), fast-check
 * arbitraries of B2C and international B2B documents and of payments.
 */
import fc from 'fast-check';
import type { ReportDocument } from '../../src/domain/e-reporting/model.ts';
import type { ReportablePayment } from '../../src/domain/e-reporting/payments.ts';
import { deriveFromBody } from '../../src/einvoice/derive.ts';
import { toEInvoice } from '../../src/einvoice/map.ts';
import type { EInvoice } from '../../src/einvoice/model.ts';
import { type BodyCase, bodyCase } from './einvoice-arbitraries.ts';
import { DEMO_PROFILE, deriveInput } from './einvoice-chain.ts';

/** A transmission header (TB-1) of the demo seller, sent by a platform of matricule `PA01`, created 2026-12-01. */
export function reportHeader(overrides: Partial<ReportDocument> = {}): ReportDocument {
  return {
    id: 'FRR-900123456-2026-11-IN',
    issuedAt: '2026-12-01T09:00:00Z',
    type: 'IN',
    sender: { id: 'PA01', name: 'Plateforme de test' },
    issuer: { siren: DEMO_PROFILE.siren, name: DEMO_PROFILE.name, role: 'SE' },
    ...overrides,
  };
}

/** The EN 16931 document of a generated body, as the pipeline builds it with the demo seller; throws if the body breaks a rule. */
export function einvoiceOf(c: BodyCase): EInvoice {
  const { document, violations } = deriveFromBody(deriveInput(c.kind, c.body, c.customer));
  if (!document) throw new Error(`generated body breaks ${violations.map((v) => v.rule).join(', ')}`);
  return toEInvoice(document, DEMO_PROFILE, c.preceding);
}

/** Billing frameworks (BT-23) that BR-FR-08 and the F10 schematron (G1.02) both accept and that need no payment state. */
export const REPORTABLE_FRAMEWORKS = ['B1', 'S1', 'M1', 'B4', 'S4', 'M4', 'S5', 'S6', 'B7', 'S7'] as const;

/** A B2C or B2BInt invoice or credit note (November 2026), with one of the frameworks above. */
export const reportedDocument: fc.Arbitrary<EInvoice> = fc
  .tuple(
    bodyCase.filter((c) => c.buyerKind !== 'B2B'),
    fc.constantFrom(...REPORTABLE_FRAMEWORKS),
  )
  .map(([c, framework]) => einvoiceOf({ ...c, body: { ...c.body, billing_framework: framework } }));

/** Up to eight documents of one seller and period, numbered apart (BT-1 is unique per seller). */
export const reportedDocuments: fc.Arbitrary<EInvoice[]> = fc
  .array(reportedDocument, { minLength: 1, maxLength: 8 })
  .map((docs) => docs.map((d, i) => ({ ...d, number: `${d.number}-${i}` })));

const RATES = [20, 10, 5.5, 2.1, 0] as const;

/** A cashing in euros of an invoice of November 2026, in December 2026, split over one to three rates. */
export const reportablePayment: fc.Arbitrary<ReportablePayment> = fc
  .record({
    serial: fc.integer({ min: 1, max: 99_999 }),
    issued: fc.integer({ min: 1, max: 30 }),
    paid: fc.integer({ min: 1, max: 31 }),
    parts: fc.uniqueArray(fc.record({ percentage: fc.constantFrom(...RATES), amount: fc.integer({ min: 1, max: 5_000_000 }) }), {
      minLength: 1,
      maxLength: 3,
      selector: (p) => p.percentage,
    }),
  })
  .map(({ serial, issued, paid, parts }) => ({
    invoice: { number: `FA-2026-${serial}`, issueDate: `2026-11-${String(issued).padStart(2, '0')}`, currency: 'EUR' },
    paidAt: `2026-12-${String(paid).padStart(2, '0')}`,
    parts,
  }));
