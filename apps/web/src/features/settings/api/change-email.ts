import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput } from '@cusp/shared';
import { api } from '@/lib/api';
import { accountQueryKey } from './account';

/** `POST /api/account/email`: a link goes to the new address; the account shows it as pending. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailInput) => api.post<{ message: string; pendingEmail: string }>('/account/email', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
