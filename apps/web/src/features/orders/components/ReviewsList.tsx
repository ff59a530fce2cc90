import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { FormMessage } from '@/components/FormMessage';
import { formatDate } from '@/lib/format';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { userName } from '@/lib/user-name';
import type { ReviewsFilter } from '../api/keys';
import { useReviews } from '../api/reviews';
import { Stars } from './Stars';

/**
 * Buyers' reviews (docs/product.md §5.7), newest first: of one service (its detail page) or of every service of one
 * designer (the profile's Reviews tab, which names the service of each review).
 */
export function ReviewsList({ filter }: { filter: ReviewsFilter }) {
  const { t, locale } = useI18n();
  const reviews = useReviews(filter);
  const showService = 'userId' in filter;

  if (reviews.isPending) return <PageLoader label={t('orders.reviews.loading')} />;
  if (reviews.isError) return <FormMessage tone="error">{t('orders.reviews.failed')}</FormMessage>;
  const items = reviews.data;
  if (items.length === 0) return <Text c="dimmed">{t('orders.reviews.empty')}</Text>;

  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('orders.reviews.listLabel')}>
      {items.map((review) => (
        <Paper component="li" key={review._id} withBorder radius="md" p="md" data-testid="review">
          <Stack gap={6}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={review.buyer.image || DEFAULT_AVATAR} alt="" size={32} radius="xl" />
                <Stack gap={0}>
                  <Text fw={600} size="sm" dir="auto">
                    {userName(t, review.buyer.username)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(review.createdAt, locale)}
                  </Text>
                </Stack>
              </Group>
              <Stars value={review.star} />
            </Group>
            {showService ? (
              <Anchor component={Link} to={`/services/${review.serviceId}`} size="sm" fw={600}>
                {review.serviceTitle}
              </Anchor>
            ) : null}
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} dir="auto">
              {review.desc}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
