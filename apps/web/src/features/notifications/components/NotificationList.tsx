import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useMarkNotificationsRead, useNotificationList } from '../api/notifications';
import { NotificationItem } from './NotificationItem';
import type { UserNotification } from '@/lib/domain';

/** The list shared by the panel (first page) and the page (more on demand), with "Mark all as read". */
export function NotificationList({ limit, paged = false, onOpen }: { limit: number; paged?: boolean; onOpen?: () => void }) {
  const { t } = useTranslation();
  const list = useNotificationList(limit);
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (n: UserNotification) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    onOpen?.();
  };
  if (list.isPending) {
    return (
      <Group justify="center" p="md" role="status">
        <Loader size="sm" role="status" aria-label={t('notifications.loading')} />
      </Group>
    );
  }
  if (list.isError) return <Text c="red" size="sm" p="sm">{t('notifications.loadFailed')}</Text>;
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={() => markRead.mutate({ all: true })} disabled={!items.some((n) => !n.read)} loading={markRead.isPending}>
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          {t('notifications.empty')}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('notifications.title')}>
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      {paged && list.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('notifications.loadMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
