import { Box, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SiteSearch } from '@/components/SiteSearch';
import { useTranslation } from '@/lib/i18n';
import { ToothIllustration } from './ToothIllustration';
import classes from './Hero.module.css';

/** The first screen: what Cusp is, a search of the services, and the calls to action (visitors also get "Register as Designer"). */
export function Hero({ showRegister }: { showRegister: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="lg" py={{ base: 48, md: 88 }}>
        <Grid align="center" gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Text tt="uppercase" fw={700} size="sm" className={classes.eyebrow}>
                {t('home.hero.eyebrow')}
              </Text>
              <Title order={1} id="hero-title" className={classes.title}>
                {t('home.hero.title')}
              </Title>
              <Text size="lg" className={classes.subtitle}>
                {t('home.hero.subtitle')}
              </Text>
              <SiteSearch size="lg" label={t('home.hero.search')} className={classes.search} />
              <Group gap="md" mt="sm">
                {showRegister ? (
                  <Button component={Link} to="/register" size="lg" variant="white">
                    {t('home.hero.registerDesigner')}
                  </Button>
                ) : null}
                <Button component={Link} to="/designers" size="lg" variant="outline" className={classes.secondary}>
                  {t('home.hero.findDesigners')}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <ToothIllustration className={classes.illustration} />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
