import { WELCOME_TOAST_MS } from '@cusp/shared';
import { Button, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/FormMessage';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useMessages } from '@/lib/use-messages';
import { useLoginLink } from '../api/login-link';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';

/**
 * The one-time sign-in link mailed past an account's cap of failed sign-ins: /login-link?token=...
 * (docs/decisions/0050). It signs in on a click, not on opening: a mail scanner that opens links must not spend it.
 */
export function LoginLinkPage() {
  const { t } = useTranslation();
  const { failure } = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const signIn = useLoginLink();

  return (
    <AuthCard
      pageTitle={t('auth.loginLink.pageTitle')}
      title={t('auth.loginLink.title')}
      subtitle={t('auth.loginLink.subtitle')}
      footer={<AuthSwitchLink label={t('auth.loginLink.backToLogin')} to="/login" />}
    >
      {token ? (
        <Stack gap="md">
          {signIn.isError ? <FormMessage tone="error">{failure(signIn.error, t('auth.loginLink.failed'))}</FormMessage> : null}
          <Button
            fullWidth
            disabled={signIn.isPending}
            onClick={() =>
              signIn.mutate(token, {
                onSuccess: () => {
                  notifySuccess(t('auth.login.welcome'), WELCOME_TOAST_MS);
                  navigate('/', { replace: true });
                },
              })
            }
          >
            {signIn.isPending ? t('auth.loginLink.submitting') : t('auth.loginLink.submit')}
          </Button>
        </Stack>
      ) : (
        <FormMessage tone="error">{t('auth.loginLink.invalid')}</FormMessage>
      )}
    </AuthCard>
  );
}
