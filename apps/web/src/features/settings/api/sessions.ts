import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AccountSession } from '@/lib/domain';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** `GET /api/account/sessions`: this device first. */
export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: ({ signal }) => api.get<AccountSession[]>('/account/sessions', { signal }),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** `DELETE /api/account/sessions/{id}` */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** `DELETE /api/account/sessions`: every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ ended: number }>('/account/sessions'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
