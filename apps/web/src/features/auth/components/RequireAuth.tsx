import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { useMe } from '../api/me';
import { loginPathFor, type FromState } from '../lib/redirect';

/**
 * Guards the protected routes: a loader while the session check runs, /login for a visitor
 * (remembering the page in state and in ?redirect=), the page for a logged-in user.
 */
export function RequireAuth() {
  const { user, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!user) {
    const state: FromState = { from: location };
    return <Navigate to={loginPathFor(location)} replace state={state} />;
  }
  return <Outlet />;
}
