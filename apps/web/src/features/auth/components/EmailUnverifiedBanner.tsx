import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useI18n } from '@/lib/use-i18n';
import { useMe } from '../api/me';
import { useResendVerification } from '../api/verify-email';

/**
 * Under the header while the signed-in member's address is unconfirmed (docs/decisions/0050): what waits for it, and
 * "send the link again". Its strings are in the core catalogue, as it shows on every page.
 */
export function EmailUnverifiedBanner() {
  const { t } = useI18n();
  const { user } = useMe();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <Container size="xl" pt="sm">
      <Alert role="status" color="yellow" variant="light" icon={<IconMailExclamation aria-hidden />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('verifyBanner.text', { email: user.email })}</Text>
          {resend.isSuccess ? (
            <Text size="sm" fw={600}>
              {t('verifyBanner.sent')}
            </Text>
          ) : (
            <Button size="xs" variant="default" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? t('verifyBanner.sending') : t('verifyBanner.resend')}
            </Button>
          )}
        </Group>
        {resend.isError ? (
          <Text size="sm" c="red" mt={4} role="alert">
            {t('verifyBanner.failed')}
          </Text>
        ) : null}
      </Alert>
    </Container>
  );
}
