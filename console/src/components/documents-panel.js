// The generated e-invoice in UBL and CII: shown on demand and downloaded as a file.
import { useState } from 'preact/hooks';
import { html } from '../html.js';

const SYNTAXES = ['UBL', 'CII'];

export function DocumentsPanel({ submission: s, api, t }) {
  const [shown, setShown] = useState({});
  const [error, setError] = useState(null);
  async function load(syntax) {
    const data = await api.query(
      'query Document($id: ID!, $syntax: DocumentSyntax!) { submission(id: $id) { document(syntax: $syntax) } }',
      {
        id: s.id,
        syntax,
      },
    );
    return data.submission?.document ?? null;
  }
  async function toggle(syntax) {
    if (shown[syntax] !== undefined) return setShown({ ...shown, [syntax]: undefined });
    try {
      setShown({ ...shown, [syntax]: await load(syntax) });
    } catch (e) {
      setError(e.message);
    }
  }
  async function download(syntax) {
    try {
      const xml = shown[syntax] ?? (await load(syntax));
      if (xml === null) return;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
      link.download = `${s.number.replace(/[^A-Za-z0-9+_-]/g, '-')}.${syntax.toLowerCase()}.xml`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (e) {
      setError(e.message);
    }
  }
  const generated = s.processingState === 'VALIDATED' || s.processingState === 'SENT';
  return html`<section class="panel" aria-labelledby="documents-title">
    <h2 id="documents-title">${t.submission.documents}</h2>
    ${
      generated
        ? SYNTAXES.map(
            (syntax) => html`<div class="document">
            <h3>${syntax}</h3>
            <button type="button" aria-expanded=${shown[syntax] !== undefined} onClick=${() => toggle(syntax)}>
              ${shown[syntax] !== undefined ? t.submission.hide : t.submission.show} ${syntax}
            </button>
            <button type="button" onClick=${() => download(syntax)}>${t.submission.download} ${syntax}</button>
            ${shown[syntax] ? html`<pre class="xml" tabindex="0" aria-label=${syntax}>${shown[syntax]}</pre>` : ''}
          </div>`,
          )
        : html`<p class="muted">${t.submission.notGenerated.replace('{state}', t.states[s.processingState])}</p>`
    }
    ${error ? html`<p role="alert" class="error">${error}</p>` : ''}
  </section>`;
}
