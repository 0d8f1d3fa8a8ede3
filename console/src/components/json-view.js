// The submitted JSON, one member per row, each row knowing its JSON pointer
// (RFC 6901), so the fields a rejection names (`errors[].path`) are marked.
import { useEffect, useRef } from 'preact/hooks';
import { html } from '../html.js';

const escapeToken = (token) => String(token).replaceAll('~', '~0').replaceAll('/', '~1');

/** The pointer of the nearest member of `value` that exists on the way to `pointer`. */
export function nearestPointer(value, pointer) {
  let node = value;
  let found = '';
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(token in node)) break;
    node = node[token];
    found += `/${escapeToken(token)}`;
  }
  return found;
}

function scalar(value) {
  return html`<span class=${`json-${value === null ? 'null' : typeof value}`}>${JSON.stringify(value)}</span>`;
}

function rows(value, pointer, key, depth, marks, out, last) {
  const mark = marks.get(pointer);
  const label = key === undefined ? null : html`<span class="json-key">${JSON.stringify(key)}</span>: `;
  const comma = last ? '' : ',';
  const attrs = {
    'data-pointer': pointer || '/',
    class: `json-row${mark ? ' json-hit' : ''}`,
    style: `--depth:${depth}`,
    id: mark ? mark.id : undefined,
  };
  const note = mark ? html` <span class="json-note">← ${mark.rules.join(', ')}</span>` : null;
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      out.push(html`<div ...${attrs}>${label}${open}${close}${comma}${note}</div>`);
      return;
    }
    out.push(html`<div ...${attrs}>${label}${open}${note}</div>`);
    entries.forEach(([k, v], i) => {
      rows(v, `${pointer}/${escapeToken(k)}`, Array.isArray(value) ? undefined : k, depth + 1, marks, out, i === entries.length - 1);
    });
    out.push(html`<div class="json-row" style=${`--depth:${depth}`}>${close}${comma}</div>`);
    return;
  }
  out.push(html`<div ...${attrs}>${label}${scalar(value)}${comma}${note}</div>`);
}

/**
 * `value` as indented JSON; `findings` (`[{ path, rule }]`) mark the rows at their pointers (a pointer to a
 * missing member marks its nearest existing parent). Marked rows get the id `finding-<n>` to link to.
 */
export function JsonView({ value, findings = [], label }) {
  const marks = new Map();
  findings.forEach((finding, index) => {
    if (!finding.path) return;
    const at = nearestPointer(value, finding.path);
    const mark = marks.get(at) ?? { id: `finding-${index}`, rules: [] };
    mark.rules.push(finding.rule);
    marks.set(at, mark);
  });
  const out = [];
  rows(value, '', undefined, 0, marks, out, true);
  const box = useRef(null);
  // The first marked field in view inside the box (the page itself does not move).
  useEffect(() => {
    const hit = box.current?.querySelector('.json-hit');
    if (hit) box.current.scrollTop = Math.max(0, hit.offsetTop - box.current.offsetTop - box.current.clientHeight / 3);
  }, [value]);
  return html`<div class="json" role="region" aria-label=${label} tabindex="0" ref=${box}>${out}</div>`;
}
