import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationJson } from '@cusp/shared';
import { api } from '@/lib/api';
import { markedRead } from '../lib/chat';
import { conversationsQueryKey, unreadCountQueryKey } from './keys';

/** PATCH /api/conversations/{id}: marks the conversation read for the caller (204). */
export function markConversationRead(conversationId: string): Promise<void> {
  return api.patch<void>(`/conversations/${encodeURIComponent(conversationId)}`, {});
}

export function useMarkRead(meId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, conversationId) => {
      queryClient.setQueryData<ConversationJson[]>(conversationsQueryKey, (list) =>
        list?.map((c) => (c._id === conversationId ? markedRead(c, meId) : c)),
      );
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
