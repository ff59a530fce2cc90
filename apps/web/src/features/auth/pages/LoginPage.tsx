import { WELCOME_TOAST_MS } from '@cusp/shared';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { LoginForm } from '../components/LoginForm';
import { redirectTarget } from '../lib/redirect';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <AuthCard
      pageTitle={t('auth.login.pageTitle')}
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={<AuthSwitchLink question={t('auth.login.noAccount')} label={t('auth.login.registerLink')} to="/register" />}
    >
      <LoginForm
        onSuccess={() => {
          notifySuccess(t('auth.login.welcome'), WELCOME_TOAST_MS);
          navigate(redirectTarget(location), { replace: true });
        }}
      />
    </AuthCard>
  );
}
