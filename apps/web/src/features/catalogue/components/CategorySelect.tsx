import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

interface CategorySelectProps {
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  /** Its width; by default the whole row on a phone, 200px from a tablet up. */
  w?: SelectProps['w'];
}

/** A category filter with "All categories" as its empty choice. */
export function CategorySelect({ value, options, onChange, w = { base: '100%', sm: 200 } }: CategorySelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('catalogue.gigs.category')}
      data={[{ value: '', label: t('catalogue.gigs.allCategories') }, ...options]}
      value={value ?? ''}
      onChange={(next) => onChange(next || undefined)}
      allowDeselect={false}
      w={w}
    />
  );
}
