import { useMutation } from '@tanstack/react-query';
import type { SupportTicketInput } from '@cusp/shared';
import { api } from '@/lib/api';

/** Creates a support ticket (docs/product.md §11.1); the server also e-mails the support address. */
export function createTicket(body: SupportTicketInput): Promise<{ id: string }> {
  return api.post<{ _id: string }>('/support/tickets', body);
}

export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket });
}
