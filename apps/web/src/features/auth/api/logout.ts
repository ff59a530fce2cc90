import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryKey } from './me';

export function logout(): Promise<void> {
  return api.post<void>('/auth/logout');
}

/** Ends the session and forgets every cached answer that belonged to it. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      const kept = new Set<unknown>([meQueryKey[0], 'config']);
      queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
    },
  });
}
