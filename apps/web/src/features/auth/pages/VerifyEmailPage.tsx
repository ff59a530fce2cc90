import { useEffect, useRef } from 'react';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { useTranslation } from '@/lib/i18n';
import { useMessages } from '@/lib/use-messages';
import { useMe } from '../api/me';
import { useResendVerification, useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/AuthCard';

/**
 * The link mailed at sign-up: /verify-email?token=... (docs/decisions/0050). Confirms at once (the token is the
 * proof, signed in or not); a spent link offers a new one to a signed-in member, or the login page otherwise.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { failure } = useMessages();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const { user } = useMe();
  // Once per token, even when React runs the effect twice (development).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <AuthCard pageTitle={t('auth.verify.pageTitle')} title={verify.isSuccess ? t('auth.verify.doneTitle') : failed ? t('auth.verify.failedTitle') : t('auth.verify.pageTitle')}>
      {verify.isSuccess ? (
        <Stack gap="md">
          <FormMessage tone="success">{t('auth.verify.doneText')}</FormMessage>
          <Button component={Link} to="/">
            {t('auth.verify.toHome')}
          </Button>
        </Stack>
      ) : failed ? (
        <Stack gap="md">
          <FormMessage tone="error">{verify.isError ? failure(verify.error, t('auth.verify.failedText')) : t('codes.VERIFY_LINK_INVALID')}</FormMessage>
          {resend.isSuccess ? <FormMessage tone="success">{t('auth.verify.resent')}</FormMessage> : null}
          {resend.isError ? <FormMessage tone="error">{failure(resend.error, t('verifyBanner.failed'))}</FormMessage> : null}
          {user && !user.emailVerified ? (
            <Button onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
              {t('auth.verify.resend')}
            </Button>
          ) : !user ? (
            <Button component={Link} to="/login">
              {t('auth.verify.resendLogin')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{t('auth.verify.pending')}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
