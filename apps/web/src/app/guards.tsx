import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isAllowed, type PageRule } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { loginPath, type NoAccessState } from './paths';

/**
 * /app: only a stored token is checked (docs/api.md "Who may call what"); without it, the login page and back here.
 * A user holding a temporary password (an admin's reset) must replace it first.
 */
export function RequireToken() {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  if (user?.mustChangePassword) {
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth/change-password?returnUrl=${back}`} replace />;
  }
  return <Outlet />;
}

/**
 * A page: no stored user → /auth/login; no permission → / (docs/api.md "Who may call what"), whose landing then says why. 'dashboard' is always
 * allowed and admins everywhere, through `can`.
 */
export function RequirePage({ rule }: { rule: PageRule }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (!isAllowed(user, rule)) {
    const state: NoAccessState = { noAccess: location.pathname };
    return <Navigate to="/" replace state={state} />;
  }
  return <Outlet />;
}

/** / shows the landing; the router state goes along (a refused page's path, for the landing to say why). */
export function ToLanding() {
  const { state } = useLocation();
  return <Navigate to="/landing" replace state={state} />;
}

/** /c/<codice>, a label's QR code: the same code page inside the app, where the token guard brings a logged-out user back after the login. */
export function ToAppCode() {
  const { codice = '' } = useParams();
  return <Navigate to={`/app/c/${encodeURIComponent(codice)}`} replace />;
}
