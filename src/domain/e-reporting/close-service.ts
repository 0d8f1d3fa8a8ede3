/**
 * Closing an e-report (docs/e-reporting.md, "Closing"): freeze it (close-store.ts), re-derive the EN 16931
 * document of every submission it covers (the same `deriveFromBody` and `toEInvoice` as the pipeline, so what is
 * reported is what was invoiced), build the transmission (report.ts), write the FRR XML (frr-writer.ts), check
 * it with the official artefacts (flux 10 XSD and F10 schematron) and keep the findings: a report that fails is
 * `invalid` and never sent. The close worker (closer.ts) and `POST /v1/e-reports/close` call it.
 */
import type { Db } from '../../db/client.ts';
import { toEInvoice } from '../../einvoice/map.ts';
import type { EInvoice, ProcessingRule } from '../../einvoice/model.ts';
import { deriveStored, precedingOf } from '../../einvoice/stored.ts';
import type { SellerProfile } from '../../model/seller-profile.ts';
import type { ReportFinding } from './findings.ts';
import { writeReport } from './frr-writer.ts';
import type { Report } from './model.ts';
import { buildPaymentsReport, buildTransactionsReport, type BuiltReport, isEmpty } from './report.ts';
import { type CoveredSubmission, type EReportRow, freezeReport, loadCovered, saveBuilt } from './store/close-store.ts';
import { loadCoveredPayments } from './store/payments-store.ts';
import { totalsOf } from './totals.ts';

/** The official artefacts' check of an FRR document (Validator.validateReport); undefined: not checked (`VALIDATION=native`). */
export type ReportCheck =
  | ((xml: string) => Promise<{ fatal: ReadonlyArray<{ rule: string; message: string; location?: string | undefined }> }>)
  | undefined;

/** `EREPORTING_CLOSE_DELAY`'s default (docs/configuration.md): a period's report closes one hour after it ended. */
export const DEFAULT_CLOSE_DELAY_MS = 3_600_000;

/** What closing needs. */
export interface CloseDeps {
  db: Db;
  check: ReportCheck;
  /** The accredited platform (TG-3): its 4-character matricule (TT-8) and name. */
  sender: { id: string; name: string };
  /** How long after its period ended a report closes by itself (`EREPORTING_CLOSE_DELAY`), in milliseconds. */
  closeDelayMs: number;
  /** How long a frozen report stays leased to its closing, in milliseconds (PA_LEASE_MS). */
  leaseMs: number;
  /** Told after a report was built valid (`closed`, due for sending): wakes the sender. */
  onClosed?: (() => void) | undefined;
}

function einvoiceOf(covered: CoveredSubmission, profile: SellerProfile): EInvoice | undefined {
  const derived = deriveStored(covered, profile);
  if (!derived.document) return undefined;
  const preceding = precedingOf(covered);
  return toEInvoice({ ...derived.document, processingRule: covered.processingRule as ProcessingRule }, profile, preceding);
}

/** Builds, writes and checks the frozen report `row`; stores the result. Undefined when another closing stored it first. */
export async function buildFrozen(deps: CloseDeps, row: EReportRow): Promise<EReportRow | undefined> {
  const { submissions, profile } = await loadCovered(deps.db, row);
  const findings: ReportFinding[] = [];
  const sellerName = profile?.name ?? row.sellerSiren;
  const document = {
    id: row.transmissionId,
    issuedAt: new Date().toISOString(),
    type: row.type,
    sender: deps.sender,
    issuer: { siren: row.sellerSiren, name: sellerName, role: 'SE' as const },
  };
  const period = { start: row.periodStart, end: row.periodEnd };
  let built: BuiltReport;
  if (row.kind === 'transactions') {
    const b2c: EInvoice[] = [];
    const b2bInt: EInvoice[] = [];
    for (const covered of submissions) {
      const einvoice = profile ? einvoiceOf(covered, profile) : undefined;
      if (!einvoice) continue;
      (covered.processingRule === 'B2BInt' ? b2bInt : b2c).push(einvoice);
    }
    built = buildTransactionsReport(document, { period, b2c, b2bInt, vatOnDebits: profile?.vat_on_debits ?? false });
  } else {
    built = buildPaymentsReport(document, { period, ...(await loadCoveredPayments(deps.db, row.id)) });
  }
  findings.push(...built.findings);
  const xml = writeReport(built.report);
  // No transmission for a period with nothing to report (DSE v3.2 §2.3.3): kept, never sent.
  const nothing = isEmpty(built.report)
    ? [{ rule: 'DSE-2.3.3', message: 'Nothing to report for this period: no transmission is made', location: undefined }]
    : [];
  const verdict = nothing.length > 0 ? { fatal: nothing } : deps.check ? await deps.check(xml) : { fatal: [] };
  const saved = await saveBuilt(deps.db, row.id, {
    xml,
    totals: totalsOf(built.report as Report),
    findings,
    validation: {
      valid: verdict.fatal.length === 0,
      errors: verdict.fatal.map((f) => ({ rule: f.rule, message: f.message, location: f.location })),
    },
  });
  if (saved?.state === 'closed') deps.onClosed?.();
  return saved;
}

/** Closes the open report `id` now: freeze, build, check, store. Undefined when it was not open. */
export async function closeReport(deps: CloseDeps, id: string): Promise<EReportRow | undefined> {
  const frozen = await freezeReport(deps.db, id, deps.leaseMs);
  if (!frozen) return undefined;
  return buildFrozen(deps, frozen);
}
