import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DdtRef } from '@gestcava/contracts';
import { DEMO_USERS } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { CreaDdtButton } from './crea-ddt';
import { DdtRefs } from './ddt-refs';

const emesso: DdtRef = { _id: 'd2', numero: 5, anno: 2026, data: '2026-11-12', stato: 'emesso' };
const annullato: DdtRef = {
  _id: 'd1',
  numero: 4,
  anno: 2026,
  data: '2026-11-10',
  stato: 'annullato',
};
const conSpedizioni = {
  ...DEMO_USERS.magazzino,
  permissions: { ...DEMO_USERS.magazzino.permissions, spedizioni: true },
};

describe('the DDTs a shipped item left with', () => {
  it('each links its Spedizioni page; a cancelled one is struck through and labelled', () => {
    setSession(conSpedizioni, 'token-1');
    renderRoutes([{ path: '/', element: <DdtRefs ddt={[annullato, emesso]} /> }], '/');
    expect(screen.getByRole('heading', { name: 'Documenti di trasporto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DDT 5/2026 del 12/11/26' })).toHaveAttribute(
      'href',
      '/app/pages/spedizioni/d2',
    );
    const cancelled = screen.getByTestId('ddt-ref-annullato');
    expect(cancelled).toHaveTextContent('DDT 4/2026 del 10/11/26 (annullato)');
    expect(cancelled.querySelector('s a')).toHaveAttribute('href', '/app/pages/spedizioni/d1');
  });

  it('names them without a link for who cannot open Spedizioni; nothing without a DDT', () => {
    const { spedizioni: _, ...senzaSpedizioni } = DEMO_USERS.magazzino.permissions;
    setSession({ ...DEMO_USERS.magazzino, permissions: senzaSpedizioni }, 'token-1');
    const { unmount } = renderRoutes([{ path: '/', element: <DdtRefs ddt={[emesso]} /> }], '/');
    expect(screen.getByTestId('ddt-ref-emesso')).toHaveTextContent('DDT 5/2026 del 12/11/26');
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    renderRoutes([{ path: '/', element: <DdtRefs ddt={[]} /> }], '/');
    expect(screen.queryByTestId('ddt-refs')).toBeNull();
  });
});

describe('«Crea DDT»', () => {
  it('opens Nuovo DDT for the party with the items ticked', async () => {
    setSession(conSpedizioni, 'token-1');
    const { router } = renderRoutes(
      [
        {
          path: '/',
          element: <CreaDdtButton party={{ clienteId: 'c1' }} items={{ pacchi: ['p1'] }} />,
        },
        { path: '/app/pages/spedizioni/nuovo', element: <p>Nuovo DDT</p> },
      ],
      '/',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Crea DDT' }));
    expect(await screen.findByText('Nuovo DDT')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/app/pages/spedizioni/nuovo?clienteId=c1&pacchi=p1',
    );
  });

  it('is not offered to who cannot write on Spedizioni', () => {
    setSession(
      {
        ...DEMO_USERS.magazzino,
        permissions: {
          ...DEMO_USERS.magazzino.permissions,
          spedizioni: { access: true, write: false },
        },
      },
      'token-1',
    );
    renderRoutes(
      [{ path: '/', element: <CreaDdtButton party={{ clienteId: 'c1' }} items={{}} /> }],
      '/',
    );
    expect(screen.queryByRole('button', { name: 'Crea DDT' })).toBeNull();
  });
});
