import { WELCOME_TOAST_MS } from '@cusp/shared';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { LoginForm } from '../components/LoginForm';
import { loginReason, redirectTarget } from '../lib/redirect';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor sent here from a members' page (a service card, an order link) is told why.
  const reason = loginReason(redirectTarget(location));

  return (
    <AuthCard
      pageTitle={t('auth.login.pageTitle')}
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={<AuthSwitchLink question={t('auth.login.noAccount')} label={t('auth.login.registerLink')} to="/register" />}
    >
      {reason ? (
        <Alert role="status" color="cusp" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t(`auth.login.reason.${reason}`)}
        </Alert>
      ) : null}
      <LoginForm
        onSuccess={() => {
          notifySuccess(t('auth.login.welcome'), WELCOME_TOAST_MS);
          navigate(redirectTarget(location), { replace: true });
        }}
      />
    </AuthCard>
  );
}
