// Why a document was rejected: each finding, and the submitted JSON with the fields they point at marked.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../html.js';
import { JsonView } from './json-view.js';

export function FindingsPanel({ submission: s, api, t }) {
  const [body, setBody] = useState(undefined);
  const errors = s.rejection?.errors ?? [];
  useEffect(() => {
    if (!s.rejection) return;
    api.query('query Body($id: ID!) { submission(id: $id) { body } }', { id: s.id }).then(
      (data) => setBody(data.submission?.body ?? null),
      () => setBody(null),
    );
  }, [s.id, s.rejection]);
  if (!s.rejection && !s.validationWarnings?.length) return null;
  let parsed;
  try {
    parsed = body ? JSON.parse(body) : undefined;
  } catch {
    parsed = undefined;
  }
  return html`<section class="panel findings" aria-labelledby="findings-title">
    ${
      s.rejection
        ? html`<h2 id="findings-title">${t.submission.findings} <span class="muted">(${t.sources[s.rejection.source] ?? s.rejection.source})</span></h2>
          <ul class="finding-list">
            ${errors.map(
              (e, i) => html`<li>
                <strong>${e.rule}</strong> ${e.message}
                ${e.path ? html` <a href=${`#finding-${i}`} class="pointer"><code>${e.path}</code></a>` : ''}
                ${e.profilePath ? html` <span class="muted">${t.submission.findingsSeller}: <code>${e.profilePath}</code></span>` : ''}
              </li>`,
            )}
          </ul>
          ${
            parsed !== undefined
              ? html`<h3>${t.submission.body}</h3><${JsonView} value=${parsed} findings=${errors} label=${t.submission.body} />`
              : body === undefined
                ? html`<p class="muted">${t.loading}</p>`
                : html`<pre class="xml">${body}</pre>`
          }`
        : html`<h2 id="findings-title">${t.submission.warnings}</h2>`
    }
    ${
      s.validationWarnings?.length
        ? html`<ul class="finding-list warnings">${s.validationWarnings.map((w) => html`<li><strong>${w.rule}</strong> ${w.message}</li>`)}</ul>`
        : ''
    }
  </section>`;
}
