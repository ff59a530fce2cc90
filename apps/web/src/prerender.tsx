/**
 * Server rendering with the app's own components (scripts/prerender.mjs runs it after `vite build --ssr`):
 * at build time the visitor's home page and the frame of every other page (decision 0017); per request,
 * from apps/server/src/page-renderer.ts, the pages with a main request, with their data (decision 0018).
 * The markup is what the app's own first render shows in the same state, so React adopts it unchanged.
 */
import type { ReactNode } from 'react';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Language } from '@cusp/shared';
import { Layout } from './app/layout/Layout';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, membersOnly, pagesAt, preloadPage } from './app/routes';
import { PageLoader } from './components/PageLoader';
import { meQueryKey, meQueryOptions } from './features/auth';
import { setApiTransport, type ApiTransport } from './lib/api';
import { setDisplayTimeZone } from './lib/format';
import { i18n, setLanguage } from './lib/i18n';
import type { Prerendered } from './server-document';

export { jsonForHtml, preloadList, toDocument } from './server-document';

/** A page rendered for one request, with the answers it was rendered from. */
export interface RenderedPage extends Prerendered {
  /** The page's queries (and the session's /me), for the client to start from the same data. */
  state: DehydratedState;
  /** The names of the lazily loaded components shown (the page's, the user menu), to link their stylesheets and preload their scripts. */
  components: string[];
}

export async function renderHome(language: Language): Promise<Prerendered> {
  await preloadPage('/');
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, null);
  return render(language, queryClient, '/', <AppRoutes />);
}

/**
 * The frame every other page starts from: header (session still being checked), the page's loader,
 * footer. It is what the app shows first on any path, so it can be painted before the scripts run.
 */
export async function renderShell(language: Language): Promise<Prerendered> {
  const frame = (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<PageLoader />} />
      </Route>
    </Routes>
  );
  return render(language, createQueryClient(), '/page', frame);
}

/** Whether `pathname` is a page the server renders with its data: one with a main request to prefetch. */
export function rendersOnServer(pathname: string): boolean {
  return pagesAt(pathname).some(({ page }) => page.prefetch);
}

// One render at a time: the language and the API transport are the module's globals.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders the page at `url` as `language`'s reader sees it once its data is in, for the server to send
 * in place of the frame (docs/decisions/0018-server-rendered-pages.md). `transport` answers the page's
 * API calls in-process, with the reader's cookie; dates are written in `timeZone` (the `tz` cookie).
 * Null when the page has no main request, or any of its requests failed (a missing service, a visitor on
 * a members' page): the client then shows it as usual.
 */
export function renderPage(url: string, language: Language, transport: ApiTransport, timeZone?: string): Promise<RenderedPage | null> {
  const rendered = queue.then(async () => {
    const { pathname, search } = new URL(url, 'http://localhost');
    const pages = pagesAt(pathname, search);
    if (!pages.some(({ page }) => page.prefetch)) return null;
    setApiTransport(transport);
    setDisplayTimeZone(timeZone);
    const queryClient = createQueryClient();
    await queryClient.prefetchQuery(meQueryOptions);
    // A visitor on a members' page is sent to /login by the app: nothing of the page is fetched or sent.
    if (membersOnly(pathname) && !queryClient.getQueryData(meQueryKey)) return null;
    const [components] = await Promise.all([
      Promise.all(pages.map(({ page }) => page.preload())),
      ...pages.map(({ page, location }) => page.prefetch?.(queryClient, location)),
    ]);
    if (queryClient.getQueryCache().getAll().some((query) => query.state.status !== 'success')) return null;
    const page = await render(language, queryClient, url, <AppRoutes />);
    // A member's header shows the user menu, itself a chunk: its name goes with the page's.
    const shown = [...components.map((component) => component.name), ...(queryClient.getQueryData(meQueryKey) ? ['UserMenu'] : [])];
    return { ...page, state: dehydrate(queryClient), components: shown };
  });
  queue = rendered.catch(() => null);
  return rendered;
}

async function render(language: Language, queryClient: ReturnType<typeof createQueryClient>, path: string, routes: ReactNode) {
  await setLanguage(language, { persist: false });
  const { prelude } = await prerenderToNodeStream(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>
    </AppProviders>,
    // A large finished boundary is otherwise sent as its fallback (the loader) plus an inline script
    // that swaps the content in, which the page's Content-Security-Policy would block.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, dir: i18n.dir(language) };
}
