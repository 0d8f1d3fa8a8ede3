// The submission page's summary: amounts, buyer, dates, identifiers.
import { day, dateTime, money } from '../format.js';
import { html } from '../html.js';

export function SummaryPanel({ submission: s, t, lang }) {
  const ts = t.submission;
  const row = (label, value) => html`<div><dt>${label}</dt><dd>${value ?? '—'}</dd></div>`;
  return html`<section class="panel" aria-labelledby="summary-title">
    <h2 id="summary-title">${ts.summary}</h2>
    <dl class="facts">
      ${row(ts.totalExclTax, money(s.totalExclTax, s.currency, lang))}
      ${row(ts.taxTotal, money(s.taxTotal, s.currency, lang))}
      ${row(ts.total, html`<strong>${money(s.total, s.currency, lang)}</strong>`)}
      ${row(ts.seller, s.sellerSiren)}
      ${row(ts.buyer, s.buyer?.name)}
      ${row(ts.siren, s.buyer?.siren)}
      ${row(ts.vatId, s.buyer?.vatId)}
      ${row(ts.issueDate, day(s.issueDate, lang))}
      ${row(ts.dueDate, day(s.dueDate, lang))}
      ${row(ts.processingRule, s.processingRule)}
      ${row(ts.saasId, html`<code>${s.saasId}</code>`)}
      ${row(ts.updatedAt, dateTime(s.updatedAt, lang))}
    </dl>
  </section>`;
}
