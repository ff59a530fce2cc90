import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { i18n, useTranslation } from '@/lib/i18n';
import { cssVariablesResolver, theme } from './theme';

/** Keeps Mantine's direction in step with the language (the <html> attributes follow i18n itself). */
function DirectionSync() {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const dir = instance.dir(instance.resolvedLanguage);
  useEffect(() => setDirection(dir), [dir, setDirection]);
  return null;
}

// The notifications' view (portal, transitions) is code most visits never need: it loads with the first
// notification, which waits in Mantine's store meanwhile.
const NotificationsView = lazy(() => import('./NotificationsView').then((m) => ({ default: m.NotificationsView })));

function LazyNotifications() {
  const { notifications } = useNotifications();
  // Once loaded it stays: it animates the last notification out after the list empties.
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      {/* Below the sticky header (64px, Navbar.module.css), not over its menu and buttons. */}
      <NotificationsView position="top-center" className="cusp-toasts" />
    </Suspense>
  ) : null;
}

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/** Everything but the router, so tests can put a MemoryRouter inside. */
export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider initialDirection={i18n.dir(i18n.resolvedLanguage)} detectDirection={false}>
        <DirectionSync />
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
          <LazyNotifications />
          {children}
        </MantineProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
