import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { DEMO_USERS } from '@/test/fixtures';
import { clearSession, setSession } from '@/lib/session';
import type { PageRule } from '@/lib/permissions';
import { RequirePage, RequireToken } from './guards';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAt(path: string, rule: PageRule) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      { path: '/auth/login', element: <Where /> },
      {
        path: '/app',
        element: <RequireToken />,
        children: [
          {
            path: 'page',
            element: <RequirePage rule={rule} />,
            children: [{ index: true, element: <p>contenuto protetto</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('guards (docs/api.md "Who may call what")', () => {
  it('/app without a token goes to /auth/login with the returnUrl', () => {
    clearSession();
    renderAt('/app/page?x=1', { page: 'dashboard' });
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/auth/login?returnUrl=%2Fapp%2Fpage%3Fx%3D1',
    );
  });

  it('a token but no stored user goes to /auth/login', () => {
    window.localStorage.setItem('token', 'abc');
    renderAt('/app/page', { page: 'dashboard' });
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/login');
  });

  it('dashboard is allowed to every user', () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderAt('/app/page', { page: 'dashboard' });
    expect(screen.getByText('contenuto protetto')).toBeInTheDocument();
  });

  it('without the page permission the user goes to /', () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderAt('/app/page', { page: 'collaudi' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('with the permission the page shows; admins pass everywhere', () => {
    setSession(DEMO_USERS.vendite, 'token-2');
    renderAt('/app/page', { page: 'collaudi' });
    expect(screen.getByText('contenuto protetto')).toBeInTheDocument();
  });

  it('admin-only pages refuse a plain user and admit an admin', () => {
    setSession(DEMO_USERS.vendite, 'token-2');
    renderAt('/app/page', 'admin');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('admin passes an admin rule', () => {
    setSession(DEMO_USERS.admin, 'token-3');
    renderAt('/app/page', 'admin');
    expect(screen.getByText('contenuto protetto')).toBeInTheDocument();
  });
});
