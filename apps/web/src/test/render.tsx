import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/routes';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders the current location into a test id, so tests can assert where navigation ended. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface Options {
  route?: InitialEntry;
  queryClient?: QueryClient;
}

function wrap(children: ReactNode, { route = '/', queryClient = createTestQueryClient() }: Options) {
  return {
    queryClient,
    ui: (
      <AppProviders queryClient={queryClient} env="test">
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    ),
  };
}

/** One component with every provider (query client, Mantine, i18n, a MemoryRouter at `route`). */
export function renderWithProviders(element: ReactElement, options: Options & { path?: string } = {}) {
  const { ui, queryClient } = wrap(
    options.path ? (
      <Routes>
        <Route path={options.path} element={element} />
      </Routes>
    ) : (
      element
    ),
    options,
  );
  return { user: userEvent.setup(), queryClient, ...render(ui) };
}

/** The whole app (layout and every route) at `route`. */
export function renderApp(route: InitialEntry = '/', options: Omit<Options, 'route'> = {}) {
  return renderWithProviders(<AppRoutes />, { ...options, route });
}
