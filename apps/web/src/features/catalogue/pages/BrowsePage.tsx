import { Button, Container, Group, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconHome, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useDesigners } from '../api/designers';
import { CapabilityFilters } from '../components/CapabilityFilters';
import { CategorySelect } from '../components/CategorySelect';
import { DesignerCard } from '../components/DesignerCard';
import { PagedGrid } from '../components/PagedGrid';
import { SearchBox } from '../components/SearchBox';
import { ServiceGrid } from '../components/ServiceGrid';
import { isSpecialization, useLabels } from '../lib/labels';
import { useUrlFilters } from '../lib/service-filters';
import type { DesignerSummary } from '@/lib/domain';

type View = 'designers' | 'services';
const VIEWS: readonly View[] = ['designers', 'services'];

/** `?view=` accepts only 'designers' and 'services' (docs/product.md §3.5); anything else is designers. */
export function readView(value: string | null): View {
  return VIEWS.includes(value as View) ? (value as View) : 'designers';
}

function DesignerResults({ search, tag }: { search?: string; tag?: string }) {
  const { t } = useI18n();
  const query = useDesigners({ search, tag });
  return (
    <PagedGrid<DesignerSummary>
      query={query}
      getKey={(designer) => designer.id}
      renderItem={(designer) => <DesignerCard designer={designer} />}
      loadingLabel={t('catalogue.browse.loadingDesigners')}
      emptyText={t('catalogue.browse.noDesigners')}
      errorText={t('catalogue.browse.error')}
    />
  );
}

/** `/designers`: browse designers or services, with search and a category filter in the URL. */
export function BrowsePage() {
  const { t } = useI18n();
  const labels = useLabels();
  const { params, filters, update } = useUrlFilters();
  const view = readView(params.get('view'));
  const designerTag = params.get('cat');
  usePageTitle(t('catalogue.browse.title'));

  const switchView = (next: string) => update({ view: next, cat: undefined, restoration: undefined, material: undefined, software: undefined });

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} style={{ flex: '1 1 20rem' }}>
            <Title order={1}>{t('catalogue.browse.title')}</Title>
            <Text c="dimmed">{t('catalogue.browse.subtitle')}</Text>
          </Stack>
          <Group gap="sm">
            <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} aria-hidden />}>
              {t('catalogue.browse.home')}
            </Button>
            <Button component={Link} to="/designers/create" leftSection={<IconUserPlus size={18} aria-hidden />}>
              {t('catalogue.browse.becomeDesigner')}
            </Button>
          </Group>
        </Group>
        <Stack gap={4}>
          <VisuallyHidden id="view-label">{t('catalogue.browse.view')}</VisuallyHidden>
          <SegmentedControl
            aria-labelledby="view-label"
            value={view}
            onChange={switchView}
            data={[
              { value: 'designers', label: t('catalogue.browse.designers') },
              { value: 'services', label: t('catalogue.browse.services') },
            ]}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <Group align="flex-end" gap="md">
          <SearchBox
            label={view === 'designers' ? t('catalogue.browse.searchDesigners') : t('catalogue.browse.searchServices')}
            placeholder={view === 'designers' ? t('catalogue.browse.designersPlaceholder') : undefined}
            value={filters.search ?? ''}
            onSearch={(search) => update({ search })}
          />
          {view === 'designers' ? (
            <CategorySelect
              value={isSpecialization(designerTag) ? designerTag : undefined}
              options={labels.specializationOptions}
              onChange={(cat) => update({ cat })}
            />
          ) : (
            <>
              <CategorySelect value={filters.cat} options={labels.tagOptions} onChange={(cat) => update({ cat })} />
              <CapabilityFilters filters={filters} onChange={update} />
            </>
          )}
        </Group>
        {view === 'designers' ? (
          <DesignerResults search={filters.search} tag={isSpecialization(designerTag) ? designerTag : undefined} />
        ) : (
          <ServiceGrid
            path="/services"
            filters={{ cat: filters.cat, search: filters.search, restoration: filters.restoration, material: filters.material, software: filters.software }}
            errorText={t('catalogue.browse.error')}
          />
        )}
      </Stack>
    </Container>
  );
}
