import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { RegisterForm } from '../components/RegisterForm';

/** Registration does not log in: the new user goes on to /login. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard
      pageTitle={t('auth.register.pageTitle')}
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={<AuthSwitchLink question={t('auth.register.haveAccount')} label={t('auth.register.loginLink')} to="/login" />}
    >
      <RegisterForm
        onSuccess={() => {
          notifySuccess(t('auth.register.success'));
          navigate('/login');
        }}
      />
    </AuthCard>
  );
}
