import { Anchor, Box, Container, Divider, Grid, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { TranslationKey } from '@/lib/i18n';
import { Link } from 'react-router';
import { NewsletterForm } from '@/features/newsletter';
import { usePlatformConfig } from '@/lib/config';
import { formatYear, isolateLtr } from '@/lib/format';
import { useI18n } from '@/lib/use-i18n';
import classes from './Footer.module.css';

/** Only pages that exist in Cusp (docs/product.md §3.1). */
const GROUPS: readonly { title: TranslationKey; links: readonly { to: string; label: TranslationKey }[] }[] = [
  {
    title: 'footer.company',
    links: [
      { to: '/about', label: 'footer.about' },
      { to: '/privacy-policy', label: 'footer.privacy' },
    ],
  },
  {
    title: 'footer.help',
    links: [
      { to: '/support', label: 'footer.support' },
      { to: '/support', label: 'footer.contact' },
    ],
  },
  {
    title: 'footer.marketplace',
    links: [
      { to: '/designers', label: 'footer.designers' },
      { to: '/gigs', label: 'footer.services' },
      { to: '/courses', label: 'footer.courses' },
    ],
  },
];

export function Footer() {
  const { t, locale, currencySymbol } = useI18n();
  const { currency } = usePlatformConfig();

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py={48}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Stack gap={6}>
                <Text fw={800} fz="xl" c="cusp.9">
                  {t('app.name')}
                </Text>
                <Text size="sm" c="dimmed" maw={360}>
                  {t('footer.tagline')}
                </Text>
              </Stack>
              <NewsletterForm />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <nav aria-label={t('footer.label')}>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg">
                {GROUPS.map((group) => (
                  <Stack key={group.title} gap="xs">
                    <Title order={2} fz="sm" tt="uppercase" c="gray.8">
                      {t(group.title)}
                    </Title>
                    <Stack component="ul" gap={6} className={classes.list}>
                      {group.links.map((link) => (
                        <li key={link.label}>
                          <Anchor component={Link} to={link.to} size="sm" c="gray.9">
                            {t(link.label)}
                          </Anchor>
                        </li>
                      ))}
                    </Stack>
                  </Stack>
                ))}
              </SimpleGrid>
            </nav>
          </Grid.Col>
        </Grid>
        <Divider my="lg" />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: formatYear(new Date(), locale) })}
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconWorld size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              <VisuallyHidden component="span">{t('footer.regionLabel')}: </VisuallyHidden>
              {t('footer.region', { code: isolateLtr(`${currency} ${currencySymbol(currency)}`, locale) })}
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
