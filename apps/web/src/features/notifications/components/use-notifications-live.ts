import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { getSocket, useSocket, useSocketConnect, useSocketEvent } from '@/lib/socket';
import { fetchNotifications, notificationsKey, unreadNotificationsKey, useMarkNotificationsRead } from '../api/notifications';
import type { UserNotification } from '@/lib/domain';

/**
 * Keeps the bell live (docs/decisions/0027): `notification:new` sets the unread count and refreshes the lists,
 * `notification:count` (read in another tab) sets the count, a reconnect refetches. Returns the newest arrival,
 * which the bell announces in its live region.
 */
export function useNotificationsLive(): UserNotification | null {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<UserNotification | null>(null);
  useSocketEvent('notification:new', ({ notification, unread }) => {
    queryClient.setQueryData(unreadNotificationsKey, unread);
    void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
    setLatest(notification);
  });
  useSocketEvent('notification:count', ({ count }) => {
    queryClient.setQueryData(unreadNotificationsKey, count);
    void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
  });
  useSocketConnect(() => void queryClient.invalidateQueries({ queryKey: notificationsKey }));
  return latest;
}

/**
 * Opening the thing a notification is about marks it read: on each page, the unread notifications whose link is
 * that page are marked (from the first 50, which is where unread ones are).
 */
export function useMarkReadOnVisit(unread: number) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { mutate } = useMarkNotificationsRead();
  useEffect(() => {
    if (unread === 0) return;
    const controller = new AbortController();
    queryClient
      .fetchQuery({ queryKey: [...notificationsKey, 'visit'], queryFn: ({ signal }) => fetchNotifications(50, undefined, signal), staleTime: 2_000 })
      .then((page) => {
        const ids = page.items.filter((n) => !n.read && n.link === pathname).map((n) => n.id);
        if (ids.length > 0 && !controller.signal.aborted) mutate({ ids });
      })
      .catch(() => undefined);
    return () => controller.abort();
    // Once per page, and again when something new arrives while on it.
  }, [pathname, unread, queryClient, mutate]);
}

const CONVERSATION_PATH = /^\/message\/([0-9a-f-]{36})$/i;

/**
 * Tells the server which conversation this tab shows while it is visible (`conversation:viewing`), so that a
 * message the reader sees arrive makes no notification; null when another page is open or the tab is hidden.
 */
export function useReportViewing() {
  const { pathname } = useLocation();
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const report = () => {
      const open = CONVERSATION_PATH.exec(pathname)?.[1] ?? null;
      getSocket()?.emit('conversation:viewing', { conversationID: document.visibilityState === 'visible' ? open : null });
    };
    report();
    document.addEventListener('visibilitychange', report);
    socket.on('connect', report);
    return () => {
      document.removeEventListener('visibilitychange', report);
      socket.off('connect', report);
      getSocket()?.emit('conversation:viewing', { conversationID: null });
    };
  }, [pathname, socket]);
}
