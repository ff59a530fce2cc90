import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  // The prerendered markup (apps/web/scripts/prerender.mjs) is now the live page: its forms, inert until
  // now (server-document.ts), take input.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    delete root.dataset.prerendered;
    root.querySelectorAll('form[inert]').forEach((form) => form.removeAttribute('inert'));
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
