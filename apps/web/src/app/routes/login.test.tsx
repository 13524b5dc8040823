import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { getSession } from '@/lib/session';
import { LoginPage } from './login';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

const okUser = {
  _id: 'u1',
  name: 'Paolo Vendite',
  email: 'vendite@cava.example',
  role: 'user',
  companyId: 'c1',
  permissions: { dashboard: true, collaudi: true },
  active: true,
  accessToken: 'jwt-new-session',
};

type Handler = (url: string, init?: RequestInit) => Response;
let loginAnswer: Handler;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) {
    const bearer = new Headers(init?.headers).get('Authorization');
    return Promise.resolve(jsonResponse({ csrfToken: bearer ? 'session-token' : 'anon-token' }));
  }
  if (url.endsWith('/user/logo')) return Promise.resolve(jsonResponse({ logoUrl: null }));
  if (url.endsWith('/user/login')) return Promise.resolve(loginAnswer(url, init));
  return Promise.resolve(jsonResponse({ message: 'non previsto' }, 404));
});

function renderLogin(path = '/auth/login') {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/app/*', element: <Where /> },
    ],
    path,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('asks for email and password in Italian before calling the server', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText("Inserisci l'email")).toBeInTheDocument();
    expect(screen.getByText('Inserisci la password')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/user/login'))).toBe(false);
  });

  it("shows the server's message for a wrong password and stays on the page", async () => {
    loginAnswer = () =>
      jsonResponse(
        { success: false, message: 'Credenziali non valide', code: 'UNAUTHORIZED' },
        401,
      );
    renderLogin('/auth/login?returnUrl=%2Fapp%2Fbancate');
    await userEvent.type(screen.getByLabelText('Email'), 'vendite@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'sbagliata');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenziali non valide');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(getSession().token).toBeNull();
  });

  it("shows 'Account disattivato'", async () => {
    loginAnswer = () => jsonResponse({ success: false, message: 'Account disattivato' }, 403);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'x@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Cava-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account disattivato');
  });

  it('too many attempts: the message, the wait, and the button disabled', async () => {
    loginAnswer = () =>
      jsonResponse(
        { message: 'Troppi tentativi di accesso: riprova più tardi', code: 'RATE_LIMITED' },
        429,
        {
          'Retry-After': '125',
        },
      );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'x@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Troppi tentativi di accesso: riprova più tardi');
    expect(alert).toHaveTextContent(/Potrai riprovare tra 2 min 05 s/);
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
  });

  it('success: stores the session, fetches a session-bound anti-forgery token, goes to returnUrl', async () => {
    loginAnswer = () => jsonResponse({ success: true, user: okUser });
    renderLogin('/auth/login?returnUrl=%2Fapp%2Fpages%2Fcollaudi');
    await userEvent.type(screen.getByLabelText('Email'), 'vendite@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Cava-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/app/pages/collaudi');
    expect(getSession().token).toBe('jwt-new-session');
    expect(getSession().user?.email).toBe('vendite@cava.example');
    expect(window.localStorage.getItem('csrfToken')).toBe('session-token');
    const loginCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/user/login'));
    expect(new Headers(loginCall?.[1]?.headers).get('X-CSRF-Token')).toBe('anon-token');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      email: 'vendite@cava.example',
      password: 'Cava-Demo-2026',
    });
  });

  it("a new session shows nothing an earlier one left cached in this tab (another tab's logout ended it)", async () => {
    loginAnswer = () => jsonResponse({ success: true, user: okUser });
    const { queryClient } = renderLogin();
    queryClient.setQueryData(['blocchi', 'list', 'admin di prima'], { items: ['un blocco'] });
    await userEvent.type(screen.getByLabelText('Email'), 'vendite@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Cava-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/app/dashboard');
    expect(queryClient.getQueryData(['blocchi', 'list', 'admin di prima'])).toBeUndefined();
  });

  it('without returnUrl (or with a foreign one) goes to the dashboard', async () => {
    loginAnswer = () => jsonResponse({ success: true, user: okUser });
    renderLogin('/auth/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await userEvent.type(screen.getByLabelText('Email'), 'vendite@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Cava-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/dashboard'));
  });

  it('an answer without success is a failed login', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loginAnswer = () => jsonResponse({ success: false });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'vendite@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Cava-Demo-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Risposta del server non valida');
    expect(getSession().token).toBeNull();
    spy.mockRestore();
  });

  it('offline: says the login needs the network and does not send it; back online it can', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    loginAnswer = () => jsonResponse({ success: true, user: okUser });
    renderLogin();
    expect(await screen.findByTestId('login-offline')).toHaveTextContent(
      "Sei offline: l'accesso richiede la connessione. Le azioni già in attesa restano sul dispositivo.",
    );
    await userEvent.type(screen.getByLabelText('Email'), 'vendite@cava.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Cava-Demo-2026');
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/login'))).toBe(false);

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('login-offline')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/app/dashboard'));
  });
});
