import { useState } from 'react';
import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { ActionIcon, Button, Container, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSparkles } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { Link } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { usePlatformConfig } from '@/lib/config';
import { useI18n } from '@/lib/use-i18n';
import { useLatestServices } from '../api/latest-services';
import { ServiceCard } from './ServiceCard';

/** Embla's `duration` is not in ms; 19 settles a slide move in about 500 ms at 60 fps (SPEC.md section 9). */
const SLIDE_DURATION = 19;

/**
 * The home page's 'Latest Services': at most 10 cards, 4 per view (2 under 1024 px, 1 under 768 px).
 * No services yet, or a failed load (only logged per SPEC.md section 8), shows a friendly empty state.
 */
export function LatestServicesSlider() {
  const { t } = useI18n();
  const { currency } = usePlatformConfig();
  const { data: services, isPending } = useLatestServices();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const hasServices = !!services && services.length > 0;

  return (
    <Container size="lg" py={{ base: 48, md: 72 }} component="section" aria-labelledby="latest-title">
      <Group justify="space-between" align="flex-end" mb="xl" wrap="nowrap">
        <Stack gap="xs">
          <Title order={2} id="latest-title">
            {t('home.latest.title')}
          </Title>
          <Text c="dimmed" size="lg">
            {t('home.latest.subtitle')}
          </Text>
        </Stack>
        {/* Arrows above the cards rather than over them; embla follows the page direction. */}
        {hasServices ? (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('home.promo.previous')} onClick={() => embla?.scrollPrev()}>
              <IconChevronLeft size={18} aria-hidden className="rtl-flip" />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('home.promo.next')} onClick={() => embla?.scrollNext()}>
              <IconChevronRight size={18} aria-hidden className="rtl-flip" />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {isPending ? (
        <PageLoader label={t('home.latest.loading')} />
      ) : hasServices ? (
        <Carousel
          getEmblaApi={setEmbla}
          withControls={false}
          slideSize={{ base: '100%', sm: '50%', md: '25%' }}
          slideGap="md"
          emblaOptions={{ align: 'start', containScroll: 'trimSnaps', duration: SLIDE_DURATION }}
        >
          {services.map((service) => (
            <Carousel.Slide key={service._id} aria-label={service.title}>
              <ServiceCard service={service} currency={currency} />
            </Carousel.Slide>
          ))}
        </Carousel>
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
