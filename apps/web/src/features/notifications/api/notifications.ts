import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationKind } from '@cusp/shared';
import { api } from '@/lib/api';
import type { NotificationPreferences, UserNotification } from '@/lib/domain';

/** Query keys of the notifications feature (docs/product.md §16). */
export const notificationsKey = ['notifications'] as const;
export const unreadNotificationsKey = ['notifications', 'unread-count'] as const;
export const notificationListKey = (limit: number) => ['notifications', 'list', limit] as const;
export const notificationPreferencesKey = ['notifications', 'preferences'] as const;

export interface NotificationPage {
  items: UserNotification[];
  hasMore: boolean;
}

/** GET /api/notifications/unread-count. */
export async function fetchUnreadNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  return (await api.get<{ count: number }>('/notifications/unread-count', { signal })).count;
}

/** GET /api/notifications?limit&before: newest first; `before` is the last `_id` of the page before. */
export function fetchNotifications(limit: number, before?: string, signal?: AbortSignal): Promise<NotificationPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return api.get<NotificationPage>(`/notifications?${query}`, { signal });
}

/** POST /api/notifications/read: `{ ids }` (the caller's own) or `{ all: true }`; answers the new unread count. */
export function markNotificationsRead(body: { ids: string[] } | { all: true }) {
  return api.post<{ updated: number; count: number }>('/notifications/read', body);
}

/** The unread count: live, since the socket events set it (NotificationBell). */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ queryKey: unreadNotificationsKey, queryFn: fetchUnreadNotifications, enabled, staleTime: 60_000 });
}

/** The list, a page at a time (the panel shows the first page, the page loads more). */
export function useNotificationList(limit: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: notificationListKey(limit),
    queryFn: ({ pageParam, signal }) => fetchNotifications(limit, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?.id : undefined),
    enabled,
  });
}

/** Marks read; the cached lists show them read at once and the count follows the server's answer. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ count }, body) => {
      queryClient.setQueryData(unreadNotificationsKey, count);
      const ids = 'ids' in body ? new Set(body.ids) : null;
      for (const query of queryClient.getQueryCache().findAll({ queryKey: [...notificationsKey, 'list'] })) {
        queryClient.setQueryData<InfiniteData<NotificationPage>>(query.queryKey, (data) =>
          data
            ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n)) })) }
            : data,
        );
      }
    },
  });
}

/** GET/PATCH /api/notifications/preferences: which kinds also come by e-mail. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: ({ signal }) => api.get<NotificationPreferences>('/notifications/preferences', { signal }),
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: Partial<Record<NotificationKind, boolean>>) => api.patch<NotificationPreferences>('/notifications/preferences', { email }),
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesKey, preferences),
  });
}
