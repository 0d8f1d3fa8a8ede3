/**
 * The e-reports service for the API (`POST /v1/e-reports/close`, GraphQL `closeEReport`): closes a seller's period
 * now, refusing a period that has not ended (a problem with a pointer into the request). Results are data.
 */
import { getSeller } from '../sellers/sellers-service.ts';
import { type CloseDeps, closeReport } from './close-service.ts';
import { parsePeriod, periodEndsAt } from './periods.ts';
import { findReport, type EReportRow } from './store/close-store.ts';
import { reportOfPeriod } from './store/read-store.ts';

/** What closing a period asks. */
export interface ClosePeriodInput {
  sellerSiren: string;
  period: string;
  kind: string;
}

/** The outcome: the period's report (closed now, or as it stood), or a problem naming the input member. */
export type ClosePeriodResult =
  | { ok: true; report: EReportRow }
  | { ok: false; code: 'invalid'; path: string; rule: string; message: string }
  | { ok: false; code: 'not_found'; message: string };

const invalid = (path: string, rule: string, message: string): ClosePeriodResult => ({ ok: false, code: 'invalid', path, rule, message });

/** Closes `input`'s period of `tenantId` now (module comment); `now` for the tests' clock. */
export async function closePeriod(
  deps: CloseDeps,
  tenantId: string,
  input: ClosePeriodInput,
  now = new Date(),
): Promise<ClosePeriodResult> {
  if (input.kind !== 'transactions' && input.kind !== 'payments') {
    return invalid('/kind', 'GW-EREPORT-KIND', `kind must be "transactions" or "payments", got "${input.kind.slice(0, 40)}"`);
  }
  const seller = /^\d{9}$/.test(input.sellerSiren) ? await getSeller(deps.db, tenantId, input.sellerSiren) : undefined;
  if (!seller)
    return invalid('/seller_siren', 'GW-EREPORT-SELLER', `No seller with SIREN "${input.sellerSiren.slice(0, 20)}" under this tenant`);
  const regime = seller.profile.vat_regime;
  const period = parsePeriod(regime, input.kind, input.period);
  if (!period) {
    return invalid(
      '/period',
      'GW-EREPORT-PERIOD',
      `"${input.period.slice(0, 20)}" is not a ${input.kind} period of a ${regime} seller (docs/e-reporting.md, "Periods")`,
    );
  }
  const endsAt = periodEndsAt(period);
  if (now.getTime() < Date.parse(endsAt)) {
    return invalid('/period', 'GW-EREPORT-PERIOD-OPEN', `The period ${period.id} has not ended: it ends at ${endsAt}`);
  }
  const report = await reportOfPeriod(deps.db, { tenantId, sellerSiren: seller.profile.siren, kind: input.kind, periodId: period.id });
  if (!report) return { ok: false, code: 'not_found', message: `Nothing to report for ${period.id}: no e-report was opened for it` };
  if (report.state !== 'open') return { ok: true, report };
  const closed = await closeReport(deps, report.id);
  return { ok: true, report: closed ?? (await findReport(deps.db, report.id)) ?? report };
}
