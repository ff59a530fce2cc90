import type { ReactNode } from 'react';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconMoodEmpty } from '@tabler/icons-react';
import { FormMessage } from '@/components/FormMessage';
import { PageLoader } from '@/components/PageLoader';
import type { Page } from '@/lib/api';
import { useI18n } from '@/lib/use-i18n';

interface PagedGridProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string;
  loadingLabel: string;
  emptyText: string;
  errorText: string;
}

/** A list page by page (docs/product.md §7.3): loader, error, empty state, cards, then "Load more" while X-Total-Count says so. */
export function PagedGrid<T>({ query, renderItem, getKey, loadingLabel, emptyText, errorText }: PagedGridProps<T>) {
  const { t, number } = useI18n();
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) return <FormMessage tone="error">{errorText}</FormMessage>;

  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages.at(-1)?.total ?? items.length;
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl" c="dimmed">
        <IconMoodEmpty size={36} aria-hidden />
        <Text>{emptyText}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </SimpleGrid>
      <Group justify="center" gap="md">
        <Text size="sm" c="dimmed" role="status">
          {t('catalogue.list.showing', { shown: number(items.length), total: number(total) })}
        </Text>
        {query.hasNextPage ? (
          <Button variant="light" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('catalogue.list.loadMore')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
