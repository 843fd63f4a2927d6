import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/auth';
import { loginRedirectFor } from './guards';

/**
 * Keeps the signed-in pages behind a session, also when it ends while a page is open (sign out
 * in another tab, failed refresh).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginRedirectFor(location)} replace />;
  return <Outlet />;
}
