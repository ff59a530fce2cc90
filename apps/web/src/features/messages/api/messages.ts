import { useQuery } from '@tanstack/react-query';
import type { MessageJson } from '@cusp/shared';
import { api } from '@/lib/api';
import type { ChatMessage } from '../lib/chat';
import { messagesQueryKey } from './keys';

/**
 * GET /api/messages/{id}: the latest messages in ascending order, or, with `after`, the ones stored
 * after that message (the catch-up after a reconnect).
 */
export function fetchMessages(conversationId: string, { after, signal }: { after?: string; signal?: AbortSignal } = {}) {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return api.get<MessageJson[]>(`/messages/${encodeURIComponent(conversationId)}${query}`, { signal });
}

export function useMessages(conversationId: string) {
  return useQuery<ChatMessage[]>({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ signal }) => fetchMessages(conversationId, { signal }),
    // Kept fresh by the socket; a refetch on focus would only repeat what it delivered.
    staleTime: Infinity,
  });
}
