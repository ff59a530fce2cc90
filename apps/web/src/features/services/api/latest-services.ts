import { queryOptions, useQuery } from '@tanstack/react-query';
import { LATEST_SERVICES_MAX } from '@cusp/shared';
import { api, isApiError } from '@/lib/api';
import type { ServiceSummary } from '../types';

/**
 * The newest services for the home slider. Until the services module ships the endpoint answers
 * 404, which simply means "none yet".
 */
export async function fetchLatestServices({ signal }: { signal?: AbortSignal } = {}): Promise<ServiceSummary[]> {
  try {
    const services = await api.get<ServiceSummary[]>(`/services?limit=${LATEST_SERVICES_MAX}`, { signal });
    return Array.isArray(services) ? services.slice(0, LATEST_SERVICES_MAX) : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const latestServicesQueryOptions = queryOptions({
  queryKey: ['services', 'latest'] as const,
  queryFn: ({ signal }) => fetchLatestServices({ signal }),
});

export function useLatestServices() {
  return useQuery(latestServicesQueryOptions);
}
