import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationJson } from '@cusp/shared';
import { api } from '@/lib/api';
import { conversationsQueryKey } from './keys';

/** GET /api/conversations: the caller's conversations, newest first. */
export function fetchConversations({ signal }: { signal?: AbortSignal } = {}): Promise<ConversationJson[]> {
  return api.get<ConversationJson[]>('/conversations', { signal });
}

export const conversationsQueryOptions = queryOptions({ queryKey: conversationsQueryKey, queryFn: fetchConversations });

export function useConversations() {
  return useQuery(conversationsQueryOptions);
}
