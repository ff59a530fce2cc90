import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';
import { useLabels } from '../lib/labels';
import type { Profile } from '@/lib/domain';

function Box({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div">
        {children}
      </Text>
    </Paper>
  );
}

/** Rating, Experience and Price Range, from real data (docs/product.md §7.6). */
export function ProfileStatBoxes({ profile }: { profile: Profile }) {
  const { t, money, number } = useI18n();
  const labels = useLabels();
  const { currency } = usePlatformConfig();
  const { rating, reviews, priceRange } = profile.stats;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Box label={t('catalogue.profile.rating')}>
        {reviews > 0 ? (
          <>
            {t('catalogue.profile.ratingValue', { rating: number(rating, { maximumFractionDigits: 1 }) })}{' '}
            <Text span size="sm" c="dimmed" fw={400}>
              ({t('catalogue.profile.reviewCount', { count: reviews })})
            </Text>
          </>
        ) : (
          t('services.noReviews')
        )}
      </Box>
      <Box label={t('catalogue.profile.experience')}>{profile.experience ? labels.experience(profile.experience) : t('catalogue.profile.notSet')}</Box>
      <Box label={t('catalogue.profile.priceRange')}>
        {priceRange ? (
          t('catalogue.profile.priceRangeValue', { min: money(priceRange.min, currency), max: money(priceRange.max, currency) })
        ) : (
          <>
            <span aria-hidden>—</span>
            <VisuallyHidden>{t('catalogue.profile.noPriceRange')}</VisuallyHidden>
          </>
        )}
      </Box>
    </SimpleGrid>
  );
}
