// The dashboard: documents per day by processing state (a chart), statuses per day by code, the oldest waiting.
import { useEffect, useState } from 'preact/hooks';
import { DayChart } from '../components/day-chart.js';
import { StateBadge } from '../components/badges.js';
import { day, dateTime, parisDay } from '../format.js';
import { html } from '../html.js';
import { follow } from '../router.js';

const QUERY = `query ConsoleDashboard($from: Date!, $to: Date!) {
  dashboard(from: $from, to: $to) {
    days { date total processingStates { processingState count } lifecycleCodes { code label count } }
    oldestWaiting { processingState since submissionId number documentType }
  }
}`;
const STATES = ['RECEIVED', 'VALIDATED', 'SENT', 'REJECTED'];

export function DashboardPage({ api, t, lang }) {
  const [range, setRange] = useState({ from: parisDay(-13), to: parisDay(0) });
  const [form, setForm] = useState(range);
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.query(QUERY, range).then(
      (d) => {
        setData(d.dashboard);
        setError(null);
      },
      (e) => setError(e.message),
    );
  }, [api, range]);
  const td = t.dashboard;
  const codes = data
    ? [...new Map(data.days.flatMap((d) => d.lifecycleCodes).map((c) => [c.code, c])).values()].sort(
        (a, b) => (a.code ?? 1e9) - (b.code ?? 1e9),
      )
    : [];
  return html`<section aria-labelledby="dashboard-title">
    <h1 id="dashboard-title">${td.title}</h1>
    <form class="filters" onSubmit=${(e) => {
      e.preventDefault();
      setRange(form);
    }}>
      <div class="field"><label for="d-from">${td.from}</label><input id="d-from" type="date" value=${form.from} onInput=${(e) => setForm({ ...form, from: e.currentTarget.value })} /></div>
      <div class="field"><label for="d-to">${td.to}</label><input id="d-to" type="date" value=${form.to} onInput=${(e) => setForm({ ...form, to: e.currentTarget.value })} /></div>
      <div class="actions"><button type="submit">${td.apply}</button></div>
    </form>
    ${error ? html`<p role="alert" class="error">${t.error}: ${error}</p>` : ''}
    ${
      data
        ? html`<h2>${td.perDay}</h2>
          <${DayChart}
            caption=${td.perDay}
            dateLabel=${td.date}
            format=${(d) => day(d, lang)}
            series=${STATES.map((s) => ({ key: s, label: t.states[s], className: `fill-${s.toLowerCase()}` }))}
            days=${data.days.map((d) => ({ date: d.date, values: Object.fromEntries(d.processingStates.map((p) => [p.processingState, p.count])) }))}
          />
          <h2>${td.byCode}</h2>
          <div class="scroll">
            <table>
              <thead><tr><th scope="col">${td.date}</th>${codes.map((c) => html`<th scope="col">${c.code === null ? t.list.noStatus : `${c.code} ${c.label}`}</th>`)}<th scope="col">${td.total}</th></tr></thead>
              <tbody>${data.days
                .filter((d) => d.total > 0)
                .map(
                  (d) =>
                    html`<tr><th scope="row">${day(d.date, lang)}</th>${codes.map((c) => html`<td>${d.lifecycleCodes.find((x) => x.code === c.code)?.count ?? 0}</td>`)}<td>${d.total}</td></tr>`,
                )}</tbody>
            </table>
          </div>
          <h2>${td.oldest}</h2>
          ${
            data.oldestWaiting.length === 0
              ? html`<p class="muted">${td.none}</p>`
              : html`<ul class="waiting">${data.oldestWaiting.map(
                  (w) =>
                    html`<li><${StateBadge} state=${w.processingState} t=${t} /> <a href=${`/console/submissions/${w.submissionId}`} onClick=${follow}>${w.number}</a> ${td.since} ${dateTime(w.since, lang)}</li>`,
                )}</ul>`
          }`
        : html`<p class="muted">${t.loading}</p>`
    }
  </section>`;
}
