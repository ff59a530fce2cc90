import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardInput, PaymentIntentInput } from '@cusp/shared';
import { api } from '@/lib/api';
import type { CourseDetail, Order, OrderDetail, PaymentConfig, PaymentIntent, SandboxPay, Service } from '@/lib/domain';

export const paymentsKeys = {
  config: ['payments', 'config'] as const,
  detail: (id: string) => ['payments', 'detail', id] as const,
  item: (type: PayItemType, id: string) => ['payments', 'item', type, id] as const,
};

/** `revision`: one extra revision of an order (docs/product.md §5.4), the order's id in the URL. */
export type PayItemType = 'service' | 'course' | 'revision';

/** What the payment page shows of the item (docs/product.md §3.6). */
export interface PayItem {
  _id: string;
  title: string;
  description: string;
  thumbnail: string | null;
  /** Major units: a service's price per unit or arch, a course's price. */
  price: number;
  /** Services: what the price is for. */
  unitOrArch?: 'unit' | 'arch';
}

async function fetchPayItem(type: PayItemType, id: string, signal?: AbortSignal): Promise<PayItem> {
  if (type === 'revision') {
    // The buyer's own order (403/404 for anyone else): its title, cover and price per extra revision.
    const order = await api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal });
    return { _id: order.id, title: order.title, description: order.number, thumbnail: order.image, price: order.extraRevisionPrice ?? 0 };
  }
  const path = `/${type === 'service' ? 'services' : 'courses'}/${encodeURIComponent(id)}`;
  if (type === 'service') {
    const service = await api.get<Service>(path, { signal });
    return {
      _id: service.id,
      title: service.title,
      description: service.description,
      thumbnail: service.cover,
      price: service.toothPrice,
      unitOrArch: service.unitOrArch,
    };
  }
  const course = await api.get<CourseDetail>(path, { signal });
  return { _id: course.id, title: course.title, description: course.description, thumbnail: course.thumbnail || null, price: course.price };
}

export function usePayItem(type: PayItemType, id: string, enabled: boolean) {
  return useQuery({ queryKey: paymentsKeys.item(type, id), queryFn: ({ signal }) => fetchPayItem(type, id, signal), enabled });
}

export const paymentConfigQueryOptions = queryOptions({
  queryKey: paymentsKeys.config,
  queryFn: ({ signal }) => api.get<PaymentConfig>('/payments/config', { signal }),
  staleTime: Infinity,
});

/** Which card form to show: the built-in sandbox, or a provider's own (docs/product.md §6.2). */
export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}

/** `GET /api/payments/{id}`: the caller's own payment (404 for anyone else's). */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: paymentsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<PaymentIntent>(`/payments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    staleTime: 0,
  });
}

/** `POST /api/payments/intents`: a service order (created in pending_payment) or a course purchase. */
export function useCreateIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentIntentInput) => api.post<PaymentIntent>('/payments/intents', body),
    onSuccess: (intent) => {
      queryClient.setQueryData(paymentsKeys.detail(intent.id), intent);
      if (intent.orderId) void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export type SandboxStatus = SandboxPay['status'];

/** The sandbox card's outcome; `code` says why a card did not pay (PAYMENT_DECLINED, PAYMENT_UNKNOWN_TEST_CARD, PAYMENT_NOT_CONFIRMED). */
export type SandboxPayResult = SandboxPay;

/** The sandbox provider's card charge (docs/product.md §6.2): paid, declined, or a 3-D Secure step first. */
export function useSandboxPay(paymentId: string) {
  return useMutation({
    mutationFn: (card: CardInput) => api.post<SandboxPayResult>(`/payments/${encodeURIComponent(paymentId)}/sandbox-pay`, card),
  });
}

/** The card holder's answer to the sandbox's 3-D Secure step. */
export function useSandboxConfirm(paymentId: string) {
  return useMutation({
    mutationFn: (approve: boolean) =>
      api.post<SandboxPayResult>(`/payments/${encodeURIComponent(paymentId)}/sandbox-confirm`, { approve }),
  });
}

/** `PATCH /api/orders {payment_intent}`: the server checks the payment and starts the order (docs/product.md §6.3). */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntent: string) => api.patch<Order>('/orders', { payment_intent: paymentIntent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
