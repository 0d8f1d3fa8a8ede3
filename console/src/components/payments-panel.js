// The submission page's payments (src/panels.js): each cashing with its amount, VAT split and how it is
// reported (212 Encaissée or the payments e-report), with that channel's state, reason and errors.
// Renders nothing when the document has no payment (credit notes never do).
import { day, dateTime, money } from '../format.js';
import { html } from '../html.js';
import { follow } from '../router.js';

/** The reporting state as a coloured label (text and colour both say it). */
export function ReportingBadge({ state, t }) {
  return html`<span class=${`badge reporting-${state}`}>${t.payments.states[state] ?? state}</span>`;
}

function Reporting({ payment: p, t }) {
  const tp = t.payments;
  const r = p.reporting;
  const link =
    r.channel === 'e_reporting' && r.eReportId
      ? html`<a href=${`/console/e-reports/${encodeURIComponent(r.eReportId)}`} onClick=${follow}>${tp.eReport}</a>`
      : r.channel === 'status_212'
        ? html`${tp.trackingId} <code>${p.trackingId}</code>`
        : '';
  return html`<div class="reporting">
    <p>
      <strong>${tp.channels[r.channel] ?? r.channel}</strong> <${ReportingBadge} state=${r.state} t=${t} />
      <span class="muted"> — ${tp.reasons[r.reason] ?? r.reason}</span>
    </p>
    <p class="muted small" lang="en">${r.message}</p>
    ${link ? html`<p>${link}</p>` : ''}
    ${
      r.errors?.length
        ? html`<p class="error">${tp.errors}</p>
          <ul class="finding-list">
            ${r.errors.map((e) => html`<li><code>${e.rule}</code> ${e.message}${e.location ? html` <code class="muted">${e.location}</code>` : ''}</li>`)}
          </ul>`
        : ''
    }
  </div>`;
}

export function PaymentsPanel({ submission: s, t, lang }) {
  if (!s.payments?.length) return null;
  const tp = t.payments;
  const row = (label, value) => html`<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  return html`<section class="panel" aria-labelledby="payments-title" data-testid="payments">
    <h2 id="payments-title">${tp.title} (${s.payments.length})</h2>
    <ol class="payments">
      ${s.payments.map(
        (p) => html`<li class="payment" data-payment=${p.id} aria-label=${`${tp.title} ${p.id}`}>
          <dl class="facts">
            ${row(tp.paidAt, day(p.paidAt, lang))}
            ${row(tp.amount, html`<strong>${money(p.amount, p.currency, lang)}</strong>`)}
            ${row(tp.method, p.method)}
            ${row(tp.parts, p.parts.map((part) => `${part.percentage.toLocaleString(lang)} % : ${money(part.amount, p.currency, lang)}`).join(' · '))}
            ${row(tp.recordedAt, dateTime(p.createdAt, lang))}
            ${row('Id', html`<code>${p.id}</code>`)}
          </dl>
          <${Reporting} payment=${p} t=${t} />
        </li>`,
      )}
    </ol>
  </section>`;
}
