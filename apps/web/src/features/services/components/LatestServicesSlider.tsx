import { useDeferredValue, type ReactNode } from 'react';
import { Button, Container, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Carousel } from '@/components/Carousel';
import { PageLoader } from '@/components/PageLoader';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';
import { useLatestServices } from '../api/latest-services';
import { ServiceCard } from './ServiceCard';
import classes from './LatestServicesSlider.module.css';

/** A move of the slider takes 500 ms (docs/product.md §3.3). */
const SLIDE_DURATION_MS = 500;

/**
 * The home page's 'Latest Services': at most 10 cards, 4 per view (2 under 1024 px, 1 under 768 px),
 * with the arrows above the cards. No services yet, or a failed load (only logged, docs/product.md
 * §3.3), shows a friendly empty state.
 */
export function LatestServicesSlider() {
  const { t } = useI18n();
  const { currency } = usePlatformConfig();
  const latest = useLatestServices();
  // The cards arrive after the page is live: a query's update renders in one blocking task, so they
  // render in a deferred render instead, which yields to taps (decision 0019). Until then, the loader.
  const services = useDeferredValue(latest.data);
  const isPending = latest.isPending || services !== latest.data;
  const hasServices = !!services && services.length > 0;

  const heading = (
    <Stack gap="xs">
      <Title order={2} id="latest-title">
        {t('home.latest.title')}
      </Title>
      <Text c="dimmed" size="lg">
        {t('home.latest.subtitle')}
      </Text>
    </Stack>
  );
  const header = (arrows?: ReactNode) => (
    <Group justify="space-between" align="flex-end" mb="xl" wrap="nowrap">
      {heading}
      {arrows}
    </Group>
  );

  if (hasServices) {
    return (
      <Container size="lg" py={{ base: 48, md: 72 }}>
        <Carousel
          labelledBy="latest-title"
          slideLabel={(index) => services[index]?.title ?? ''}
          labels={{ previous: t('home.promo.previous'), next: t('home.promo.next') }}
          duration={SLIDE_DURATION_MS}
          header={header}
          viewportClassName={classes.viewport}
        >
          {services.map((service) => (
            <ServiceCard key={service.id} service={service} currency={currency} />
          ))}
        </Carousel>
      </Container>
    );
  }

  return (
    <Container size="lg" py={{ base: 48, md: 72 }} component="section" aria-labelledby="latest-title">
      {header()}
      {isPending ? (
        <PageLoader label={t('home.latest.loading')} />
      ) : (
        <EmptyState
          variant="light"
          icon={<IconSparkles size={28} aria-hidden />}
          title={t('home.latest.emptyTitle')}
          description={t('home.latest.emptyText')}
          py="xl"
        >
          <Group justify="center" mt="md">
            <Button component={Link} to="/designers" variant="light">
              {t('home.latest.browse')}
            </Button>
          </Group>
        </EmptyState>
      )}
    </Container>
  );
}
