/**
 * BT-2 Invoice issue date: the calendar date, in France (Europe/Paris), of
 * the moment the SaaS finalised the invoice (else created it). An RFC 3339
 * date-time carries its own offset; the date is what a clock in Paris showed.
 */
const PARIS = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `2026-11-30T23:30:00Z` → `2026-12-01`. A value Date cannot read keeps its first ten characters. */
export function parisDate(dateTime: string): string {
  const instant = new Date(dateTime);
  if (Number.isNaN(instant.getTime())) return dateTime.slice(0, 10);
  return PARIS.format(instant);
}
