import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useLogout } from '@/features/auth/api/logout';
import { mergeCurrentUser, useSession } from '@/lib/session';
import { webConfig } from '@/lib/config';
import { loginPath, safeReturnUrl } from '../paths';

/**
 * /auth/change-password: after an admin's reset the user holds a temporary password and the
 * server refuses everything else (403 passwordChangeRequired) until it is replaced. The /app
 * guard and the API client send the user here; there is no way on but changing it (or logging out).
 */
export function ChangePasswordRequiredPage() {
  const { token, user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const logout = useLogout();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));

  if (!token || !user) return <Navigate to={loginPath(params.get('returnUrl'))} replace />;
  if (!user.mustChangePassword) return <Navigate to={returnUrl} replace />;

  return (
    <main className="public-page">
      <div className="public-card forced-password-card" data-testid="forced-password">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" className="login-mark" width={48} height={48} />
          <span className="login-product">{webConfig.productName}</span>
        </div>
        <h1 className="login-title">Scegli una nuova password</h1>
        <p className="login-subtitle">
          Ciao {user.name}: stai usando una password temporanea data dall&apos;amministratore. Per
          continuare scegline una nuova, che conoscerai solo tu. Come «Password attuale» scrivi
          quella temporanea.
        </p>
        <ChangePasswordForm
          onChanged={() => {
            mergeCurrentUser({ mustChangePassword: false });
            void navigate(returnUrl, { replace: true });
          }}
        />
        <div className="mt-3 text-center">
          <Button
            type="button"
            label="Esci"
            icon="pi pi-sign-out"
            text
            onClick={() =>
              logout.mutate(undefined, {
                onSettled: () => void navigate('/auth/login', { replace: true }),
              })
            }
            loading={logout.isPending}
          />
        </div>
      </div>
    </main>
  );
}

export const Component = ChangePasswordRequiredPage;
