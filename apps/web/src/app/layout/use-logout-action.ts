import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { useLogout } from '@/features/auth';
import { notifyError } from '@/lib/notify';

/** Logout from a menu: end the session, then go home; say so if the server could not be reached. */
export function useLogoutAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () => notifyError(t('nav.logoutFailed')),
    });
}
