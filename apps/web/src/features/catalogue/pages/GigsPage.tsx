import { Anchor, Breadcrumbs, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useI18n } from '@/lib/use-i18n';
import { useServices } from '../api/services';
import { BudgetFilter } from '../components/BudgetFilter';
import { CapabilityFilters } from '../components/CapabilityFilters';
import { CategorySelect } from '../components/CategorySelect';
import { SearchBox } from '../components/SearchBox';
import { ServiceGrid } from '../components/ServiceGrid';
import { SortMenu } from '../components/SortMenu';
import { useLabels } from '../lib/labels';
import { useUrlFilters } from '../lib/service-filters';
import classes from './GigsPage.module.css';

/** `/gigs`: the filtered service list; every filter lives in the query string. */
export function GigsPage() {
  const { t } = useI18n();
  const labels = useLabels();
  const { params, filters, update } = useUrlFilters();
  const list = useServices('/gigs', filters);
  const [filtersOpen, { toggle }] = useDisclosure(false);
  const filtersId = useId();

  // The original screens took the first item's category as the title; with no category chosen that names one
  // category over a mixed list, so the title is the chosen category or 'All services' (decision 0009).
  const category = filters.cat;
  const title = category ? labels.tag(category) : t('catalogue.gigs.allServices');
  const total = list.data?.pages.at(-1)?.total;
  // A search that found nothing, with a close spelling that would (`X-Did-You-Mean`, docs/product.md §7.4): offered as a link, the other filters kept.
  const suggestion = total === 0 ? list.data?.pages[0]?.didYouMean : undefined;
  const suggestionParams = new URLSearchParams(params);
  if (suggestion) suggestionParams.set('search', suggestion);
  usePageTitle(title);


  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        <Breadcrumbs component="nav" aria-label={t('catalogue.gigs.breadcrumb')} separatorMargin={6}>
          <Anchor component={Link} to="/" size="sm">
            {t('catalogue.gigs.home')}
          </Anchor>
          <Anchor component={Link} to="/gigs" size="sm">
            {t('catalogue.gigs.services')}
          </Anchor>
          <Text size="sm" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {total !== undefined ? (
              <Text c="dimmed">{t('catalogue.gigs.results', { count: total })}</Text>
            ) : null}
            {suggestion ? (
              <Text>
                {t('catalogue.gigs.didYouMean')}{' '}
                <Anchor component={Link} to={`/gigs?${suggestionParams.toString()}`} fw={600}>
                  {suggestion}
                </Anchor>
              </Text>
            ) : null}
          </Stack>
          <SortMenu value={filters.sort ?? (filters.search ? 'relevance' : 'sales')} searching={!!filters.search} onChange={(sort) => update({ sort })} />
        </Group>
        <Group align="flex-end" gap="md">
          <SearchBox label={t('catalogue.gigs.search')} value={filters.search ?? ''} onSearch={(search) => update({ search })} />
          <Button
            hiddenFrom="sm"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={toggle}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
          >
            {t('catalogue.gigs.filters')}
          </Button>
        </Group>
        {/* Laid out by GigsPage.module.css: each filter fills its cell (w="100%"). */}
        <div id={filtersId} className={classes.filters} data-open={filtersOpen || undefined}>
          <CategorySelect value={filters.cat} options={labels.tagOptions} onChange={(cat) => update({ cat })} w="100%" />
          <CapabilityFilters filters={filters} onChange={update} w="100%" />
          <BudgetFilter min={filters.min} max={filters.max} onApply={(range) => update(range)} />
        </div>
        <ServiceGrid path="/gigs" filters={filters} />
      </Stack>
    </Container>
  );
}
