// The e-report covering a document (B2C, B2BInt), on the submission page (src/panels.js) and, with its
// details, on the e-report's own page (src/pages/e-report.js): period, type IN/RE, state, deadline,
// the portal's answers. Renders nothing when no e-report covers the document.
import { day, dateTime } from '../format.js';
import { html } from '../html.js';
import { follow } from '../router.js';

/** The e-report's state as a coloured label (text and colour both say it). */
export function EReportStateBadge({ state, t }) {
  return html`<span class=${`badge ereport-${state}`}>${t.eReport.states[state] ?? state}</span>`;
}

/** Period, kind, type, state, deadline and the portal's answers of `report`. */
export function EReportFacts({ report: r, t, lang }) {
  const te = t.eReport;
  const row = (label, value) => html`<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  return html`<dl class="facts">
      ${row(te.period, html`<strong>${r.period}</strong>`)}
      ${row(te.kind, te.kinds[r.kind] ?? r.kind)}
      ${row(te.type, te.types[r.type] ?? r.type)}
      ${row(te.state, html`<${EReportStateBadge} state=${r.state} t=${t} />`)}
      ${row(te.deadline, day(r.deadline, lang))}
      ${row(te.closeAt, dateTime(r.closedAt ?? r.closeAt, lang))}
    </dl>
    <h3>${te.statuses}</h3>
    ${
      r.statuses.length
        ? html`<ul class="finding-list">
          ${r.statuses.map(
            (st) => html`<li>
              <time datetime=${st.occurredAt}>${dateTime(st.occurredAt, lang)}</time> — <strong>${st.code ?? ''} ${st.label}</strong>${st.reason ? html` — ${st.reason}` : ''}
            </li>`,
          )}
        </ul>`
        : html`<p class="muted">${te.noStatus}</p>`
    }`;
}

export const E_REPORT_FIELDS = 'id kind period type state deadline closeAt closedAt statuses { code label occurredAt reason reasonCode }';

export function EReportPanel({ submission: s, t, lang }) {
  const r = s.eReport;
  if (!r) return null;
  return html`<section class="panel" aria-labelledby="ereport-title" data-testid="e-report">
    <h2 id="ereport-title">${t.eReport.title}</h2>
    <${EReportFacts} report=${r} t=${t} lang=${lang} />
    <p><a href=${`/console/e-reports/${encodeURIComponent(r.id)}`} onClick=${follow}>${t.eReport.open}</a></p>
  </section>`;
}
