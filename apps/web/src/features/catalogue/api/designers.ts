import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toQueryString } from './services';
import type { DesignerSummary } from '@/lib/domain';

export const DESIGNERS_PAGE_SIZE = 24;

export interface DesignerFilters {
  search?: string;
  tag?: string;
}

export function designersQueryOptions(filters: DesignerFilters) {
  return infiniteQueryOptions({
    queryKey: ['designers', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<DesignerSummary>(
        `/users?${toQueryString({ isDesigner: 'true', ...filters, limit: DESIGNERS_PAGE_SIZE, offset: pageParam })}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
}

/** `GET /users?isDesigner=true` with search and specialization, page by page. */
export function useDesigners(filters: DesignerFilters) {
  return useInfiniteQuery(designersQueryOptions(filters));
}
