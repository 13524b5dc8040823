import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEMO_USERS } from '@/test/fixtures';
import { clearSession, setSession } from '@/lib/session';
import { RequirePage, ToLanding } from '../guards';
import { LandingPage } from './landing';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ToLanding /> },
      { path: '/landing', element: <LandingPage /> },
      {
        path: '/app/pages/collaudi',
        element: <RequirePage rule={{ page: 'collaudi' }} />,
        children: [{ index: true, element: <p>collaudi</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('landing after a refused page (docs/api.md "Who may call what")', () => {
  it('says why and offers the way back to the dashboard', () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    const router = renderAt('/app/pages/collaudi');
    expect(router.state.location.pathname).toBe('/landing');
    expect(screen.getByRole('alert')).toHaveTextContent('Non hai accesso a quella pagina');
    expect(screen.getByRole('link', { name: 'Torna alla dashboard' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
  });

  it('a plain visit shows the public page only', () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderAt('/');
    expect(screen.queryByText(/Non hai accesso/)).not.toBeInTheDocument();
  });

  it('without a session there is nothing to explain', () => {
    clearSession();
    renderAt('/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
