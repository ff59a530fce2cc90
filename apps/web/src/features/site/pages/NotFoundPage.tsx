import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';

/** /not-found and every unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.pageTitle'));
  return (
    <Container size="sm" py={{ base: 64, md: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={72} lh={1} c="cusp.8">
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('notFound.text')}
        </Text>
        <Button component={Link} to="/" size="md">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
