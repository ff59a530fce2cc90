import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@cusp/shared';
import { meQueryKey } from '@/features/auth';
import { api } from '@/lib/api';
import type { MoneyBalance } from '@/lib/domain';

/**
 * `DELETE /api/account` `{ password }`: the person is signed out and every cached answer of theirs forgotten.
 * `onDeleted` runs here rather than in `mutate`'s options, which would not run once the page unmounts.
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: (message: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountInput) => api.delete<{ message: string }>('/account', body),
    onSuccess: (data) => {
      // First leave the page (it is for members), then forget the session: the page is gone by then.
      onDeleted(data.message);
      queryClient.setQueryData(meQueryKey, null);
      const kept = new Set<unknown>([meQueryKey[0], 'config']);
      queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
    },
  });
}

/**
 * What keeps the account from being deleted when the server answers ACCOUNT_MONEY_TO_WITHDRAW (docs/decisions/0051):
 * read afresh, so the dialog names the amounts in the reader's language and format.
 */
export function moneyToWithdraw(): Promise<MoneyBalance> {
  return api.get<MoneyBalance>('/orders/balance');
}
