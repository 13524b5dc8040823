import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api';
import { webConfig } from '@/lib/config';
import { useHydrated } from '@/lib/hydrated';
import { useOnline } from '@/lib/offline/network';
import { useLogin } from '@/features/auth/api/auth';
import { safeReturnUrl } from '../paths';
import { LoginIcon, LoginLogo } from './login-parts';

const loginFormSchema = z.object({
  email: z.string().trim().min(1, { error: "Inserisci l'email" }).max(254),
  password: z.string().min(1, { error: 'Inserisci la password' }).max(1024),
});
type LoginForm = z.infer<typeof loginFormSchema>;

function formatWait(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** A countdown in seconds (the Retry-After of a 429), ticking every second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState<{ until: number; now: number } | null>(null);
  const until = clock?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock(now >= until ? null : { until, now });
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const remaining = clock ? Math.max(0, Math.ceil((clock.until - clock.now) / 1000)) : 0;
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [remaining, start];
}

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [wait, startWait] = useCountdown();
  // The login needs the server: offline the page says so instead of failing on submit.
  const online = useOnline();
  // Drawn by the build, the form is on screen before its script: submitted then, the browser would
  // send the password in the address. The button waits for the script (and with it Enter).
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    // no default values: when the fields register, react-hook-form then takes what is already in
    // them, typed before the script took the drawn page over, instead of clearing it
  });

  const returnUrl = safeReturnUrl(params.get('returnUrl'));

  const onSubmit = (values: LoginForm) => {
    setServerMessage(null);
    login.mutate(values, {
      onSuccess: () => {
        // docs/api.md "Sessions and anti-forgery": ask for notifications after login (in the background), then go on. Loaded here, not
        // with the page: the login route's JavaScript stays inside docs/quality.md P9.
        void import('@/features/notifications/hooks/use-notifications').then((m) =>
          m.askNotificationsAfterLogin(),
        );
        void navigate(returnUrl, { replace: true });
      },
      onError: (error) => {
        if (isApiError(error)) {
          setServerMessage(error.message);
          if (error.status === 429) {
            startWait(error.retryAfter ?? 60);
          }
        } else {
          setServerMessage('Accesso non riuscito: riprova.');
        }
      },
    });
  };

  const locked = wait > 0;

  return (
    <main className="public-page login-page">
      <div className="public-card login-card">
        <div className="login-brand">
          <LoginLogo />
          <span className="login-product">{webConfig.productName}</span>
        </div>
        <h1 className="login-title">Accedi</h1>
        <p className="login-subtitle">Inserisci le credenziali del tuo account.</p>

        {!online && (
          <div
            className="p-message p-component p-message-warn login-message"
            role="status"
            data-testid="login-offline"
          >
            <div className="p-message-wrapper">
              <LoginIcon name="wifi" className="p-message-icon" />
              <span className="p-message-detail">
                Sei offline: l&apos;accesso richiede la connessione. Le azioni già in attesa restano
                sul dispositivo.
              </span>
            </div>
          </div>
        )}

        {serverMessage && (
          <div
            className="p-message p-component p-message-error login-message"
            role="alert"
            data-testid="login-error"
          >
            <div className="p-message-wrapper">
              <LoginIcon name="times-circle" className="p-message-icon" />
              <span className="p-message-detail">
                {serverMessage}
                {locked && ` Potrai riprovare tra ${formatWait(wait)}.`}
              </span>
            </div>
          </div>
        )}

        <form
          method="post"
          onSubmit={(e) => void handleSubmit(onSubmit)(e)}
          noValidate
          className="login-form"
        >
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <input
              id="login-email"
              type="email"
              autoComplete="username"
              inputMode="email"
              autoFocus
              className={`p-inputtext p-component w-full${errors.email ? ' p-invalid' : ''}`}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'login-email-error' : undefined}
              {...register('email')}
            />
            {errors.email && (
              <small id="login-email-error" className="p-error">
                {errors.email.message}
              </small>
            )}
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <div className="password-field">
              <input
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                className={`p-inputtext p-component w-full${errors.password ? ' p-invalid' : ''}`}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
                {...register('password')}
              />
              <button
                type="button"
                className="password-toggle p-link"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? 'Nascondi la password' : 'Mostra la password'}
                aria-pressed={showPassword}
              >
                <LoginIcon name={showPassword ? 'eye-slash' : 'eye'} />
              </button>
            </div>
            {errors.password && (
              <small id="login-password-error" className="p-error">
                {errors.password.message}
              </small>
            )}
          </div>
          {/* PrimeReact's classes without its JavaScript: the login route stays light (docs/quality.md P9). */}
          <button
            type="submit"
            className="p-button p-component w-full justify-content-center"
            disabled={!hydrated || locked || login.isPending || !online}
            aria-busy={login.isPending}
            data-testid="login-submit"
          >
            <LoginIcon
              name={login.isPending ? 'spinner' : 'sign-in'}
              className={`p-button-icon p-button-icon-left${login.isPending ? ' pi-spin' : ''}`}
            />
            <span className="p-button-label">
              {login.isPending ? 'Accesso in corso...' : 'Accedi'}
            </span>
          </button>
        </form>
        <p className="login-back">
          <Link to="/landing">Torna alla pagina iniziale</Link>
        </p>
      </div>
    </main>
  );
}

export const Component = LoginPage;
