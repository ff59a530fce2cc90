import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { preloadUserMenu } from './app/layout/SessionControls';
import { preloadPage } from './app/routes';
import { meQueryKey, meQueryOptions } from './features/auth';
import { browserTimeZone } from './lib/format';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');
const queryClient = createQueryClient();
// The server sends the prerendered home page only to a browser without a session cookie, i.e. a
// visitor: the first render says so too (as the markup it replaces does), and /me confirms it at once.
if (root.dataset.prerendered === 'visitor') queryClient.setQueryData(meQueryKey, null, { updatedAt: 0 });
// A page the server rendered comes with the answers it was rendered from (the session's among them):
// the first render starts from them and shows the same page, rather than loaders.
else if (root.dataset.prerendered === 'page') hydrate(queryClient, JSON.parse(document.getElementById('cusp-state')?.textContent ?? '{}'));
// Every page's header needs the session: ask now, not after the first render.
else void queryClient.prefetchQuery(meQueryOptions);

// The server writes dates of the pages it renders in the reader's time zone (decision 0018).
document.cookie = `tz=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax`;

/** A part that differed from the server's markup (React then rendered it itself): worth a note, not an error. */
function reportMismatch(error: unknown) {
  console.warn('Part of the page differed from the markup it arrived with and was rendered again.', error);
}

function render(container: HTMLElement) {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // A transition lets React work in slices, yielding to the browser between them, instead of one long
  // task that blocks taps on a slow phone (the page is already painted when prerendered). A page rendered
  // with its data (the home page, a server-rendered page) is hydrated: React adopts the markup rather than
  // building it again and swapping it in, which on a slow phone was the longest task of the load. Where the
  // markup differs (a date in another time zone), React renders that part again by itself.
  const kind = container.dataset.prerendered;
  startTransition(() => {
    if (kind === 'visitor' || kind === 'page') hydrateRoot(container, app, { onRecoverableError: reportMismatch });
    else createRoot(container).render(app);
  });
}

// The stored language (and its direction) is in place before the first render, so a reload keeps Arabic.
// The page's code and data are fetched at the same time: rendered before its code arrives, the page
// would show the loading spinner in place of the prerendered home page (apps/web/scripts/prerender.mjs).
const { pathname, search } = window.location;
const signedIn = Boolean(queryClient.getQueryData(meQueryKey));
void Promise.all([
  initI18n().catch(() => initI18n('en')),
  preloadPage(pathname, search, queryClient).catch(() => null),
  signedIn ? preloadUserMenu().catch(() => null) : null,
]).finally(() => render(root));
