/**
 * The app's second step (main.tsx is the first): everything but React. Starts the app from the page's
 * markup and data, in tasks of its own (decision 0019).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { preloadUserMenu } from './app/layout/SessionControls';
import { preloadPage } from './app/routes';
import { meQueryKey, meQueryOptions } from './features/auth';
import { installDigitInputs } from './lib/digit-inputs';
import { rememberTimeZone } from './lib/format';
import { initI18n } from './lib/i18n';

/** A promise that resolves in a later task (see `start`). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A part that differed from the server's markup (React then rendered it itself): worth a note, not an error. */
function reportMismatch(error: unknown) {
  console.warn('Part of the page differed from the markup it arrived with and was rendered again.', error);
}

function render(container: HTMLElement, queryClient: QueryClient) {
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

/**
 * Starts the app in steps, each in a task of its own: reading the page's data (in the task that evaluated
 * this module), asking for the page's code, asking for the user menu's, then rendering once both are here.
 * Run in one task with the scripts' evaluation, they took 50-80 ms on a fast machine (four times that on a
 * slow phone), during which a tap on the already painted page went unanswered (decision 0019).
 */
export async function start(container: HTMLElement) {
  performance.mark('cusp:scripts-evaluated');
  const queryClient = createQueryClient();
  // The server sends the prerendered home page only to a browser without a session cookie, i.e. a
  // visitor: the first render says so too (as the markup it replaces does), and /me confirms it at once.
  if (container.dataset.prerendered === 'visitor') queryClient.setQueryData(meQueryKey, null, { updatedAt: 0 });
  // A page the server rendered comes with the answers it was rendered from (the session's among them):
  // the first render starts from them and shows the same page, rather than loaders.
  else if (container.dataset.prerendered === 'page') hydrate(queryClient, JSON.parse(document.getElementById('cusp-state')?.textContent ?? '{}'));
  // Every page's header needs the session: ask now, not after the first render.
  else void queryClient.prefetchQuery(meQueryOptions);

  // The stored language (and its direction) is in place before the first render, so a reload keeps Arabic.
  // The page's code and data are fetched at the same time: rendered before its code arrives, the page
  // would show the loading spinner in place of the prerendered home page (apps/web/scripts/prerender.mjs).
  performance.mark('cusp:data-read');
  await nextTask();
  const { pathname, search } = window.location;
  const language = initI18n().catch(() => initI18n('en'));
  const page = preloadPage(pathname, search, queryClient).catch(() => null);
  // Asking for a chunk costs the main thread for each script it needs: the menu's, a task later.
  await nextTask();
  const menu = queryClient.getQueryData(meQueryKey) ? preloadUserMenu().catch(() => null) : null;
  await Promise.all([language, page, menu]);
  performance.mark('cusp:page-loaded');
  render(container, queryClient);

  // Digits typed on an Arabic or Persian keyboard become ASCII in every field of digits (lib/digit-inputs.ts).
  installDigitInputs();
  // The time zone cookie is written by the first date the page shows, or else as the reader leaves
  // (lib/format.ts: rememberTimeZone).
  window.addEventListener('pagehide', rememberTimeZone);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') rememberTimeZone();
  });
}
