import { Badge } from '@mantine/core';
import { useMe } from '@/features/auth';
import { useI18n } from '@/lib/use-i18n';
import { useSocket } from '@/lib/socket';
import { useUnreadCount } from '../api/unread-count';

/**
 * The navbar's count of unread conversations (docs/product.md §9.3). It is live while the socket is up (the events
 * refetch it), so it is only asked for then.
 */
export function UnreadBadge() {
  const { t, number } = useI18n();
  const { user } = useMe();
  const socket = useSocket();
  const { data: count } = useUnreadCount(!!user && !!socket);
  if (!user || !count) return null;
  return (
    <Badge
      component="span"
      role="img"
      aria-label={t('messages.badge.unread', { count, number: number(count) })}
      size="sm"
      circle={count < 10}
      color="red"
      data-testid="unread-badge"
    >
      {number(count)}
    </Badge>
  );
}
