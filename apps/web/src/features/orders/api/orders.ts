import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUS_LIST, type OrderListQuery, type PinInput, type ReviewChecklistItem } from '@cusp/shared';
import { api } from '@/lib/api';
import { ordersKeys } from './keys';
import type { MoneyBalance, Order, OrderDetail, OrderPin } from '@/lib/domain';

/** The query string of `GET /api/orders` (status, q, sort, limit, offset), without empty values. */
function listSearch(query: OrderListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/orders`: one page of the caller's orders on either side (`isSeller` says which), with the total. */
export function ordersQueryOptions(query: OrderListQuery = {}) {
  return queryOptions({
    queryKey: [...ordersKeys.list, query] as const,
    queryFn: ({ signal }) => api.getPage<Order>(`/orders${listSearch(query)}`, { signal }),
    // While another page or filter loads, the rows on screen stay.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrderListQuery = {}) {
  return useQuery(ordersQueryOptions(query));
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/** A designer's escrow and available balance (`GET /api/orders/balance`). */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: ordersKeys.balance,
    queryFn: ({ signal }) => api.get<MoneyBalance>('/orders/balance', { signal }),
    enabled,
  });
}

export type OrderAction = 'deliver' | 'revision' | 'accept' | 'cancel' | 'extension' | 'extension/accept' | 'extension/decline' | 'dispute' | 'dispute/response' | 'partial-refund' | 'partial-refund/accept' | 'partial-refund/decline' | 'rescan' | 'case-files';

export interface OrderActionBody {
  deliver: { note?: string; files: string[] };
  revision: { note?: string; units?: number[]; pins?: PinInput[]; checklist?: Array<{ item: ReviewChecklistItem; note?: string }> };
  accept: { files?: string[] };
  cancel: { reason?: string };
  extension: { days: number; reason: string };
  'extension/accept': Record<string, never>;
  'extension/decline': Record<string, never>;
  dispute: { reason: string; statement: string; files: string[] };
  'dispute/response': { statement: string; files: string[] };
  'partial-refund': { amount: number; note?: string };
  'partial-refund/accept': Record<string, never>;
  'partial-refund/decline': Record<string, never>;
  rescan: { reason: string };
  'case-files': { files: string[]; note?: string };
}

/**
 * One life-cycle step (docs/product.md §5.2): `POST /api/orders/{id}/{action}` answers the order as it now is, which
 * replaces the cached detail; the list and the balance change with it.
 */
export function useOrderAction<A extends OrderAction>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderActionBody[A]) => api.post<OrderDetail>(`/orders/${encodeURIComponent(id)}/${action}`, body),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.list });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.balance });
    },
  });
}

/** `PATCH /api/orders/{id}/pins/{pinId}`: the designer marks a review pin resolved (docs/decisions/0037); the order is read again. */
export function useResolvePin(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pinId, resolved }: { pinId: string; resolved: boolean }) =>
      api.patch<OrderPin>(`/orders/${encodeURIComponent(orderId)}/pins/${encodeURIComponent(pinId)}`, { resolved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}

/**
 * Live orders (docs/product.md §5.10): the server sends `order:updated` to both parties on every change of an order; the
 * order's page and the lists fetch it again, so nobody reloads to see a delivery or an answer.
 */
export function useInvalidateOrder() {
  const queryClient = useQueryClient();
  return (orderId: string, status?: string) => {
    // The event's status shows at once; the refetch that follows brings the rest (actions, files, history).
    if (status && (ORDER_STATUS_LIST as readonly string[]).includes(status)) {
      queryClient.setQueryData<OrderDetail>(ordersKeys.detail(orderId), (old) => (old ? { ...old, status: status as OrderDetail['status'] } : old));
    }
    void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: ordersKeys.list });
    void queryClient.invalidateQueries({ queryKey: ordersKeys.balance });
  };
}
