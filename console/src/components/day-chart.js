// A small bar chart of counts per day, stacked by series (SVG), with the same figures as a table for screen readers.
import { html } from '../html.js';

/**
 * `days`: `[{ date, values: { [series]: count } }]`; `series`: `[{ key, label, className }]` in stacking order.
 */
export function DayChart({ days, series, caption, dateLabel, format = (d) => d }) {
  const width = Math.max(days.length * 18, 200);
  const height = 120;
  const max = Math.max(1, ...days.map((d) => series.reduce((sum, s) => sum + (d.values[s.key] ?? 0), 0)));
  const bars = days.map((d, i) => {
    let y = height;
    return series.map((s) => {
      const count = d.values[s.key] ?? 0;
      if (count === 0) return null;
      const h = (count / max) * (height - 4);
      y -= h;
      return html`<rect class=${s.className} x=${i * 18 + 3} y=${y} width="12" height=${h}><title>${format(d.date)} — ${s.label}: ${count}</title></rect>`;
    });
  });
  return html`<figure class="chart">
    <svg viewBox=${`0 0 ${width} ${height}`} width="100%" height=${height} role="img" aria-label=${caption} preserveAspectRatio="none">${bars}</svg>
    <ul class="legend">${series.map((s) => html`<li><span class=${`swatch ${s.className}`}></span>${s.label}</li>`)}</ul>
    <details>
      <summary>${caption}</summary>
      <div class="scroll">
        <table>
          <thead><tr><th scope="col">${dateLabel}</th>${series.map((s) => html`<th scope="col">${s.label}</th>`)}</tr></thead>
          <tbody>${days.map((d) => html`<tr><th scope="row">${format(d.date)}</th>${series.map((s) => html`<td>${d.values[s.key] ?? 0}</td>`)}</tr>`)}</tbody>
        </table>
      </div>
    </details>
  </figure>`;
}
