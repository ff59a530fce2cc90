import { useSearchParams } from 'react-router';
import { MATERIALS, RESTORATIONS, SERVICE_SORTS, SOFTWARE, type ServiceSort } from '@cusp/shared';
import { isCode } from '@/lib/codes';
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
  const search = params.get('search')?.trim() || undefined;
  const sort = params.get('sort');
  return {
    cat: isServiceTag(cat) ? cat : undefined,
    search,
    min: toPrice(params.get('min')),
    max: toPrice(params.get('max')),
    // docs/product.md §7.3: Best Selling is the default; with a search, relevance (left to the server, docs/product.md §7.4)
    sort: isSort(sort) && !(sort === 'relevance' && !search) ? sort : search ? undefined : 'sales',
    ...capabilityFilters(params),
  };
}

const isSort = (value: string | null): value is ServiceSort => (SERVICE_SORTS as readonly (string | null)[]).includes(value);

/** `restoration`, `material`, `software` (docs/product.md §7.3): only codes the server knows, as it accepts them. */
export function capabilityFilters(params: URLSearchParams): Pick<ServiceFilters, 'restoration' | 'material' | 'software'> {
  const restoration = params.get('restoration');
  const material = params.get('material');
  const software = params.get('software');
  return {
    ...(isCode(RESTORATIONS, restoration) ? { restoration } : {}),
    ...(isCode(MATERIALS, material) ? { material } : {}),
    ...(isCode(SOFTWARE, software) ? { software } : {}),
  };
}

export type FilterPatch = Partial<
  Record<'cat' | 'search' | 'min' | 'max' | 'sort' | 'view' | 'restoration' | 'material' | 'software', string | number | undefined>
>;

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
