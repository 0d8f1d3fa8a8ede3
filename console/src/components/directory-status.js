// The sellers page's directory status (src/pages/sellers.js): asks `directoryEntry` for every seller in
// one request and says, per SIREN, "in the directory", "not in the directory" or "unknown" with the
// reason (no directory configured — REST 501 —, directory unavailable, a refused SIREN, a failed
// request). Never throws: an unknown status is data the page shows.
import { dateTime } from '../format.js';
import { html } from '../html.js';

const ENTRY = `__typename
  ... on DirectoryEntry { registered checkedAt lines { addressingIdentifier platform status } }
  ... on DirectoryUnavailable { configured message }
  ... on InvalidArguments { message issues { message } }`;

/**
 * SIREN → `{ status: 'registered' | 'absent' | 'unknown', reason?, checkedAt?, lines? }` for `sirens`,
 * one aliased field per SIREN in a single query. A transport or GraphQL error makes every one unknown
 * with that error as the reason.
 */
export async function directoryStatuses(api, sirens, t) {
  if (!sirens.length) return {};
  const variables = Object.fromEntries(sirens.map((siren, i) => [`s${i}`, siren]));
  const document = `query ConsoleDirectory(${sirens.map((_, i) => `$s${i}: String!`).join(', ')}) {
    ${sirens.map((_, i) => `d${i}: directoryEntry(siren: $s${i}) { ${ENTRY} }`).join('\n')}
  }`;
  try {
    const data = await api.query(document, variables);
    return Object.fromEntries(sirens.map((siren, i) => [siren, statusOf(data[`d${i}`], t)]));
  } catch (e) {
    return Object.fromEntries(sirens.map((siren) => [siren, { status: 'unknown', reason: e.message }]));
  }
}

function statusOf(entry, t) {
  if (!entry) return { status: 'unknown', reason: t.error };
  if (entry.__typename === 'DirectoryEntry')
    return { status: entry.registered ? 'registered' : 'absent', checkedAt: entry.checkedAt, lines: entry.lines };
  if (entry.__typename === 'DirectoryUnavailable')
    return { status: 'unknown', reason: entry.configured ? entry.message : `${t.directory.notConfigured} (${entry.message})` };
  return { status: 'unknown', reason: [entry.message, ...(entry.issues ?? []).map((i) => i.message)].filter(Boolean).join(' — ') };
}

/** One seller's status as a labelled fact: a coloured badge (text and colour both say it), the reason or the lines. */
export function DirectoryStatus({ entry, t, lang }) {
  const td = t.directory;
  if (!entry) return html`<span class="muted">${td.checking}</span>`;
  const label = { registered: td.registered, absent: td.notRegistered, unknown: td.unknown }[entry.status];
  return html`<span class=${`badge directory-${entry.status}`} data-directory=${entry.status}>${label}</span>
    ${entry.reason ? html` <span class="muted">— ${entry.reason}</span>` : ''}
    ${entry.checkedAt ? html` <span class="muted small">(${td.checkedAt} ${dateTime(entry.checkedAt, lang)})</span>` : ''}
    ${
      entry.lines?.length
        ? html`<ul class="directory-lines" aria-label=${td.lines}>
          ${entry.lines.map((l) => html`<li><code>${l.addressingIdentifier}</code> ${l.platform} ${l.status}</li>`)}
        </ul>`
        : ''
    }`;
}
