import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  // The prerendered markup (apps/web/scripts/prerender.mjs) has been replaced by the live page.
  useEffect(() => {
    delete document.getElementById('root')?.dataset.prerendered;
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
