import { lazy, Suspense } from 'react';
import { useMe } from '@/features/auth';

// Only signed-in members have a bell, and its panel brings a positioning library: its own chunk.
const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));

/** The navbar's place for the bell: empty for visitors and while the session is being checked. */
export function NotificationBellSlot() {
  const { user } = useMe();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
