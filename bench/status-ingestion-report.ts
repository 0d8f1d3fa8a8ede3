/**
 * The status ingestion scenario's outcome (`status-ingestion.ts`): what
 * results.json holds under `statusIngestion`, the harness checks, and the
 * lines of the printed report.
 */
import { measurementLine, noteLines } from './postgres-scenario.ts';
import type { HttpMeasurement } from './requests.ts';

export const STATUS_INGESTION = 'status-ingestion';
/** The issue's target: statuses a second ≥ this × the floor's POSTs a second. */
export const STATUS_TARGET_RATIO = 0.8;

/** One run of the scenario; `problems` non-empty means it proves nothing. */
export interface StatusIngestionOutcome {
  name: typeof STATUS_INGESTION;
  /** Where the data lived (no credentials); empty when the scenario could not run. */
  database: string;
  /** Submissions the statuses are spread over. */
  submissions: number;
  statuses?: HttpMeasurement;
  floorPost?: HttpMeasurement;
  restPost?: HttpMeasurement;
  /** Statuses a second ÷ floor POSTs a second, and ÷ the gateway's own REST POSTs a second. */
  ratios: { floorPost?: number; restPost?: number };
  /** Rows with this run's event ids in `lifecycle_statuses` afterwards (warm-ups included): at least the 201s. */
  recorded?: number;
  problems: string[];
  notes: string[];
  loadAverage: number;
}

/** Harness problems: a member with no 2xx or with failures, or fewer rows than 201s. */
export function check(outcome: StatusIngestionOutcome): void {
  for (const [label, m] of [
    ['floor POST', outcome.floorPost],
    ['REST POST', outcome.restPost],
    ['statuses', outcome.statuses],
  ] as const) {
    if (!m || m.total2xx === 0) outcome.problems.push(`${label}: no 2xx reply`);
    else if (m.errors + m.non2xx + m.mismatches > 0)
      outcome.problems.push(
        `${label}: ${m.errors} errors, ${m.non2xx} non-2xx (${JSON.stringify(m.statusCodes)}), ${m.mismatches} wrong bodies`,
      );
  }
  if (outcome.statuses && outcome.recorded !== undefined && outcome.recorded < outcome.statuses.total2xx)
    outcome.problems.push(`only ${outcome.recorded} statuses in the database for ${outcome.statuses.total2xx} replies 201`);
}

/** The report's lines for the scenario. */
export function statusIngestionText(outcome: StatusIngestionOutcome, quick: boolean): string[] {
  const out = [`Status ingestion: POST /pa/v1/lifecycle-events (PostgreSQL${outcome.database ? `, ${outcome.database}` : ''})`];
  const row = (label: string, m: HttpMeasurement | undefined) => m && out.push(measurementLine(label, 40, m));
  row('statuses (POST /pa/v1/lifecycle-events)', outcome.statuses);
  row('floor POST /v1/invoices', outcome.floorPost);
  row('REST POST /v1/invoices', outcome.restPost);
  const { floorPost, restPost } = outcome.ratios;
  if (floorPost !== undefined) {
    const verdict = quick ? 'a quick run is not the protocol' : floorPost >= STATUS_TARGET_RATIO ? 'met' : 'NOT met';
    out.push(`  statuses / floor POST ${floorPost.toFixed(2)} (target ≥ ${STATUS_TARGET_RATIO}: ${verdict})`);
  }
  if (restPost !== undefined) out.push(`  statuses / gateway REST POST ${restPost.toFixed(2)}`);
  if (outcome.statuses)
    out.push(
      `  over ${outcome.submissions} submissions; ${outcome.recorded ?? '?'} statuses recorded (warm-ups included); load average ${outcome.loadAverage}`,
    );
  out.push(...noteLines(outcome));
  return out;
}
