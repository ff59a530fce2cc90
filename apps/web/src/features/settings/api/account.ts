import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailLanguage } from '@cusp/shared';
import { api } from '@/lib/api';
import type { Account } from '@/lib/domain';

export const accountQueryKey = ['account'] as const;

/** `GET /api/account`: the owner's e-mail, its pending change and the language of e-mails. */
export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKey,
  queryFn: ({ signal }) => api.get<Account>('/account', { signal }),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}

/** `PATCH /api/account` `{ emailLanguage }` */
export function useSetEmailLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailLanguage: EmailLanguage) => api.patch<Account>('/account', { emailLanguage }),
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
