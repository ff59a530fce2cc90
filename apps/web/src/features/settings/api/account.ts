import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountJson, EmailLanguage } from '@cusp/shared';
import { api } from '@/lib/api';

export const accountQueryKey = ['account'] as const;

/** `GET /api/account`: the owner's e-mail, its pending change and the language of e-mails. */
export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKey,
  queryFn: ({ signal }) => api.get<AccountJson>('/account', { signal }),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}

/** `PATCH /api/account` `{ emailLanguage }` */
export function useSetEmailLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailLanguage: EmailLanguage) => api.patch<AccountJson>('/account', { emailLanguage }),
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
