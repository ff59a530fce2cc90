import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@cusp/shared';
import { api } from '@/lib/api';
import { sessionsQueryKey } from './sessions';

/** `POST /api/account/password`: the other sessions end, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api.post<{ message: string; endedSessions: number }>('/account/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
