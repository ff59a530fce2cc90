import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conversationsQueryKey } from './keys';
import type { Conversation } from '@/lib/domain';

/** GET /api/conversations: the caller's conversations, newest first. */
export function fetchConversations({ signal }: { signal?: AbortSignal } = {}): Promise<Conversation[]> {
  return api.get<Conversation[]>('/conversations', { signal });
}

export const conversationsQueryOptions = queryOptions({ queryKey: conversationsQueryKey, queryFn: fetchConversations });

export function useConversations() {
  return useQuery(conversationsQueryOptions);
}
