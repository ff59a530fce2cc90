import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Billing } from '@/lib/domain';

/** Receipts, credit notes and statement months (ADR 0042). */
export const billingKeys = {
  all: ['billing'] as const,
  item: (itemId: string) => ['billing', itemId] as const,
};

/** `GET /api/billing`: the member's own documents, as buyer or designer, and the months with a statement. */
export function useBilling() {
  return useQuery({ queryKey: billingKeys.all, queryFn: ({ signal }) => api.get<Billing>('/billing', { signal }) });
}

/** `GET /api/billing?itemId=`: the documents of one order or course (none until it is paid). */
export function useItemBilling(itemId: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.item(itemId),
    queryFn: ({ signal }) => api.get<Billing>(`/billing?itemId=${encodeURIComponent(itemId)}`, { signal }),
    enabled,
  });
}

/** A document's PDF in the reader's language. */
export const pdfHref = (url: string, language: string) => `${url}?lang=${language === 'ar' ? 'ar' : 'en'}`;
export const statementHref = (month: string, format: 'pdf' | 'csv', language: string) =>
  format === 'pdf' ? pdfHref(`/api/statements/${month}.pdf`, language) : `/api/statements/${month}.csv`;
