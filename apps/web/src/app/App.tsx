import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { adoptEarlyForms } from '@/lib/early-forms';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  // The app's first render is on screen (the rendered markup adopted, or the frame replaced): what was
  // typed into the page's forms before now, and a submit held meanwhile, go to the forms now there,
  // before the browser paints them empty (lib/early-forms.ts, decision 0024). Layout effects run after
  // every field's own (react-hook-form registers its fields, and resets them, as refs are attached).
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (root) adoptEarlyForms(root);
  }, []);
  // The page is live: forms still inert (a page without the boot script, which releases them) take input.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    delete root.dataset.prerendered;
    root.querySelectorAll('form[inert]').forEach((form) => form.removeAttribute('inert'));
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      {/* A move to another page renders at once (its loader, while its code loads), not in a transition that
          kept the previous page on screen meanwhile: a reader typed into that page's form (the register
          form after registering, on its way to /login), and lost it when the next page replaced it. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
