import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '@/features/auth';
import { useSocketConnect, useSocketEvent, useSocketLifecycle } from '@/lib/socket';
import { fetchMessages } from '../api/messages';
import { conversationsQueryKey, messagesQueryKey } from '../api/keys';
import { CATCH_UP_LIMIT, lastConfirmedId, withMessages, type ChatHistory } from '../lib/chat';
import type { Message } from '@/lib/domain';

/**
 * Mounted once in the navbar: opens the session's socket while a user is logged in and keeps the
 * cached conversations, unread count and chats in step with the server's events.
 */
export function MessagesRealtime() {
  const { user } = useMe();
  const queryClient = useQueryClient();
  useSocketLifecycle(user?.id ?? null);

  useSocketEvent('message:received', (message: Message) => {
    queryClient.setQueryData<ChatHistory>(messagesQueryKey(message.conversationId), (history) => withMessages(history, [message]));
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  });

  useSocketEvent('conversation:read', () => {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  });

  // After a reconnect: what was missed meanwhile (docs/product.md §9.2). Open chats fetch only what follows their
  // last stored message, in its place (before anything delivered live since); chats not on screen,
  // and chats that missed more than one catch-up holds, load their latest page again.
  useSocketConnect(() => {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['messages'] })) {
      const [, conversationId] = query.queryKey as [string, string];
      const history = query.state.data as ChatHistory | undefined;
      const after = lastConfirmedId(history?.messages);
      const reload = () => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      if (!query.isActive() || !after) {
        reload();
        continue;
      }
      fetchMessages(conversationId, { after, limit: CATCH_UP_LIMIT }).then((missed) => {
        if (missed.length >= CATCH_UP_LIMIT) return reload();
        queryClient.setQueryData<ChatHistory>(query.queryKey, (current) => withMessages(current, missed, { after }));
      }, reload);
    }
  });

  return null;
}
