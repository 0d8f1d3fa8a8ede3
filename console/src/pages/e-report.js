// One e-report (flux 10), reached from a document's e-report panel or a payment's reporting link:
// its facts, the portal's answers, the check errors and findings, what it covers.
import { useEffect, useState } from 'preact/hooks';
import { EReportFacts, E_REPORT_FIELDS } from '../components/e-report-panel.js';
import { dateTime } from '../format.js';
import { html } from '../html.js';
import { follow } from '../router.js';

const QUERY = `query ConsoleEReport($id: ID!) {
  eReport(id: $id) { ${E_REPORT_FIELDS} sellerSiren sequence transmissionId sentAt submissionIds paymentIds
    checkErrors { rule message location } findings { rule code term message document } }
}`;

export function EReportPage({ id, api, t, lang }) {
  const [report, setReport] = useState(undefined);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.query(QUERY, { id }).then(
      (d) => setReport(d.eReport),
      (e) => setError(e.message),
    );
  }, [api, id]);
  const te = t.eReport;
  const back = html`<p><a href="/console/" onClick=${follow}>← ${t.submission.back}</a></p>`;
  if (error) return html`${back}<p role="alert" class="error">${t.error}: ${error}</p>`;
  if (report === undefined) return html`${back}<p class="muted">${t.loading}</p>`;
  if (report === null) return html`${back}<h1>${te.notFound}</h1>`;
  const row = (label, value) => html`<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  return html`<article aria-labelledby="ereport-page-title">
    ${back}
    <h1 id="ereport-page-title">${te.pageTitle} ${report.period} — ${te.kinds[report.kind] ?? report.kind} (${report.type})</h1>
    <div class="panels">
      <section class="panel" aria-labelledby="ereport-title">
        <h2 id="ereport-title">${t.eReport.title}</h2>
        <${EReportFacts} report=${report} t=${t} lang=${lang} />
      </section>
      <section class="panel" aria-labelledby="ereport-ids">
        <h2 id="ereport-ids">${te.transmissionId}</h2>
        <dl class="facts">
          ${row(te.seller, report.sellerSiren)}
          ${row(te.transmissionId, html`<code>${report.transmissionId}</code>`)}
          ${row(te.sequence, String(report.sequence))}
          ${row(te.sentAt, report.sentAt && dateTime(report.sentAt, lang))}
          ${row(te.documents, String(report.submissionIds.length))}
          ${row(te.payments, String(report.paymentIds.length))}
        </dl>
        ${
          report.submissionIds.length
            ? html`<h3>${te.documents}</h3>
              <ul class="finding-list">
                ${report.submissionIds.slice(0, 50).map((s) => html`<li><a href=${`/console/submissions/${s}`} onClick=${follow}><code>${s}</code></a></li>`)}
              </ul>`
            : ''
        }
      </section>
      ${
        report.checkErrors.length
          ? html`<section class="panel" aria-labelledby="ereport-errors">
            <h2 id="ereport-errors" class="error">${te.checkErrors}</h2>
            <ul class="finding-list">
              ${report.checkErrors.map((e) => html`<li><code>${e.rule}</code> ${e.message}${e.location ? html` <code class="muted">${e.location}</code>` : ''}</li>`)}
            </ul>
          </section>`
          : ''
      }
      ${
        report.findings.length
          ? html`<section class="panel" aria-labelledby="ereport-findings">
            <h2 id="ereport-findings">${te.findings}</h2>
            <ul class="finding-list">
              ${report.findings.map((f) => html`<li><code>${f.rule}</code> <code>${f.term}</code> ${f.message}</li>`)}
            </ul>
          </section>`
          : ''
      }
    </div>
  </article>`;
}
