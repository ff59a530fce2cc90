/**
 * Build-time rendering of the home page and of the frame of every other page (scripts/prerender.mjs
 * runs this after `vite build --ssr`).
 * The markup is the app's own first render for a visitor at "/" (no session; the page's data still
 * loading); the server sends it only without a session cookie, and main.tsx starts from the same
 * visitor state, so when React mounts over it nothing moves: a phone paints the hero from the HTML
 * instead of after ~250 KB of JavaScript (docs/decisions/0017-prerendered-home.md).
 */
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Language } from '@cusp/shared';
import { Layout } from './app/layout/Layout';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadPage } from './app/routes';
import { PageLoader } from './components/PageLoader';
import { meQueryKey } from './features/auth';
import { i18n, initI18n, setLanguage } from './lib/i18n';

export interface Prerendered {
  html: string;
  dir: 'ltr' | 'rtl';
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

async function render(language: Language, queryClient: ReturnType<typeof createQueryClient>, path: string, routes: ReactNode) {
  await initI18n(language);
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
