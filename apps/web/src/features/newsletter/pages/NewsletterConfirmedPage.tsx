import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';

/**
 * Where the newsletter's confirmation link ends (ADR 0021): GET /api/newsletter/confirm confirms the
 * address and redirects here, with `?invalid=1` when the link was unknown, spent or expired.
 */
export function NewsletterConfirmedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invalid = params.has('invalid');
  usePageTitle(t('newsletter.pageTitle'));
  return (
    <Container size="sm" py={{ base: 64, md: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t(invalid ? 'newsletter.invalidTitle' : 'newsletter.confirmedTitle')}</Title>
        <Text c="dimmed" size="lg">
          {t(invalid ? 'newsletter.invalidText' : 'newsletter.confirmedText')}
        </Text>
        <Button component={Link} to="/" size="md">
          {t('newsletter.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
