import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api } from '@/lib/api';
import { getSession, setSession } from '@/lib/session';
import { RequireToken } from '../guards';
import { ChangePasswordRequiredPage } from './change-password-required';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

let changeAnswer: () => Response;
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith('/user/change-password')) return Promise.resolve(changeAnswer());
  if (url.includes('/api/clienti'))
    return Promise.resolve(
      jsonResponse(
        {
          message: 'Devi prima sostituire la password temporanea',
          code: 'FORBIDDEN',
          passwordChangeRequired: true,
        },
        403,
      ),
    );
  return Promise.resolve(jsonResponse({ message: 'non previsto' }, 404));
});

function renderApp(path: string) {
  return renderRoutes(
    [
      { path: '/auth/login', element: <Where /> },
      { path: '/auth/change-password', element: <ChangePasswordRequiredPage /> },
      { path: '/app', element: <RequireToken />, children: [{ path: '*', element: <Where /> }] },
    ],
    path,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  changeAnswer = () => jsonResponse({ success: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('a temporary password must be replaced first', { timeout: 30_000 }, () => {
  it('the /app guard sends the user to the change-password page, which leads back after the change', async () => {
    setSession({ ...DEMO_USERS.vendite, mustChangePassword: true }, 'token-1');
    renderApp('/app/pages/clienti?q=marmi');
    expect(
      await screen.findByRole('heading', { name: 'Scegli una nuova password' }),
    ).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Password attuale'), 'Temp-Pass-123');
    await user.type(screen.getByLabelText('Nuova password'), 'Nuova-Password-2026');
    await user.type(screen.getByLabelText('Conferma nuova password'), 'Nuova-Password-2026');
    await user.click(screen.getByRole('button', { name: 'Cambia password' }));

    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/app/pages/clienti?q=marmi'),
    );
    expect(getSession().user?.mustChangePassword).toBe(false);
  });

  it('a wrong current password stays on the page with the message beside the field', async () => {
    changeAnswer = () =>
      jsonResponse(
        {
          message: 'La password attuale non è corretta',
          code: 'VALIDATION',
          details: [{ path: 'currentPassword', message: 'La password attuale non è corretta' }],
        },
        400,
      );
    setSession({ ...DEMO_USERS.vendite, mustChangePassword: true }, 'token-1');
    renderApp('/auth/change-password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Password attuale'), 'sbagliata');
    await user.type(screen.getByLabelText('Nuova password'), 'Nuova-Password-2026');
    await user.type(screen.getByLabelText('Conferma nuova password'), 'Nuova-Password-2026');
    await user.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(await screen.findByText('La password attuale non è corretta')).toBeInTheDocument();
    expect(getSession().user?.mustChangePassword).toBe(true);
  });

  it('a 403 passwordChangeRequired from any call marks the user, and the guard takes over', async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    renderApp('/app/pages/clienti');
    expect(screen.getByTestId('where')).toHaveTextContent('/app/pages/clienti');
    await expect(api.get('/api/clienti')).rejects.toMatchObject({ status: 403 });
    expect(getSession().user?.mustChangePassword).toBe(true);
    expect(
      await screen.findByRole('heading', { name: 'Scegli una nuova password' }),
    ).toBeInTheDocument();
  });

  it('without a token the page goes to the login', () => {
    renderApp('/auth/change-password');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/login');
  });
});
