import { Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';

/** For visitors only: a free account and a 30-day free trial of premium services. */
export function SpecialOfferBanner() {
  const { t } = useTranslation();
  return (
    <Container size="lg" mt={{ base: 'xl', md: 48 }} component="section" aria-labelledby="offer-title">
      <Paper radius="lg" p={{ base: 'lg', md: 'xl' }} bg="cusp.0" withBorder>
        <Group justify="space-between" align="center" gap="lg">
          <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: '1 1 28rem' }}>
            <ThemeIcon size={48} radius="xl" variant="filled" aria-hidden>
              <IconGift size={26} />
            </ThemeIcon>
            <Stack gap={6}>
              <Badge variant="light" w="fit-content">
                {t('home.offer.badge')}
              </Badge>
              <Title order={2} fz="h3" id="offer-title">
                {t('home.offer.title')}
              </Title>
              <Text>{t('home.offer.text')}</Text>
            </Stack>
          </Group>
          <Button component={Link} to="/register" size="md">
            {t('home.offer.cta')}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
