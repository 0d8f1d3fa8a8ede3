// Sellers: every seller of the tenant with its profile, the default one first.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../html.js';

const QUERY = `{ sellers(first: 100) { edges { node { siren isDefault profile { name tradingName siren siret vatNumber email
  billingFramework vatRegime vatOnDebits address { line1 line2 postalCode city country } electronicAddress { scheme value } } } } } }`;

export function SellersPage({ api, t }) {
  const [sellers, setSellers] = useState(undefined);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.query(QUERY).then(
      (d) => setSellers(d.sellers.edges.map((e) => e.node).sort((a, b) => Number(b.isDefault) - Number(a.isDefault))),
      (e) => setError(e.message),
    );
  }, [api]);
  const ts = t.sellers;
  const row = (label, value) => html`<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  return html`<section aria-labelledby="sellers-title">
    <h1 id="sellers-title">${ts.title}</h1>
    ${error ? html`<p role="alert" class="error">${t.error}: ${error}</p>` : ''}
    ${sellers === undefined && !error ? html`<p class="muted">${t.loading}</p>` : ''}
    ${sellers?.length === 0 ? html`<p>${ts.none}</p>` : ''}
    ${sellers?.map(
      ({ profile, isDefault, siren }) => html`<section class="panel seller" aria-labelledby=${`seller-${siren}`}>
        <h2 id=${`seller-${siren}`}>${profile.name}${isDefault ? html` <span class="muted">— ${ts.defaultSeller}</span>` : ''}</h2>
        <dl class="facts">
          ${row(ts.name, profile.tradingName ? `${profile.name} (${profile.tradingName})` : profile.name)}
          ${row(ts.siren, profile.siren)}
          ${row(ts.siret, profile.siret)}
          ${row(ts.vat, profile.vatNumber)}
          ${row(ts.vatRegime, `${profile.vatRegime}${profile.vatOnDebits ? ` — ${ts.vatOnDebits}` : ''}`)}
          ${row(ts.address, [profile.address.line1, profile.address.line2, `${profile.address.postalCode} ${profile.address.city}`, profile.address.country].filter(Boolean).join(', '))}
          ${row(ts.electronicAddress, `${profile.electronicAddress.scheme}:${profile.electronicAddress.value}`)}
          ${row(ts.billingFramework, profile.billingFramework)}
          ${row(ts.email, profile.email)}
        </dl>
      </section>`,
    )}
  </section>`;
}
