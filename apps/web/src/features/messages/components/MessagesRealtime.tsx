import { useQueryClient } from '@tanstack/react-query';
import type { MessageJson } from '@cusp/shared';
import { useMe } from '@/features/auth';
import { useSocketConnect, useSocketEvent, useSocketLifecycle } from '@/lib/socket';
import { fetchMessages } from '../api/messages';
import { conversationsQueryKey } from '../api/keys';
import { lastConfirmedId, mergeMessages, type ChatMessage } from '../lib/chat';

/**
 * Mounted once in the navbar: opens the session's socket while a user is logged in and keeps the
 * cached conversations, unread count and chats in step with the server's events.
 */
export function MessagesRealtime() {
  const { user } = useMe();
  const queryClient = useQueryClient();
  useSocketLifecycle(user?._id ?? null);

  useSocketEvent('message:received', (message: MessageJson) => {
    queryClient.setQueryData<ChatMessage[]>(['messages', message.conversationID], (list) =>
      list ? mergeMessages(list, [message]) : list,
    );
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  });

  useSocketEvent('conversation:read', () => {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  });

  // After a reconnect: what was missed meanwhile (D19). Open chats fetch only what follows their
  // last stored message; chats not on screen are fetched again when they are opened.
  useSocketConnect(() => {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['messages'] })) {
      const [, conversationId] = query.queryKey as [string, string];
      const list = query.state.data as ChatMessage[] | undefined;
      const after = lastConfirmedId(list);
      if (!query.isActive() || !after) {
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        continue;
      }
      fetchMessages(conversationId, { after }).then(
        (missed) => queryClient.setQueryData<ChatMessage[]>(query.queryKey, (current) => mergeMessages(current, missed)),
        () => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      );
    }
  });

  return null;
}
