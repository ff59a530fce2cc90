import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PROMO_CAROUSEL_INTERVAL_MS } from '@cusp/shared';
import { Carousel } from '@/components/Carousel';
import { useI18n } from '@/lib/use-i18n';
import classes from './PromoCarousel.module.css';

const SLIDES = [
  { id: 'learn', to: '/courses', tone: classes.learn },
  { id: 'master', to: '/designers', tone: classes.master },
] as const;

/**
 * Two promo slides that advance every 5 s and wrap around (docs/product.md §3.3); arrows, dots and a
 * pause button. Hovering pauses it; people who ask for reduced motion get a still carousel they can
 * still move by hand.
 */
export function PromoCarousel() {
  const { t, number } = useI18n();

  return (
    <Container size="lg" mt={{ base: 'xl', md: 48 }}>
      <Carousel
        label={t('home.promo.label')}
        slideLabel={(index, total) => t('home.promo.slide', { number: number(index + 1), total: number(total) })}
        labels={{
          previous: t('home.promo.previous'),
          next: t('home.promo.next'),
          goTo: (index) => t('home.promo.goTo', { number: number(index + 1) }),
          pause: t('home.promo.pause'),
          play: t('home.promo.play'),
        }}
        loop
        autoplay={PROMO_CAROUSEL_INTERVAL_MS}
        viewportClassName={classes.viewport}
      >
        {SLIDES.map((slide) => (
          <Box key={slide.id} className={`${classes.slide} ${slide.tone}`}>
            <Stack gap="md" maw={560}>
              <Title order={2} className={classes.title}>
                {t(`home.promo.${slide.id}.title`)}
              </Title>
              <Text size="lg" className={classes.text}>
                {t(`home.promo.${slide.id}.text`)}
              </Text>
              <Button component={Link} to={slide.to} variant="white" size="md" w="fit-content">
                {t(`home.promo.${slide.id}.cta`)}
              </Button>
            </Stack>
          </Box>
        ))}
      </Carousel>
    </Container>
  );
}
