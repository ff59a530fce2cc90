// Its own module so the notifications' view becomes its own chunk (providers.tsx loads it on demand);
// the store, used everywhere through lib/notify.ts, stays in the main bundle.
export { Notifications as NotificationsView } from '@mantine/notifications';
