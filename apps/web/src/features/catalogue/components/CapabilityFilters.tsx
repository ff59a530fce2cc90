import { Select, type SelectProps } from '@mantine/core';
import { useI18n } from '@/lib/use-i18n';
import { useDentalLabels } from '@/features/orders';
import type { ServiceFilters } from '../api/services';
import type { FilterPatch } from '../lib/service-filters';

/**
 * Filters by what a service designs (docs/product.md §7.3): restoration, material and CAD software, each "any" when
 * empty. Each list is `w` wide: by default the whole row on a phone, 210px from a tablet up.
 */
export function CapabilityFilters({ filters, onChange, w = { base: '100%', sm: 210 } }: { filters: ServiceFilters; onChange: (patch: FilterPatch) => void; w?: SelectProps['w'] }) {
  const { t } = useI18n();
  const dental = useDentalLabels();
  const select = (key: 'restoration' | 'material' | 'software', label: string, any: string, options: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={[{ value: '', label: any }, ...options]}
      value={filters[key] ?? ''}
      onChange={(value) => onChange({ [key]: value || undefined })}
      allowDeselect={false}
      searchable={options.length > 6}
      w={w}
    />
  );
  return (
    <>
      {select('restoration', t('catalogue.capabilities.restorations'), t('catalogue.capabilities.anyRestoration'), dental.options.restorations())}
      {select('material', t('catalogue.capabilities.materials'), t('catalogue.capabilities.anyMaterial'), dental.options.materials())}
      {select('software', t('catalogue.capabilities.software'), t('catalogue.capabilities.anySoftware'), dental.options.software)}
    </>
  );
}
