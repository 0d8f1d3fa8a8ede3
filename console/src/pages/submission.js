// One document: its panels (src/panels.js), kept current by the submissionUpdated subscription.
import { useEffect, useState } from 'preact/hooks';
import { StateBadge, LifecycleBadge } from '../components/badges.js';
import { html } from '../html.js';
import { SUBMISSION_PANELS } from '../panels.js';
import { follow } from '../router.js';

const QUERY = `query ConsoleSubmission($id: ID!) {
  submission(id: $id) { id number processingState lifecycleStatus { code label final } ${SUBMISSION_PANELS.map((p) => p.fields).join(' ')} }
}`;
const UPDATES = 'subscription ConsoleSubmissionUpdates($id: ID!) { submissionUpdated(id: $id) { id } }';

export function SubmissionPage({ id, api, t, lang }) {
  const [submission, setSubmission] = useState(undefined);
  const [error, setError] = useState(null);
  useEffect(() => {
    let stale = false;
    const load = () =>
      api.query(QUERY, { id }).then(
        (data) => !stale && setSubmission(data.submission),
        (e) => !stale && setError(e.message),
      );
    load();
    const unsubscribe = api.subscribe(UPDATES, { id }, load);
    return () => {
      stale = true;
      unsubscribe();
    };
  }, [api, id]);
  const back = html`<p><a href="/console/" onClick=${follow}>← ${t.submission.back}</a></p>`;
  if (error) return html`${back}<p role="alert" class="error">${t.error}: ${error}</p>`;
  if (submission === undefined) return html`${back}<p class="muted">${t.loading}</p>`;
  if (submission === null) return html`${back}<h1>${t.submission.notFound}</h1>`;
  return html`<article aria-labelledby="submission-title">
    ${back}
    <div class="title-row">
      <h1 id="submission-title">${t.types[submission.documentType]} ${submission.number}</h1>
      <${StateBadge} state=${submission.processingState} t=${t} />
      <${LifecycleBadge} status=${submission.lifecycleStatus} />
    </div>
    <div class="panels">
      ${SUBMISSION_PANELS.map(({ id: key, Component }) => html`<${Component} key=${key} submission=${submission} api=${api} t=${t} lang=${lang} />`)}
    </div>
  </article>`;
}
