import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceJson, OrderDetailJson, OrderJson } from '@cusp/shared';
import { api } from '@/lib/api';
import { ordersKeys } from './keys';

/** `GET /api/orders`: the caller's orders on either side (`isSeller` says which), newest first. */
export const ordersQueryOptions = queryOptions({
  queryKey: ordersKeys.list,
  queryFn: ({ signal }) => api.get<OrderJson[]>('/orders', { signal }),
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderDetailJson>(`/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/** A designer's escrow and available balance (`GET /api/orders/balance`). */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: ordersKeys.balance,
    queryFn: ({ signal }) => api.get<BalanceJson>('/orders/balance', { signal }),
    enabled,
  });
}

export type OrderAction = 'deliver' | 'revision' | 'accept' | 'cancel' | 'dispute' | 'dispute/response' | 'partial-refund' | 'partial-refund/accept' | 'partial-refund/decline';

export interface OrderActionBody {
  deliver: { note?: string; files: string[] };
  revision: { note: string; units?: number[] };
  accept: Record<string, never>;
  cancel: { reason?: string };
  dispute: { reason: string; statement: string; files: string[] };
  'dispute/response': { statement: string; files: string[] };
  'partial-refund': { amount: number; note?: string };
  'partial-refund/accept': Record<string, never>;
  'partial-refund/decline': Record<string, never>;
}

/**
 * One life-cycle step (docs/product.md §5.2): `POST /api/orders/{id}/{action}` answers the order as it now is, which
 * replaces the cached detail; the list and the balance change with it.
 */
export function useOrderAction<A extends OrderAction>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderActionBody[A]) => api.post<OrderDetailJson>(`/orders/${encodeURIComponent(id)}/${action}`, body),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.list });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.balance });
    },
  });
}
