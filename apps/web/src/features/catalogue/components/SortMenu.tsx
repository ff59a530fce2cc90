import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { ServiceSort } from '@cusp/shared';
import { useTranslation } from '@/lib/i18n';

/**
 * docs/product.md §7.3: Best Selling (sales), Newest (createdAt), price both ways and best rated, and
 * Relevance while searching; choosing one closes the menu.
 */
export function SortMenu({ value, searching = false, onChange }: { value: ServiceSort; searching?: boolean; onChange: (sort: ServiceSort) => void }) {
  const { t } = useTranslation();
  const options: { value: ServiceSort; label: string }[] = [
    ...(searching ? [{ value: 'relevance' as const, label: t('catalogue.gigs.relevance') }] : []),
    { value: 'sales', label: t('catalogue.gigs.bestSelling') },
    { value: 'createdAt', label: t('catalogue.gigs.newest') },
    { value: 'price_asc', label: t('catalogue.gigs.priceAsc') },
    { value: 'price_desc', label: t('catalogue.gigs.priceDesc') },
    { value: 'rating', label: t('catalogue.gigs.rating') },
  ];
  const current = options.find((option) => option.value === value) ?? options[0]!;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal={false}>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
          {t('catalogue.gigs.sortBy', { sort: current.label })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((option) => (
          <Menu.Item
            key={option.value}
            onClick={() => onChange(option.value)}
            leftSection={option.value === current.value ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
            aria-current={option.value === current.value ? 'true' : undefined}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
