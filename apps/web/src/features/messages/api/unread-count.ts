import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { unreadCountQueryKey } from './keys';
import type { ConversationUnread } from '@/lib/domain';

/** GET /api/conversations/unread-count: how many conversations wait for the caller (docs/product.md §9.3). */
export async function fetchUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const { count } = await api.get<ConversationUnread>('/conversations/unread-count', { signal });
  return count;
}

/** Live: the real-time events refetch it (see useMessagesRealtime). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: unreadCountQueryKey, queryFn: fetchUnreadCount, enabled, staleTime: 60_000 });
}
