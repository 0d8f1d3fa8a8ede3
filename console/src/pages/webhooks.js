// Webhook endpoints, an endpoint's deliveries with their attempts, and redelivery.
import { useEffect, useState } from 'preact/hooks';
import { dateTime } from '../format.js';
import { html } from '../html.js';

const ENDPOINTS = '{ webhookEndpoints { id url description eventTypes enabled disabledReason createdAt } }';
const DELIVERIES = `query ConsoleDeliveries($endpointId: ID!, $after: String) {
  webhookDeliveries(endpointId: $endpointId, first: 20, after: $after) {
    edges { node { id eventType status createdAt nextAttemptAt attempts { attemptedAt httpStatus durationMs error } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const REDELIVER = `mutation ConsoleRedeliver($deliveryId: ID!, $endpointId: ID) {
  redeliverWebhookEvent(deliveryId: $deliveryId, endpointId: $endpointId) { __typename ... on WebhookDelivery { id status } }
}`;

function Deliveries({ endpoint, api, t, lang }) {
  const [pages, setPages] = useState(null);
  const [message, setMessage] = useState(null);
  const load = (after) =>
    api.query(DELIVERIES, { endpointId: endpoint.id, after }).then((d) => {
      const page = d.webhookDeliveries;
      setPages((previous) => ({ edges: [...(after ? (previous?.edges ?? []) : []), ...page.edges], pageInfo: page.pageInfo }));
    });
  useEffect(() => {
    load();
  }, [endpoint.id]);
  async function redeliver(deliveryId) {
    const d = await api.query(REDELIVER, { deliveryId, endpointId: endpoint.id });
    setMessage(d.redeliverWebhookEvent.__typename === 'WebhookDelivery' ? t.webhooks.redelivered : t.error);
    await load();
  }
  const tw = t.webhooks;
  if (!pages) return html`<p class="muted">${t.loading}</p>`;
  return html`<div>
    ${message ? html`<p role="status">${message}</p>` : ''}
    ${
      pages.edges.length === 0
        ? html`<p class="muted">${tw.noDeliveries}</p>`
        : html`<div class="scroll"><table>
          <thead><tr><th scope="col">${tw.created}</th><th scope="col">Event</th><th scope="col">${tw.status}</th><th scope="col">${tw.attempts}</th><th scope="col"><span class="visually-hidden">${tw.redeliver}</span></th></tr></thead>
          <tbody>${pages.edges.map(
            ({ node: d }) => html`<tr>
              <td>${dateTime(d.createdAt, lang)}</td>
              <td><code>${d.eventType}</code></td>
              <td><span class=${`badge delivery-${d.status}`}>${d.status}</span></td>
              <td><ul class="attempts">${d.attempts.map((a) => html`<li>${dateTime(a.attemptedAt, lang)} — ${a.httpStatus ?? a.error ?? '?'} (${a.durationMs} ms)</li>`)}</ul></td>
              <td><button type="button" onClick=${() => redeliver(d.id)}>${tw.redeliver}</button></td>
            </tr>`,
          )}</tbody>
        </table></div>`
    }
    ${pages.pageInfo.hasNextPage ? html`<button type="button" onClick=${() => load(pages.pageInfo.endCursor)}>${tw.more}</button>` : ''}
  </div>`;
}

export function WebhooksPage({ api, t, lang }) {
  const [endpoints, setEndpoints] = useState(null);
  const [open, setOpen] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.query(ENDPOINTS).then(
      (d) => setEndpoints(d.webhookEndpoints),
      (e) => setError(e.message),
    );
  }, [api]);
  const tw = t.webhooks;
  return html`<section aria-labelledby="webhooks-title">
    <h1 id="webhooks-title">${tw.title}</h1>
    ${error ? html`<p role="alert" class="error">${t.error}: ${error}</p>` : ''}
    ${endpoints?.length === 0 ? html`<p>${tw.none}</p>` : ''}
    ${endpoints?.map(
      (e) => html`<section class="panel" aria-labelledby=${`endpoint-${e.id}`}>
        <h2 id=${`endpoint-${e.id}`}><code>${e.url}</code></h2>
        <p>${e.description ?? ''} <span class=${`badge ${e.enabled ? 'state-sent' : 'state-rejected'}`}>${e.enabled ? tw.enabled : `${tw.disabled} (${e.disabledReason})`}</span></p>
        <p class="muted">${tw.events}: ${e.eventTypes.join(', ')}</p>
        <button type="button" aria-expanded=${open === e.id} onClick=${() => setOpen(open === e.id ? null : e.id)}>${tw.deliveries}</button>
        ${open === e.id ? html`<${Deliveries} endpoint=${e} api=${api} t=${t} lang=${lang} />` : ''}
      </section>`,
    )}
  </section>`;
}
