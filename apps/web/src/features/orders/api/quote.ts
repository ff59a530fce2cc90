import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ServiceIntentInput } from '@cusp/shared';
import { api } from '@/lib/api';
import type { OrderQuote } from '@/lib/domain';

/** Waits until `value` has not changed for `ms` (its JSON compared), so typing does not send a request per key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * `POST /api/payments/quote`: what the order would cost, priced by the server with the intent's own checks
 * (docs/product.md §5.1). Asked again as the body changes (after a short pause); `null` asks nothing.
 */
export function useQuote(body: ServiceIntentInput | null, delayMs = 250) {
  const settled = useSettled(body, delayMs);
  return useQuery({
    queryKey: ['orders', 'quote', settled] as const,
    queryFn: ({ signal }) => api.post<OrderQuote>('/payments/quote', settled, { signal }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
