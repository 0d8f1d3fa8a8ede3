// Sellers: the tenant's default seller (its seller profile) until a tenant can have several.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../html.js';

const QUERY = `{ sellerProfile { name tradingName siren siret vatNumber email billingFramework
  address { line1 line2 postalCode city country } electronicAddress { scheme value } } }`;

export function SellersPage({ api, t }) {
  const [profile, setProfile] = useState(undefined);
  const [error, setError] = useState(null);
  useEffect(() => {
    api.query(QUERY).then(
      (d) => setProfile(d.sellerProfile),
      (e) => setError(e.message),
    );
  }, [api]);
  const ts = t.sellers;
  const row = (label, value) => html`<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  return html`<section aria-labelledby="sellers-title">
    <h1 id="sellers-title">${ts.title}</h1>
    ${error ? html`<p role="alert" class="error">${t.error}: ${error}</p>` : ''}
    ${profile === undefined && !error ? html`<p class="muted">${t.loading}</p>` : ''}
    ${profile === null ? html`<p>${ts.none}</p>` : ''}
    ${
      profile
        ? html`<section class="panel" aria-labelledby="seller-default">
          <h2 id="seller-default">${profile.name} <span class="muted">— ${ts.defaultSeller}</span></h2>
          <dl class="facts">
            ${row(ts.name, profile.tradingName ? `${profile.name} (${profile.tradingName})` : profile.name)}
            ${row(ts.siren, profile.siren)}
            ${row(ts.siret, profile.siret)}
            ${row(ts.vat, profile.vatNumber)}
            ${row(ts.address, [profile.address.line1, profile.address.line2, `${profile.address.postalCode} ${profile.address.city}`, profile.address.country].filter(Boolean).join(', '))}
            ${row(ts.electronicAddress, `${profile.electronicAddress.scheme}:${profile.electronicAddress.value}`)}
            ${row(ts.billingFramework, profile.billingFramework)}
            ${row(ts.email, profile.email)}
          </dl>
        </section>`
        : ''
    }
  </section>`;
}
