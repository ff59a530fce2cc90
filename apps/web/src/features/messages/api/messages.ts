import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { HISTORY_PAGE_SIZE, latestPage, withEarlier, type ChatHistory } from '../lib/chat';
import { messagesQueryKey } from './keys';
import type { Message } from '@/lib/domain';

export interface MessagesPageQuery {
  /** The messages stored after this one (the catch-up after a reconnect). */
  after?: string;
  /** The messages just before this one (an earlier page of the history). */
  before?: string;
  /** At most this many (the server's default is 200). */
  limit?: number;
  signal?: AbortSignal;
}

/**
 * GET /api/messages/{id}: a page of the conversation in ascending order: the latest messages, or,
 * with `after`, the ones stored after that message, or, with `before`, the ones just before it.
 */
export function fetchMessages(conversationId: string, { after, before, limit, signal }: MessagesPageQuery = {}) {
  const params = new URLSearchParams();
  if (after) params.set('after', after);
  if (before) params.set('before', before);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.toString();
  return api.get<Message[]>(`/messages/${encodeURIComponent(conversationId)}${query ? `?${query}` : ''}`, { signal });
}

/** The chat's history, starting with its latest page; earlier pages come with useEarlierMessages. */
export function useMessages(conversationId: string) {
  return useQuery<ChatHistory>({
    queryKey: messagesQueryKey(conversationId),
    queryFn: async ({ signal }) => latestPage(await fetchMessages(conversationId, { limit: HISTORY_PAGE_SIZE, signal })),
    // Kept fresh by the socket; a refetch on focus would only repeat what it delivered.
    staleTime: Infinity,
  });
}

/** Loads the page before the oldest loaded message (`before` is its id) into the chat's history. */
export function useEarlierMessages(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) => fetchMessages(conversationId, { before, limit: HISTORY_PAGE_SIZE }),
    onSuccess: (page, before) =>
      queryClient.setQueryData<ChatHistory>(messagesQueryKey(conversationId), (history) => withEarlier(history, before, page)),
  });
}
