// Sellers: every seller of the tenant with its profile, the default one first, and its directory status
// (src/components/directory-status.js), asked once the sellers are shown. Routed by src/main.js.
import { useEffect, useState } from 'preact/hooks';
import { DirectoryStatus, directoryStatuses } from '../components/directory-status.js';
import { html } from '../html.js';

const QUERY = `{ sellers(first: 100) { edges { node { siren isDefault profile { name tradingName siren siret vatNumber email
  billingFramework vatRegime vatOnDebits address { line1 line2 postalCode city country } electronicAddress { scheme value } } } } } }`;

export function SellersPage({ api, t, lang }) {
  const [sellers, setSellers] = useState(undefined);
  const [directory, setDirectory] = useState({});
  const [error, setError] = useState(null);
  useEffect(() => {
    let stale = false;
    api.query(QUERY).then(
      (d) => {
        if (stale) return;
        const list = d.sellers.edges.map((e) => e.node).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
        setSellers(list);
        // The directory's answer comes after the page: a slow or absent directory never holds it back.
        directoryStatuses(
          api,
          list.map((s) => s.siren),
          t,
        ).then((statuses) => !stale && setDirectory(statuses));
      },
      (e) => !stale && setError(e.message),
    );
    return () => {
      stale = true;
    };
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
          <div class="directory"><dt>${t.directory.title}</dt><dd><${DirectoryStatus} entry=${directory[siren]} t=${t} lang=${lang} /></dd></div>
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
