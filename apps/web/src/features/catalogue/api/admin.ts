import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CurrentUser, Service } from '@/lib/domain';

export type DesignerStatus = 'pending' | 'verified' | 'all';

export interface SupportTicket {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  createdAt: string;
}

const adminKeys = {
  designers: (status: DesignerStatus) => ['admin', 'designers', status] as const,
  services: ['admin', 'services'] as const,
  tickets: ['admin', 'tickets'] as const,
};

export function useAdminDesigners(status: DesignerStatus) {
  return useQuery({
    queryKey: adminKeys.designers(status),
    queryFn: ({ signal }) => api.get<CurrentUser[]>(`/admin/designers?status=${status}&limit=100`, { signal }),
  });
}

export function useSetVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isVerified }: { id: string; isVerified: boolean }) =>
      api.patch<CurrentUser>(`/admin/users/${encodeURIComponent(id)}`, { isVerified }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'designers'] }),
  });
}

export function useAdminServices() {
  return useQuery({
    queryKey: adminKeys.services,
    queryFn: ({ signal }) => api.get<Service[]>('/admin/services?limit=100&sort=createdAt', { signal }),
  });
}

export function useSetHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api.patch<void>(`/admin/services/${encodeURIComponent(id)}`, { hidden }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.services });
      await queryClient.invalidateQueries({ queryKey: ['services'] });
    },
  });
}

export function useTickets() {
  return useQuery({
    queryKey: adminKeys.tickets,
    queryFn: ({ signal }) => api.get<SupportTicket[]>('/admin/tickets?limit=100', { signal }),
  });
}
