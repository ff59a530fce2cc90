import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface PlatformConfig {
  currency: string;
  platformName: string;
}

/** Used until GET /config answers (and if it cannot): the defaults of docs/product.md §6.1. */
export const DEFAULT_CONFIG: PlatformConfig = { currency: 'USD', platformName: 'Cusp' };

export const configQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => api.get<PlatformConfig>('/config', { signal }),
  staleTime: Infinity,
});

/** The platform's settings (its one currency, docs/product.md §6.1). */
export function usePlatformConfig(): PlatformConfig {
  const { data } = useQuery(configQueryOptions);
  return data ?? DEFAULT_CONFIG;
}
