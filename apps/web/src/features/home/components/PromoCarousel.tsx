import { useMemo, useState } from 'react';
import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { ActionIcon, Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import Autoplay from 'embla-carousel-autoplay';
import { Link } from 'react-router';
import { PROMO_CAROUSEL_INTERVAL_MS } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import classes from './PromoCarousel.module.css';

const SLIDES = [
  { id: 'learn', to: '/courses', tone: classes.learn },
  { id: 'master', to: '/designers', tone: classes.master },
] as const;

/** Two promo slides that advance every 5 s and wrap around; arrows, dots and a pause button. */
export function PromoCarousel() {
  const { t, number } = useI18n();
  // People who ask for reduced motion get a still carousel they can still move by hand.
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [playing, setPlaying] = useState(!reduceMotion);
  const [autoplay] = useState(() =>
    Autoplay({ delay: PROMO_CAROUSEL_INTERVAL_MS, stopOnInteraction: false, stopOnMouseEnter: true }),
  );
  // Pausing removes the plugin: Autoplay's own stop() would resume on the next mouse leave.
  const plugins = useMemo(() => (playing ? [autoplay] : []), [playing, autoplay]);

  return (
    <Container size="lg" mt={{ base: 'xl', md: 48 }}>
      <Box pos="relative">
        <Carousel
          aria-label={t('home.promo.label')}
          emblaOptions={{ loop: true }}
          plugins={plugins}
          withIndicators
          controlSize={40}
          previousControlProps={{ 'aria-label': t('home.promo.previous') }}
          nextControlProps={{ 'aria-label': t('home.promo.next') }}
          getIndicatorProps={(index) => ({ 'aria-label': t('home.promo.goTo', { number: number(index + 1) }) })}
          classNames={{ indicator: classes.indicator, control: classes.control }}
        >
          {SLIDES.map((slide, index) => (
            <Carousel.Slide
              key={slide.id}
              aria-label={t('home.promo.slide', { number: number(index + 1), total: number(SLIDES.length) })}
            >
              <Box className={`${classes.slide} ${slide.tone}`}>
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
            </Carousel.Slide>
          ))}
        </Carousel>
        <ActionIcon
          className={classes.pause}
          variant="white"
          radius="xl"
          size="lg"
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? t('home.promo.pause') : t('home.promo.play')}
        >
          {playing ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
        </ActionIcon>
      </Box>
    </Container>
  );
}
