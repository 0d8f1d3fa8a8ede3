// One document: its panels (src/panels.js), kept current by the submissionUpdated subscription (a new
// status, a new processing state) and, for the panels marked `polled` (payments, the e-report), by
// re-reading them every few seconds while the page is open and shown: recording a payment, a 212's
// acknowledgement and an e-report's progress raise no event of this submission.
import { useEffect, useState } from 'preact/hooks';
import { StateBadge, LifecycleBadge } from '../components/badges.js';
import { html } from '../html.js';
import { SUBMISSION_PANELS } from '../panels.js';
import { follow } from '../router.js';

const QUERY = `query ConsoleSubmission($id: ID!) {
  submission(id: $id) { id number processingState lifecycleStatus { code label final } ${SUBMISSION_PANELS.map((p) => p.fields).join(' ')} }
}`;
const UPDATES = 'subscription ConsoleSubmissionUpdates($id: ID!) { submissionUpdated(id: $id) { id } }';
const POLLED = `query ConsoleSubmissionPolled($id: ID!) {
  submission(id: $id) { id ${SUBMISSION_PANELS.filter((p) => p.polled)
    .map((p) => p.fields)
    .join(' ')} }
}`;
/** How often the polled panels are re-read while the page is visible, in ms. */
const POLL_MS = 5000;

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
    // Only what changed replaces the page's copy, so an unchanged answer renders nothing again.
    const poll = () =>
      document.visibilityState === 'visible' &&
      api.query(POLLED, { id }).then(
        (data) =>
          !stale &&
          data.submission &&
          setSubmission((current) => {
            if (!current) return current;
            const changed = Object.entries(data.submission).filter(
              ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
            );
            return changed.length ? { ...current, ...Object.fromEntries(changed) } : current;
          }),
        () => {},
      );
    load();
    const unsubscribe = api.subscribe(UPDATES, { id }, load);
    const timer = setInterval(poll, POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      stale = true;
      unsubscribe();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
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
