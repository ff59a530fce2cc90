import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface PlatformConfig {
  currency: string;
  platformName: string;
}

/** Used until GET /config answers (and if it cannot): the defaults of DECISIONS D11. */
export const DEFAULT_CONFIG: PlatformConfig = { currency: 'USD', platformName: 'Cusp' };

export const configQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => api.get<PlatformConfig>('/config', { signal }),
  staleTime: Infinity,
});

/** The platform's settings (its one currency, D11). */
export function usePlatformConfig(): PlatformConfig {
  const { data } = useQuery(configQueryOptions);
  return data ?? DEFAULT_CONFIG;
}
