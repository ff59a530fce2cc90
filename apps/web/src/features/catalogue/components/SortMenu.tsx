import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

type Sort = 'sales' | 'createdAt';

/** docs/product.md §7.3: Best Selling (sales) or Newest (createdAt); choosing one closes the menu. */
export function SortMenu({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  const { t } = useTranslation();
  const options: { value: Sort; label: string }[] = [
    { value: 'sales', label: t('catalogue.gigs.bestSelling') },
    { value: 'createdAt', label: t('catalogue.gigs.newest') },
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
            leftSection={option.value === value ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
            aria-current={option.value === value ? 'true' : undefined}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
