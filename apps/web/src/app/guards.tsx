import { Navigate, Outlet, useLocation } from 'react-router';
import { isAllowed, type PageRule } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { loginPath } from './paths';

/** /app: only a stored token is checked (SPEC §6); without it, the login page and back here. */
export function RequireToken() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}

/**
 * A page: no stored user → /auth/login; no permission → / (SPEC §6). 'dashboard' is always
 * allowed and admins everywhere, through `can`.
 */
export function RequirePage({ rule }: { rule: PageRule }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (!isAllowed(user, rule)) return <Navigate to="/" replace />;
  return <Outlet />;
}
