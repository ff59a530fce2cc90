import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryKey } from './me';
import type { CurrentUser } from '@/lib/domain';

/** `POST /auth/login-link`: signs in with the one-time link mailed past the account's cap (docs/decisions/0050). */
export async function loginWithLink(token: string): Promise<CurrentUser> {
  const { user } = await api.post<{ user: CurrentUser }>('/auth/login-link', { token });
  return user;
}

export function useLoginLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithLink,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
