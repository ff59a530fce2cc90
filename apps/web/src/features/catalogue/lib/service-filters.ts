import { useSearchParams } from 'react-router';
import type { ServiceFilters } from '../api/services';
import { isServiceTag } from './labels';

const toPrice = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
};

/** The list filters kept in the query string (shareable, the back button works). Unknown values are dropped. */
export function readServiceFilters(params: URLSearchParams): ServiceFilters {
  const cat = params.get('cat');
  return {
    cat: isServiceTag(cat) ? cat : undefined,
    search: params.get('search')?.trim() || undefined,
    min: toPrice(params.get('min')),
    max: toPrice(params.get('max')),
    // docs/product.md §7.3: Best Selling is the default
    sort: params.get('sort') === 'createdAt' ? 'createdAt' : 'sales',
  };
}

export type FilterPatch = Partial<Record<'cat' | 'search' | 'min' | 'max' | 'sort' | 'view', string | number | undefined>>;

/** Filters from the URL and a way to change some of them (a new history entry each time). */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (patch: FilterPatch) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return { params, filters: readServiceFilters(params), update };
}
