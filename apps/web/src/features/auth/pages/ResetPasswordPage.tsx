import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { FormMessage } from '@/components/FormMessage';
import { notifySuccess } from '@/lib/notify';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { ResetPasswordForm } from '../components/ResetPasswordForm';

/** The e-mailed link: /reset-password?token=... After the change the user goes to /login. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <AuthCard
      pageTitle={t('auth.reset.pageTitle')}
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={<AuthSwitchLink label={t('auth.reset.backToLogin')} to="/login" />}
    >
      {token ? (
        <ResetPasswordForm
          token={token}
          onSuccess={(message) => {
            notifySuccess(message ?? t('auth.reset.success'));
            navigate('/login', { replace: true });
          }}
        />
      ) : (
        <FormMessage tone="error">
          {t('validation.resetLinkInvalid')}{' '}
          <Anchor component={Link} to="/forgot-password" inherit fw={600}>
            {t('auth.reset.requestNew')}
          </Anchor>
        </FormMessage>
      )}
    </AuthCard>
  );
}
