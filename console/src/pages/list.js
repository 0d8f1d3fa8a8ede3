// The list of documents: filters above, a page of rows, live updates from the submissionEvents subscription.
import { useEffect, useRef, useState } from 'preact/hooks';
import { LifecycleBadge, StateBadge } from '../components/badges.js';
import { day, dateTime, money } from '../format.js';
import { html } from '../html.js';
import { follow } from '../router.js';

const ROW =
  'id number documentType issueDate processingState total currency createdAt buyer { name siren } lifecycleStatus { code label final }';
const LIST = `query ConsoleList($filter: SubmissionFilter, $orderBy: SubmissionOrder, $first: Int, $after: String, $last: Int, $before: String) {
  submissions(filter: $filter, orderBy: $orderBy, first: $first, after: $after, last: $last, before: $before) {
    totalCount totalCountExact
    edges { node { ${ROW} } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
const EVENTS = 'subscription ConsoleEvents { submissionEvents { id type submission { id } } }';
const CODES = '{ __type(name: "LifecycleCode") { enumValues { name description } } }';
const SELLERS = '{ sellers(first: 100) { edges { node { siren profile { name } } } } }';
const PAGE = 25;
const EMPTY = {
  number: '',
  buyer: '',
  documentType: '',
  processingState: '',
  lifecycle: '',
  processingRule: '',
  createdFrom: '',
  createdTo: '',
  issuedFrom: '',
  issuedTo: '',
  order: 'createdAt:desc',
};

/** The filter form's values → the `SubmissionFilter` and `SubmissionOrder` arguments. */
function argumentsOf(form) {
  const filter = {};
  if (form.number.trim()) filter.numberPrefix = form.number.trim();
  if (form.buyer.trim()) filter.buyer = form.buyer.trim();
  if (form.documentType) filter.documentType = form.documentType;
  if (form.processingState) filter.processingStates = [form.processingState];
  if (form.lifecycle === 'NONE') filter.withoutLifecycleStatus = true;
  else if (form.lifecycle) filter.lifecycleCodes = [form.lifecycle];
  if (form.processingRule) filter.processingRule = form.processingRule;
  if (form.seller) filter.sellerSiren = form.seller;
  if (form.createdFrom) filter.createdFrom = new Date(`${form.createdFrom}T00:00:00`).toISOString();
  if (form.createdTo) filter.createdBefore = new Date(new Date(`${form.createdTo}T00:00:00`).getTime() + 86_400_000).toISOString();
  if (form.issuedFrom) filter.issuedFrom = form.issuedFrom;
  if (form.issuedTo) filter.issuedTo = form.issuedTo;
  const [field, direction] = form.order.split(':');
  return {
    filter,
    orderBy: { field: { createdAt: 'CREATED_AT', issueDate: 'ISSUE_DATE', number: 'NUMBER' }[field], direction: direction.toUpperCase() },
  };
}

/** The lifecycle codes the gateway knows, from its schema: `[{ name, code, label }]` (the spec's labels). */
function useLifecycleCodes(api) {
  const [codes, setCodes] = useState([]);
  useEffect(() => {
    api.query(CODES).then(
      (data) =>
        setCodes(
          data.__type.enumValues
            .map((v) => {
              const [, code, label] = /^(\d+) ([^:]+):/.exec(v.description ?? '') ?? [];
              return { name: v.name, code: Number(code), label };
            })
            .filter((c) => c.code)
            .sort((a, b) => a.code - b.code),
        ),
      () => setCodes([]),
    );
  }, [api]);
  return codes;
}

/** The tenant's sellers, `[{ siren, name }]`, for the seller filter. */
function useSellers(api) {
  const [sellers, setSellers] = useState([]);
  useEffect(() => {
    api.query(SELLERS).then(
      (data) => setSellers(data.sellers.edges.map((e) => ({ siren: e.node.siren, name: e.node.profile.name }))),
      () => setSellers([]),
    );
  }, [api]);
  return sellers;
}

export function ListPage({ api, t, lang, live }) {
  const [form, setForm] = useState(EMPTY);
  const [applied, setApplied] = useState(EMPTY);
  const [cursor, setCursor] = useState({});
  const [result, setResult] = useState(null);
  const [error, setError] = useState(null);
  const codes = useLifecycleCodes(api);
  const sellers = useSellers(api);
  const refresh = useRef(() => {});

  useEffect(() => {
    let stale = false;
    const load = () => {
      const variables = {
        ...argumentsOf(applied),
        ...(cursor.before ? { last: PAGE, before: cursor.before } : { first: PAGE, after: cursor.after }),
      };
      api.query(LIST, variables).then(
        (data) => {
          if (stale) return;
          setResult(data.submissions);
          setError(null);
        },
        (e) => !stale && setError(e.message),
      );
    };
    refresh.current = load;
    load();
    return () => {
      stale = true;
    };
  }, [api, applied, cursor]);

  // Live: any event of the tenant reloads the page shown (new documents, new states), at most every 250 ms.
  useEffect(() => {
    let timer;
    const unsubscribe = api.subscribe(EVENTS, {}, () => {
      clearTimeout(timer);
      timer = setTimeout(() => refresh.current(), 100);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [api]);

  const tl = t.list;
  const set = (key) => (event) => setForm({ ...form, [key]: event.currentTarget.value });
  const submit = (event) => {
    event.preventDefault();
    setCursor({});
    setApplied(form);
  };
  const reset = () => {
    setForm(EMPTY);
    setCursor({});
    setApplied(EMPTY);
  };
  const field = (key, label, input) => html`<div class="field"><label for=${`f-${key}`}>${label}</label>${input}</div>`;
  const select = (key, options) =>
    html`<select id=${`f-${key}`} value=${form[key]} onChange=${set(key)}>${options.map(([value, text]) => html`<option value=${value}>${text}</option>`)}</select>`;
  const text = (key, type = 'search') =>
    html`<input id=${`f-${key}`} type=${type} value=${form[key]} onInput=${set(key)} autocomplete="off" />`;

  return html`<section aria-labelledby="list-title">
    <div class="title-row">
      <h1 id="list-title">${tl.title}</h1>
      <span class=${`live ${live ? 'on' : 'off'}`} role="status" data-testid="live">${live ? t.live.on : t.live.off}</span>
    </div>
    <form class="filters" onSubmit=${submit} aria-label=${tl.filters}>
      ${field('number', tl.number, text('number'))}
      ${field('buyer', tl.buyer, text('buyer'))}
      ${field(
        'documentType',
        tl.documentType,
        select('documentType', [
          ['', tl.any],
          ['INVOICE', t.types.INVOICE],
          ['CREDIT_NOTE', t.types.CREDIT_NOTE],
        ]),
      )}
      ${field('processingState', tl.processingState, select('processingState', [['', tl.any], ...Object.entries(t.states)]))}
      ${field('lifecycle', tl.lifecycle, select('lifecycle', [['', tl.any], ['NONE', tl.noStatus], ...codes.map((c) => [c.name, `${c.code} ${c.label}`])]))}
      ${field(
        'processingRule',
        tl.processingRule,
        select('processingRule', [
          ['', tl.any],
          ['B2B', 'B2B'],
          ['B2BInt', 'B2BInt'],
          ['B2C', 'B2C'],
        ]),
      )}
      ${sellers.length > 1 ? field('seller', tl.seller, select('seller', [['', tl.any], ...sellers.map((x) => [x.siren, `${x.name} (${x.siren})`])])) : ''}
      ${field('createdFrom', tl.createdFrom, text('createdFrom', 'date'))}
      ${field('createdTo', tl.createdTo, text('createdTo', 'date'))}
      ${field('issuedFrom', tl.issuedFrom, text('issuedFrom', 'date'))}
      ${field('issuedTo', tl.issuedTo, text('issuedTo', 'date'))}
      ${field('order', tl.order, select('order', Object.entries(t.orders)))}
      <div class="actions"><button type="submit">${tl.apply}</button><button type="button" class="secondary" onClick=${reset}>${tl.reset}</button></div>
    </form>
    ${error ? html`<p role="alert" class="error">${t.error}: ${error}</p>` : ''}
    ${
      result
        ? html`<p class="count" aria-live="polite">${tl.count(result.totalCount, result.totalCountExact)}</p>
          <div class="scroll">
            <table class="list">
              <caption class="visually-hidden">${tl.title}</caption>
              <thead><tr>${['number', 'type', 'buyer', 'total', 'issued', 'state', 'lifecycle', 'created'].map((c) => html`<th scope="col">${tl.columns[c]}</th>`)}</tr></thead>
              <tbody>
                ${result.edges.length === 0 ? html`<tr><td colspan="8">${tl.empty}</td></tr>` : ''}
                ${result.edges.map(
                  ({ node: s }) => html`<tr data-id=${s.id}>
                    <th scope="row"><a href=${`/console/submissions/${s.id}`} onClick=${follow}>${s.number}</a></th>
                    <td data-label=${tl.columns.type}>${t.types[s.documentType]}</td>
                    <td data-label=${tl.columns.buyer}>${s.buyer?.name ?? '—'}</td>
                    <td data-label=${tl.columns.total} class="amount">${money(s.total, s.currency, lang)}</td>
                    <td data-label=${tl.columns.issued}>${day(s.issueDate, lang)}</td>
                    <td data-label=${tl.columns.state}><${StateBadge} state=${s.processingState} t=${t} /></td>
                    <td data-label=${tl.columns.lifecycle}><${LifecycleBadge} status=${s.lifecycleStatus} /></td>
                    <td data-label=${tl.columns.created}>${dateTime(s.createdAt, lang)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>
          <nav class="pager" aria-label="pagination">
            <button type="button" disabled=${!(cursor.after || (cursor.before && result.pageInfo.hasPreviousPage))} onClick=${() => setCursor({ before: result.pageInfo.startCursor })}>${tl.previous}</button>
            <button type="button" disabled=${!(cursor.before || result.pageInfo.hasNextPage)} onClick=${() => setCursor({ after: result.pageInfo.endCursor })}>${tl.next}</button>
          </nav>`
        : html`<p class="muted">${t.loading}</p>`
    }
  </section>`;
}
