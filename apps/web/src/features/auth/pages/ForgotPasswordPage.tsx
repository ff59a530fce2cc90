import { useTranslation } from '@/lib/i18n';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      pageTitle={t('auth.forgot.pageTitle')}
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={<AuthSwitchLink label={t('auth.forgot.backToLogin')} to="/login" />}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
