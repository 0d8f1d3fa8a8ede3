// Amounts (integers in minor units of their currency), dates and times for the console's language.

/** `amount` minor units of `currency` (ISO 4217) as money: 38280 EUR → "382,80 €". */
export function money(amount, currency, lang) {
  if (amount === null || amount === undefined) return '—';
  if (!currency) return String(amount);
  const format = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** An instant as a local date and time. */
export function dateTime(value, lang) {
  if (!value) return '—';
  return new Date(value).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' });
}

/** A YYYY-MM-DD date as written in the language. */
export function day(value, lang) {
  if (!value) return '—';
  const [y, m, d] = value.split('-');
  return lang === 'fr' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** Today in France, YYYY-MM-DD, shifted by `days`. */
export function parisDay(days = 0) {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
