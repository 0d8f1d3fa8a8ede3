// The console's entry: the token (kept in sessionStorage, for this tab's session only), the language,
// the layout and its pages.
import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { createApi } from './api.js';
import { html } from './html.js';
import { initialLanguage, LANGUAGES } from './i18n.js';
import { DashboardPage } from './pages/dashboard.js';
import { EReportPage } from './pages/e-report.js';
import { ListPage } from './pages/list.js';
import { SellersPage } from './pages/sellers.js';
import { SubmissionPage } from './pages/submission.js';
import { WebhooksPage } from './pages/webhooks.js';
import { follow, useRoute } from './router.js';

const TOKEN_KEY = 'passerelle.token';

function Login({ t, onToken }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState(null);
  async function submit(event) {
    event.preventDefault();
    const api = createApi(token);
    try {
      await api.query('{ webhookEndpoints { id } }');
      onToken(token.trim());
    } catch (e) {
      setError(e.status === 0 ? t.login.network : t.login.refused);
    } finally {
      api.close();
    }
  }
  return html`<main id="main" class="login" tabindex="-1">
    <h1>${t.login.title}</h1>
    <form onSubmit=${submit}>
      <label for="token">${t.login.token}</label>
      <input id="token" type="password" autocomplete="off" spellcheck="false" required value=${token} onInput=${(e) => setToken(e.currentTarget.value)} aria-describedby="token-help" />
      <p id="token-help" class="muted">${t.login.help}</p>
      <button type="submit">${t.login.submit}</button>
      ${error ? html`<p role="alert" class="error">${error}</p>` : ''}
    </form>
  </main>`;
}

function Page({ route, api, t, lang, live }) {
  const submission = /^\/submissions\/([^/]+)$/.exec(route.path);
  if (submission) return html`<${SubmissionPage} id=${decodeURIComponent(submission[1])} api=${api} t=${t} lang=${lang} />`;
  const eReport = /^\/e-reports\/([^/]+)$/.exec(route.path);
  if (eReport) return html`<${EReportPage} id=${decodeURIComponent(eReport[1])} api=${api} t=${t} lang=${lang} />`;
  if (route.path === '/dashboard') return html`<${DashboardPage} api=${api} t=${t} lang=${lang} />`;
  if (route.path === '/sellers') return html`<${SellersPage} api=${api} t=${t} lang=${lang} />`;
  if (route.path === '/webhooks') return html`<${WebhooksPage} api=${api} t=${t} lang=${lang} />`;
  return html`<${ListPage} api=${api} t=${t} lang=${lang} live=${live} />`;
}

function App() {
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY));
  const [lang, setLang] = useState(initialLanguage);
  const [live, setLive] = useState(false);
  const route = useRoute();
  const t = LANGUAGES[lang];
  const api = useMemo(() => token && createApi(token, setLive), [token]);
  useEffect(() => () => api?.close(), [api]);
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem('passerelle.lang', lang);
  }, [lang]);
  const signIn = (value) => {
    sessionStorage.setItem(TOKEN_KEY, value);
    setToken(value);
  };
  const signOut = () => {
    sessionStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setLive(false);
  };
  const languages = html`<label class="lang"><span class="visually-hidden">${t.language}</span>
    <select value=${lang} onChange=${(e) => setLang(e.currentTarget.value)} aria-label=${t.language}>
      <option value="fr">Français</option><option value="en">English</option>
    </select></label>`;
  if (!token)
    return html`<header class="top"><span class="brand">${t.appName}</span>${languages}</header><${Login} t=${t} onToken=${signIn} />`;
  const link = (path, label) =>
    html`<a href=${`/console${path}`} onClick=${follow} aria-current=${(path === '/' ? route.path === '/' || route.path.startsWith('/submissions') : route.path === path) ? 'page' : undefined}>${label}</a>`;
  return html`<a class="skip" href="#main">${t.skip}</a>
    <header class="top">
      <span class="brand">${t.appName}</span>
      <nav aria-label="console">${link('/', t.nav.list)}${link('/dashboard', t.nav.dashboard)}${link('/sellers', t.nav.sellers)}${link('/webhooks', t.nav.webhooks)}</nav>
      <div class="tools">${languages}<button type="button" class="secondary" onClick=${signOut}>${t.signOut}</button></div>
    </header>
    <main id="main" tabindex="-1"><${Page} route=${route} api=${api} t=${t} lang=${lang} live=${live} /></main>`;
}

// A token the gateway refuses later (revoked) sends the person back to the sign-in form.
addEventListener('unhandledrejection', (event) => {
  if (event.reason?.status === 401) {
    sessionStorage.removeItem(TOKEN_KEY);
    location.reload();
  }
});

const root = document.getElementById('app');
root.textContent = '';
render(html`<${App} />`, root);
