import { queryOptions, useQuery } from '@tanstack/react-query';
import { LATEST_SERVICES_MAX } from '@cusp/shared';
import { api } from '@/lib/api';
import type { ServiceSummary } from '../types';

/** The 10 newest services for the home slider. */
export async function fetchLatestServices({ signal }: { signal?: AbortSignal } = {}): Promise<ServiceSummary[]> {
  const services = await api.get<ServiceSummary[]>(`/services?limit=${LATEST_SERVICES_MAX}&sort=createdAt`, { signal });
  return Array.isArray(services) ? services.slice(0, LATEST_SERVICES_MAX) : [];
}

export const latestServicesQueryOptions = queryOptions({
  queryKey: ['services', 'latest'] as const,
  queryFn: ({ signal }) => fetchLatestServices({ signal }),
});

export function useLatestServices() {
  return useQuery(latestServicesQueryOptions);
}
