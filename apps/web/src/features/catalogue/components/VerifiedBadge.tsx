import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

/** docs/product.md §4.7: an administrator has vetted this designer. */
export function VerifiedBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="light" color="ocean" leftSection={<IconRosetteDiscountCheckFilled size={14} aria-hidden />}>
      {t('catalogue.verified')}
    </Badge>
  );
}
