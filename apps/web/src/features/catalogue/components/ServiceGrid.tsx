import { ServiceCard } from '@/features/services';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';
import { useServices, type ServiceFilters } from '../api/services';
import { PagedGrid } from './PagedGrid';
import type { Service } from '@/lib/domain';

interface ServiceGridProps {
  path: '/gigs' | '/services';
  filters: ServiceFilters;
  errorText?: string;
  emptyText?: string;
}

/** Service cards of a filtered list, with "Load more". */
export function ServiceGrid({ path, filters, errorText, emptyText }: ServiceGridProps) {
  const { t } = useI18n();
  const { currency } = usePlatformConfig();
  const query = useServices(path, filters);
  return (
    <PagedGrid<Service>
      query={query}
      getKey={(service) => service.id}
      renderItem={(service) => <ServiceCard service={service} currency={currency} />}
      loadingLabel={t('catalogue.list.loading')}
      emptyText={emptyText ?? t('catalogue.list.empty')}
      errorText={errorText ?? t('catalogue.list.error')}
    />
  );
}
