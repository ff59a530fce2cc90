import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '@/features/auth';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';
import { accountQueryKey } from '../api/account';

type Status = 'changed' | 'invalid' | 'taken';
const statusOf = (value: string | null): Status => (value === 'changed' || value === 'taken' ? value : 'invalid');

/**
 * Where the change-of-e-mail link ends (ADR 0032): GET /api/account/email/confirm changes the address
 * and redirects here with `?status=changed`, or `invalid` (unknown, used or expired) or `taken`.
 */
export function EmailConfirmedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const queryClient = useQueryClient();
  usePageTitle(t('settings.confirmed.pageTitle'));
  useEffect(() => {
    // A signed-in tab shows the new address from now on.
    if (status === 'changed') void queryClient.invalidateQueries({ queryKey: meQueryKey }).then(() => queryClient.invalidateQueries({ queryKey: accountQueryKey }));
  }, [status, queryClient]);
  return (
    <Container size="sm" py={{ base: 64, md: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t(`settings.confirmed.${status}Title`)}</Title>
        <Text c="dimmed" size="lg">
          {t(`settings.confirmed.${status}Text`)}
        </Text>
        <Button component={Link} to="/settings#email" size="md">
          {t('settings.confirmed.toSettings')}
        </Button>
      </Stack>
    </Container>
  );
}
