// Routes of the console under /console (the gateway answers its page for every one of them).
import { useEffect, useState } from 'preact/hooks';

/** The path relative to the console: `/`, `/submissions/<id>`, `/dashboard`, `/sellers`, `/webhooks`. */
function current() {
  const path = location.pathname.replace(/^\/console/, '') || '/';
  return { path, query: new URLSearchParams(location.search) };
}

/** Goes to `path` (a console path, with an optional query) without reloading. */
export function navigate(path, replace = false) {
  const url = `/console${path}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  dispatchEvent(new PopStateEvent('popstate'));
  if (!replace) document.getElementById('main')?.focus();
}

/** The current route, updated on navigation. */
export function useRoute() {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return route;
}

/** Click handler for in-console links: plain clicks navigate in place, modified clicks open as usual. */
export function follow(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = event.currentTarget.getAttribute('href');
  if (!href?.startsWith('/console')) return;
  event.preventDefault();
  navigate(href.slice('/console'.length) || '/');
}
