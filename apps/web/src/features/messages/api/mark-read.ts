import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { markedRead } from '../lib/chat';
import { conversationsQueryKey, unreadCountQueryKey } from './keys';
import type { Conversation } from '@/lib/domain';

/** PATCH /api/conversations/{id}: marks the conversation read for the caller (204). */
export function markConversationRead(conversationId: string): Promise<void> {
  return api.patch<void>(`/conversations/${encodeURIComponent(conversationId)}`, {});
}

export function useMarkRead(meId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, conversationId) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (list) =>
        list?.map((c) => (c.id === conversationId ? markedRead(c, meId) : c)),
      );
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
