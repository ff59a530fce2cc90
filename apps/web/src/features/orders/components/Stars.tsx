import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';

/** A read-only 1-5 star rating, read out as "Rated 4 out of 5". */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const { t, number } = useI18n();
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={t('orders.review.rated', { star: number(value) })} display="inline-flex">
      {[1, 2, 3, 4, 5].map((star) =>
        star <= value ? (
          <IconStarFilled key={star} size={size} aria-hidden color="#b35c00" />
        ) : (
          <IconStar key={star} size={size} aria-hidden color="#868e96" />
        ),
      )}
    </Group>
  );
}
