// Small labels of a document's processing state and latest lifecycle status.
import { html } from '../html.js';

/** The processing state as a coloured label (text and colour both say it). */
export function StateBadge({ state, t }) {
  return html`<span class=${`badge state-${state.toLowerCase()}`}>${t.states[state] ?? state}</span>`;
}

/** A lifecycle status: its code and the spec's label; "—" before the PA said anything. */
export function LifecycleBadge({ status }) {
  if (!status) return html`<span class="muted">—</span>`;
  return html`<span class=${`badge lifecycle${status.final ? ' final' : ''}`}>${status.code} ${status.label}</span>`;
}
