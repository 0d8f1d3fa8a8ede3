// The submission's timeline: its processing states and the PA's lifecycle statuses, by time, with their sources.
import { StateBadge } from './badges.js';
import { dateTime } from '../format.js';
import { html } from '../html.js';

export function TimelinePanel({ submission: s, t, lang }) {
  const entries = [
    ...s.processingSteps.map((step) => ({ at: step.at, kind: 'state', step })),
    ...s.statuses.map((status) => ({ at: status.occurredAt, kind: 'status', status })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return html`<section class="panel" aria-labelledby="timeline-title">
    <h2 id="timeline-title">${t.submission.timeline}</h2>
    <ol class="timeline">
      ${entries.map((entry) =>
        entry.kind === 'state'
          ? html`<li class="step">
              <time datetime=${entry.at}>${dateTime(entry.at, lang)}</time>
              <span>${t.submission.processingStep} <${StateBadge} state=${entry.step.processingState} t=${t} /></span>
              <span class="source">${t.sources[entry.step.source] ?? entry.step.source}</span>
            </li>`
          : html`<li class=${`status${entry.status.final ? ' final' : ''}`}>
              <time datetime=${entry.at}>${dateTime(entry.at, lang)}</time>
              <span>${t.submission.lifecycleStatus} <strong>${entry.status.code} ${entry.status.label}</strong>${
                entry.status.reason ? html` — ${entry.status.reason}` : ''
              }${entry.status.flags.length ? html` <span class="flags">${entry.status.flags.join(', ')}</span>` : ''}</span>
              <span class="source">${t.sources.pa}</span>
            </li>`,
      )}
    </ol>
  </section>`;
}
