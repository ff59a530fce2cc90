import { Avatar, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DESIGNER_CARD_MAX_TAGS } from '@cusp/shared';
import { LinkCard, LinkCardTitle, RatingStar } from '@/components/LinkCard';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { useLabels } from '../lib/labels';
import { VerifiedBadge } from './VerifiedBadge';
import type { DesignerSummary } from '@/lib/domain';

/** A designer on the browse page: at most 5 tags, then '+N' (docs/product.md §13). */
export function DesignerCard({ designer }: { designer: DesignerSummary }) {
  const { t, number } = useI18n();
  const labels = useLabels();
  const shown = designer.tags.slice(0, DESIGNER_CARD_MAX_TAGS);
  const hidden = designer.tags.length - shown.length;
  const { rating, reviews } = designer.stats;

  return (
    <LinkCard padding="lg">
      <Stack gap="sm" align="center" ta="center">
        <Avatar src={designer.image || DEFAULT_AVATAR} alt="" size={72} radius="xl" />
        <LinkCardTitle to={`/profile/${designer.id}`} fw={700} size="lg">
          {designer.username}
        </LinkCardTitle>
        {designer.isVerified ? <VerifiedBadge size="xs" /> : null}
        {designer.role ? (
          <Text size="sm" c="dimmed">
            {labels.role(designer.role)}
          </Text>
        ) : null}
        <Group gap={4} wrap="nowrap">
          <RatingStar />
          <Text size="sm">
            {reviews > 0
              ? t('services.rating', { rating: number(rating, { maximumFractionDigits: 1 }), count: reviews, reviews: number(reviews) })
              : t('services.noReviews')}
          </Text>
        </Group>
        {shown.length > 0 ? (
          <Group gap={6} justify="center">
            {shown.map((tag) => (
              <Badge key={tag} variant="light" color="gray" c="dark.6">
                {labels.specialization(tag)}
              </Badge>
            ))}
            {hidden > 0 ? (
              <Badge variant="outline" color="gray" c="dark.6">
                <span aria-hidden>+{number(hidden)}</span>
                <VisuallyHidden>{t('catalogue.moreTags', { count: hidden })}</VisuallyHidden>
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </LinkCard>
  );
}
