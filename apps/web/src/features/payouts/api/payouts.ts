import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetailsInput } from '@cusp/shared';
import { api } from '@/lib/api';
import type { AdminPayout, OrderDetail, Payout, PayoutDetails, Payouts, PlatformTotals } from '@/lib/domain';

/** Payouts and the admin's money pages (docs/product.md §6.6): one place for their queries and mutations. */
export const payoutsKeys = {
  details: ['payouts', 'details'] as const,
  list: ['payouts', 'list'] as const,
  admin: (status: string) => ['admin', 'payouts', status] as const,
  disputes: ['admin', 'disputes'] as const,
  totals: ['admin', 'totals'] as const,
};

/** `GET /api/payouts/details`: the caller's own, masked; null when none are saved. */
export function usePayoutDetails() {
  return useQuery({ queryKey: payoutsKeys.details, queryFn: ({ signal }) => api.get<PayoutDetails | null>('/payouts/details', { signal }) });
}

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => api.put<PayoutDetails>('/payouts/details', body),
    onSuccess: (details) => queryClient.setQueryData(payoutsKeys.details, details),
  });
}

/** `GET /api/payouts`: balance, payouts and the running balance. */
export function usePayouts() {
  return useQuery({ queryKey: payoutsKeys.list, queryFn: ({ signal }) => api.get<Payouts>('/payouts', { signal }) });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api.post<Payout>('/payouts', { amount }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutsKeys.list });
      void queryClient.invalidateQueries({ queryKey: ['orders', 'balance'] });
    },
  });
}

export function useAdminPayouts(status: 'requested' | 'paid' | 'rejected' | 'all') {
  return useQuery({ queryKey: payoutsKeys.admin(status), queryFn: ({ signal }) => api.get<AdminPayout[]>(`/admin/payouts?status=${status}`, { signal }) });
}

export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: { paid: true; reference?: string } | { paid: false; reason: string } }) =>
      decision.paid
        ? api.post<Payout>(`/admin/payouts/${encodeURIComponent(id)}/paid`, decision.reference === undefined ? {} : { reference: decision.reference })
        : api.post<Payout>(`/admin/payouts/${encodeURIComponent(id)}/rejected`, { reason: decision.reason }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] });
      void queryClient.invalidateQueries({ queryKey: payoutsKeys.totals });
    },
  });
}

export function useAdminDisputes() {
  return useQuery({ queryKey: payoutsKeys.disputes, queryFn: ({ signal }) => api.get<OrderDetail[]>('/admin/disputes', { signal }) });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: { outcome: 'release' | 'refund' | 'split'; buyerAmount?: number; designerAmount?: number } }) =>
      api.post<OrderDetail>(`/admin/disputes/${encodeURIComponent(orderId)}/resolve`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutsKeys.disputes });
      void queryClient.invalidateQueries({ queryKey: payoutsKeys.totals });
    },
  });
}

export function usePlatformTotals() {
  return useQuery({ queryKey: payoutsKeys.totals, queryFn: ({ signal }) => api.get<PlatformTotals>('/admin/totals', { signal }) });
}
