import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceCreateInput, ServiceSort } from '@cusp/shared';
import { api, type Page } from '@/lib/api';
import type { Service, ServiceDetail } from '@/lib/domain';

export const SERVICES_PAGE_SIZE = 24;

/** Filters of `GET /gigs` and `GET /services` (docs/product.md §7.3); prices in major units. */
export interface ServiceFilters {
  cat?: string;
  search?: string;
  min?: number;
  max?: number;
  /** Absent with a search: by relevance (the server's default then). */
  sort?: ServiceSort;
  userId?: string;
  /** What a service designs (docs/product.md §7.1): codes of RESTORATIONS, MATERIALS, SOFTWARE. */
  restoration?: string;
  material?: string;
  software?: string;
}

export const servicesKeys = {
  all: ['services'] as const,
  list: (path: '/gigs' | '/services', filters: ServiceFilters) => ['services', 'list', path, filters] as const,
  detail: (id: string) => ['services', 'detail', id] as const,
};

export function toQueryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

/** One page of services; `/gigs` is the filtered list (docs/product.md §15.4), `/services` also takes userId. */
export function fetchServices(path: '/gigs' | '/services', filters: ServiceFilters, offset: number, signal?: AbortSignal) {
  const query = toQueryString({ ...filters, limit: SERVICES_PAGE_SIZE, offset });
  return api.getPage<Service>(`${path}?${query}`, { signal });
}

const loadedCount = (pages: Page<unknown>[]) => pages.reduce((sum, page) => sum + page.items.length, 0);

/** A service list with "Load more" (the X-Total-Count header says when everything is loaded). */
export function servicesQueryOptions(path: '/gigs' | '/services', filters: ServiceFilters) {
  return infiniteQueryOptions({
    queryKey: servicesKeys.list(path, filters),
    queryFn: ({ pageParam, signal }) => fetchServices(path, filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = loadedCount(pages);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
}

export function useServices(path: '/gigs' | '/services', filters: ServiceFilters) {
  return useInfiniteQuery(servicesQueryOptions(path, filters));
}

export function serviceQueryOptions(id: string) {
  return queryOptions({
    queryKey: servicesKeys.detail(id),
    queryFn: ({ signal }) => api.get<ServiceDetail>(`/services/single/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useService(id: string) {
  return useQuery(serviceQueryOptions(id));
}

/** What the wizard sends: the create schema's fields (an edit sends them all again). */
export type ServicePayload = ServiceCreateInput;

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServicePayload) => api.post<Service>('/services', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.all }),
  });
}

export function useUpdateService(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ServicePayload>) => api.patch<Service>(`/services/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.all }),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/services/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKeys.all }),
  });
}
