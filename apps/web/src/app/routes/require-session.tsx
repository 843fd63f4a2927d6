import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth';
import { sessionEndedByLearner } from '../../lib/session';
import { loginRedirectFor } from './guards';

/**
 * Keeps the signed-in pages behind a session, also when it ends while a page is open (sign out
 * in another tab, failed refresh, a session ended on the server): sign in again and come back.
 * A learner who signed out here goes to /login itself.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const to = sessionEndedByLearner() ? paths.auth.login.getHref() : loginRedirectFor(location);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
