import { Avatar, Group, Text, VisuallyHidden } from '@mantine/core';
import { LinkCard, LinkCardTitle, RatingStar } from '@/components/LinkCard';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import type { ServiceSummary } from '../types';

interface ServiceCardProps {
  service: ServiceSummary;
  currency: string;
}

/** The rounded average of docs/product.md §5.7 (totalStars / starNumber), 0 without reviews. */
export function cardRating(service: Pick<ServiceSummary, 'totalStars' | 'starNumber'>): number {
  return service.starNumber > 0 ? Math.round(service.totalStars / service.starNumber) : 0;
}

export function ServiceCard({ service, currency }: ServiceCardProps) {
  const { t, money, number } = useI18n();
  const unit = service.unitOrArch === 'arch' ? t('services.perArch') : t('services.perUnit');
  const rating = cardRating(service);

  return (
    <LinkCard cover={{ src: service.cover, ratio: 16 / 10 }}>
      <LinkCardTitle to={`/services/${service.id}`} lineClamp={2}>
        {service.title}
      </LinkCardTitle>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={service.user.image || DEFAULT_AVATAR} alt="" size="sm" />
        <Text size="sm" c="dimmed" truncate>
          {t('services.by', { name: service.user.username })}
        </Text>
      </Group>
      <Group justify="space-between" mt="auto" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <RatingStar />
          <Text size="sm" aria-hidden>
            {number(rating)}
            {service.starNumber > 0 ? ` (${number(service.starNumber)})` : ''}
          </Text>
          <VisuallyHidden>
            {service.starNumber > 0
              ? t('services.rating', { rating: number(rating), count: service.starNumber, reviews: number(service.starNumber) })
              : t('services.noReviews')}
          </VisuallyHidden>
        </Group>
        <Text fw={700} ta="end">
          {money(service.toothPrice, currency)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            {unit}
          </Text>
        </Text>
      </Group>
    </LinkCard>
  );
}
