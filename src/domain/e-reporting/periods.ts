/**
 * E-reporting periods and deadlines by the declarant's VAT regime (DSE v3.2 §3.7.7, Tableau 13), in
 * calendar dates of France (Europe/Paris). The report builder and the period closing call it.
 *
 * | `vat_regime`       | transactions (10.1, 10.3)                        | payments (10.2, 10.4)            |
 * |--------------------|--------------------------------------------------|----------------------------------|
 * | `normal_monthly`   | décades 1–10 (due the 20th), 11–20 (due the      | month, due the 10th of the next  |
 * |                    | month's last day), 21–end (due the 10th of next) |                                  |
 * | `normal_quarterly` | month, due the 10th of the next month            | same                             |
 * | `simplified`       | month, due the last day of the next month        | same                             |
 * | `franchise`        | calendar bimester (Jan–Feb, Mar–Apr, …), due the | same                             |
 * |                    | last day of the following month                  |                                  |
 *
 * The platform's deadline is `deadline`; the portal's ("date et heure limites de transmission à
 * l'administration fiscale") is the next day at 08:00 Paris time, `portalDeadline`.
 * Period ids: `2026-09-D1` (décade), `2026-09` (month), `2026-B5` (bimester: B1 = January–February).
 */
import type { VatRegime } from '../../model/seller-profile.ts';
import type { ReportKind } from './model.ts';

export { VAT_REGIMES, type VatRegime } from '../../model/seller-profile.ts';

/** One period of transmission of one kind. */
export interface ReportingPeriod {
  /** `2026-09-D1`, `2026-09` or `2026-B5` (module comment). */
  id: string;
  kind: ReportKind;
  /** First and last day, `YYYY-MM-DD`, inclusive. */
  start: string;
  end: string;
  /** The last day the platform may receive the period's data (Tableau 13), `YYYY-MM-DD`. */
  deadline: string;
  /** When the portal must have it: the day after `deadline`, 08:00 in Paris, RFC 3339 with the Paris offset. */
  portalDeadline: string;
}

type Length = 'decade' | 'month' | 'bimester';
/** `last-of-month`: the last day of the period's month; `10th-next`, `last-next`: of the month after the period. */
type Due = 'day-20' | 'last-of-month' | '10th-next' | 'last-next';

/** Tableau 13, by regime and kind: the period's length, and the due rule (by décade for `normal_monthly` transactions). */
const TABLEAU_13: Record<VatRegime, Record<ReportKind, { length: Length; due: Due | readonly [Due, Due, Due] }>> = {
  normal_monthly: {
    transactions: { length: 'decade', due: ['day-20', 'last-of-month', '10th-next'] },
    payments: { length: 'month', due: '10th-next' },
  },
  normal_quarterly: { transactions: { length: 'month', due: '10th-next' }, payments: { length: 'month', due: '10th-next' } },
  simplified: { transactions: { length: 'month', due: 'last-next' }, payments: { length: 'month', due: 'last-next' } },
  franchise: { transactions: { length: 'bimester', due: 'last-next' }, payments: { length: 'bimester', due: 'last-next' } },
};

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
/** Days in month `m` (1-12) of year `y`. */
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` + `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function dueDate(due: Due, y: number, m: number): string {
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
  if (due === 'day-20') return iso(y, m, 20);
  if (due === 'last-of-month') return iso(y, m, daysIn(y, m));
  if (due === '10th-next') return iso(ny, nm, 10);
  return iso(ny, nm, daysIn(ny, nm));
}

const PARIS_OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' });

/** The Paris offset (`+01:00` or `+02:00`) in force at `instant`. */
export function parisOffset(instant: Date): string {
  const name = PARIS_OFFSET.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** The instant of Paris wall-clock `date` `time` (`HH:MM:SS`), RFC 3339 with its offset; not for the hour DST skips. */
export function parisInstant(date: string, time: string): string {
  const naive = new Date(`${date}T${time}Z`);
  const first = parisOffset(naive);
  const offset = parisOffset(new Date(naive.getTime() - offsetMs(first)));
  return `${date}T${time}${offset}`;
}

function offsetMs(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
}

function build(kind: ReportKind, id: string, start: string, end: string, deadline: string): ReportingPeriod {
  return { id, kind, start, end, deadline, portalDeadline: parisInstant(addDays(deadline, 1), '08:00:00') };
}

/**
 * The period of `kind` that holds `date` (`YYYY-MM-DD`, a Paris calendar date: the transaction's
 * date for transactions, the cashing date for payments; DSE v3.2 §3.7.7 note 125) under `regime`.
 * @throws RangeError when `date` is not `YYYY-MM-DD`.
 */
export function periodOf(regime: VatRegime, kind: ReportKind, date: string): ReportingPeriod {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const { length, due } = TABLEAU_13[regime][kind];
  if (length === 'decade') {
    const index = d <= 10 ? 0 : d <= 20 ? 1 : 2;
    const start = iso(y, m, index * 10 + 1);
    const end = index < 2 ? iso(y, m, index * 10 + 10) : iso(y, m, daysIn(y, m));
    const rule = typeof due === 'string' ? due : due[index]!;
    return build(kind, `${y}-${pad(m)}-D${index + 1}`, start, end, dueDate(rule, y, m));
  }
  const rule = due as Due;
  if (length === 'month') return build(kind, `${y}-${pad(m)}`, iso(y, m, 1), iso(y, m, daysIn(y, m)), dueDate(rule, y, m));
  const first = m % 2 === 1 ? m : m - 1;
  return build(kind, `${y}-B${(first + 1) / 2}`, iso(y, first, 1), iso(y, first + 1, daysIn(y, first + 1)), dueDate(rule, y, first + 1));
}

const PERIOD_ID = /^(\d{4})-(?:(\d{2})(?:-D([123]))?|B([1-6]))$/;

/**
 * The period named `id` for `regime` and `kind`, or undefined when `id` is malformed or not a period of
 * that regime and kind (a décade id for `simplified`, a month id for `franchise`, …).
 */
export function parsePeriod(regime: VatRegime, kind: ReportKind, id: string): ReportingPeriod | undefined {
  const match = PERIOD_ID.exec(id);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) : (Number(match[4]) - 1) * 2 + 1;
  if (year < 2000 || month < 1 || month > 12) return undefined;
  const day = match[3] ? (Number(match[3]) - 1) * 10 + 1 : 1;
  const period = periodOf(regime, kind, iso(year, month, day));
  return period.id === id ? period : undefined;
}

/** The instant a period has ended: the start of the day after its last day, in Paris (RFC 3339). */
export function periodEndsAt(period: Pick<ReportingPeriod, 'end'>): string {
  return parisInstant(addDays(period.end, 1), '00:00:00');
}
