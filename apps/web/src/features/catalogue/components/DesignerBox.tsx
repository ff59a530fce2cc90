import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_AVATAR } from '@/lib/images';
import { useI18n } from '@/lib/use-i18n';
import { useLabels } from '../lib/labels';
import { VerifiedBadge } from './VerifiedBadge';
import type { ServiceDetail } from '@/lib/domain';

/** The designer of a service, from real data (docs/product.md §7.6); fallbacks only where data is missing. */
export function DesignerBox({ service }: { service: ServiceDetail }) {
  const { t, number } = useI18n();
  const labels = useLabels();
  const { designer, user } = service;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="designer-title">
      <Title order={2} size="h4" id="designer-title" mb="md">
        {t('catalogue.detail.designer')}
      </Title>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={user.image || DEFAULT_AVATAR} alt="" size={56} radius="xl" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {user.username || service.username || t('catalogue.detail.fallbackName')}
          </Text>
          <Text size="sm" c="dimmed">
            {designer.role ? labels.role(designer.role) : t('catalogue.detail.fallbackRole')}
          </Text>
          {designer.isVerified ? <VerifiedBadge size="xs" /> : null}
        </Stack>
      </Group>
      <Stack gap={6} mt="md">
        <Group gap={4}>
          <IconStarFilled size={16} aria-hidden color="#b35c00" />
          <Text size="sm">
            {designer.reviews > 0
              ? t('services.rating', {
                  rating: number(designer.rating, { maximumFractionDigits: 1 }),
                  count: designer.reviews,
                  reviews: number(designer.reviews),
                })
              : t('services.noReviews')}
          </Text>
        </Group>
        <Text size="sm">{t('catalogue.detail.completed', { count: designer.completedOrders })}</Text>
      </Stack>
      <Button component={Link} to={`/profile/${user.id}`} variant="light" mt="md" fullWidth>
        {t('catalogue.detail.viewProfile')}
      </Button>
    </Card>
  );
}
