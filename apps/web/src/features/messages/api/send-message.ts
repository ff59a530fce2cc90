import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment, SendMessageInput } from '@cusp/shared';
import { api, ApiError } from '@/lib/api';
import { getSocket } from '@/lib/socket';
import { withMessages, withPending, withoutPending, type ChatHistory, type ChatMessage } from '../lib/chat';
import { conversationsQueryKey, messagesQueryKey } from './keys';
import type { CurrentUser, Message } from '@/lib/domain';
import { fromWire } from '@/lib/wire';

export interface SendMessageBody {
  conversationId: string;
  description: string;
  clientId: string;
  attachments: Attachment[];
}

/** How long to wait for the server's acknowledgement before calling the send failed. */
export const ACK_TIMEOUT_MS = 10_000;

/**
 * Sends over the socket with an acknowledgement when it is connected, else POST /api/messages.
 * Either way the server stores the message once per clientId, so a retry is safe (docs/product.md §9.2).
 */
export async function sendMessage({ conversationId, ...message }: SendMessageBody): Promise<Message> {
  const wire: SendMessageInput = { conversationID: conversationId, ...message };
  const socket = getSocket();
  if (socket?.connected) {
    const ack = fromWire(await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('message:send', wire));
    if (!ack.ok) throw new ApiError(400, ack.message, ack.code ?? 'REJECTED');
    return ack.message;
  }
  return api.post<Message>('/messages', wire);
}

/**
 * docs/product.md §9.2: the message shows at once as pending, the stored one replaces it, a failure
 * takes it away again (the earlier list comes back); the conversation list is then refreshed.
 */
export function useSendMessage(me: CurrentUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: async (body) => {
      const key = messagesQueryKey(body.conversationId);
      // Not loaded yet: nothing to show it in; onSuccess has the chat loaded again.
      if (!queryClient.getQueryData(key)) return;
      await queryClient.cancelQueries({ queryKey: key });
      const pending: ChatMessage = {
        id: `pending-${body.clientId}`,
        conversationId: body.conversationId,
        user: { id: me.id, username: me.username },
        description: body.description.trim(),
        clientId: body.clientId,
        attachments: body.attachments,
        role: me.isDesigner ? 'designer' : 'user',
        event: null,
        createdAt: new Date().toISOString(),
        isOptimistic: true,
      };
      queryClient.setQueryData<ChatHistory>(key, (history) => withPending(history, pending));
    },
    onSuccess: (message, body) => {
      const key = messagesQueryKey(body.conversationId);
      // A first page asked for before the message was stored may miss it: ask again.
      if (!queryClient.getQueryData(key)) return void queryClient.invalidateQueries({ queryKey: key, exact: true });
      queryClient.setQueryData<ChatHistory>(key, (history) => withMessages(history, [message]));
    },
    onError: (_, body) => {
      queryClient.setQueryData<ChatHistory>(messagesQueryKey(body.conversationId), (history) => withoutPending(history, body.clientId));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}
