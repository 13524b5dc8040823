import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaccoDetail } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { PaccoDetailView } from './pacco-detail';

const lastra = (n: number) => ({
  _id: `l${n}`,
  codice: `BL-2026-0042-00${n}`,
  pacco: { _id: 'p1', codice: 'PK-2026-0031' },
  progressivo: n,
  lunghezzaMm: 3050,
  altezzaMm: 1805,
  spessoreMm: 20,
  finitura: 'grezzo' as const,
  mq: 5.51,
  scelta: 'prima' as const,
  difetti: [],
  ubicazione: null,
  cliente: n === 2 ? { _id: 'cl1', ragioneSociale: 'Stone Design GmbH' } : null,
  scadenzaRiserva: n === 2 ? '2026-12-01' : null,
  stato: n === 2 ? ('riservata' as const) : ('disponibile' as const),
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});
const pacco: PaccoDetail = {
  _id: 'p1',
  codice: 'PK-2026-0031',
  companyId: 'c1',
  blocco: { _id: 'b1', codice: 'BL-2026-0042', origine: 'interno' },
  bancata: { _id: 'ba1', codice: 'BA-2026-0003' },
  cava: { _id: 'c1', nome: 'Canalgrande' },
  lavorazione: { _id: 'sg1', codice: 'SG-2026-0007' },
  trasferitoDa: null,
  materiale: { _id: 'm1', nome: 'Statuario' },
  spessoreMm: 20,
  finitura: 'grezzo',
  resinatura: true,
  scelta: 'prima',
  scelte: [{ scelta: 'prima', lastre: 3 }],
  nLastre: 3,
  lastreDisponibili: 2,
  mq: 16.53,
  pesoT: 0.89,
  ubicazione: { _id: 'u1', nome: 'Cavalletto A' },
  prezzoListino: null,
  note: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  lastre: [lastra(1), lastra(2), lastra(3)],
};
/** The same bundle as received from a group company: the sender's block and sawing are not its rows. */
const ricevuto: PaccoDetail = {
  ...pacco,
  _id: 'p2',
  blocco: null,
  bancata: null,
  cava: null,
  lavorazione: null,
  trasferitoDa: { ditta: 'Marmi Demo S.r.l.', blocco: 'BL-2026-0042' },
};

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/magazzino/pacchi/p1') return Promise.resolve(jsonResponse(pacco));
  if (url.pathname === '/api/magazzino/pacchi/p2') return Promise.resolve(jsonResponse(ricevuto));
  if (/^\/api\/magazzino\/pacchi\/p[12]\/history$/.test(url.pathname))
    return Promise.resolve(jsonResponse([]));
  if (url.pathname === '/api/magazzino/movimenti')
    return Promise.resolve(jsonResponse({ items: [], total: 0, page: 1, limit: 100 }));
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

describe('bundle detail', { timeout: 30_000 }, () => {
  it('its slabs in sawing order and its provenance up to the cava, linked where the user may go', async () => {
    setSession(DEMO_USERS.magazzino, 'token-1');
    renderRoutes(
      [{ path: '/app/pages/magazzino/pacchi/:id', element: <PaccoDetailView id="p1" /> }],
      '/app/pages/magazzino/pacchi/p1',
    );
    const table = await screen.findByTestId('pacco-lastre');
    const rows = within(table).getAllByRole('row').slice(1);
    // the magazzino user may act: a column of checkboxes comes first
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      'BL-2026-0042-001',
      'BL-2026-0042-002',
      'BL-2026-0042-003',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Riservata')).toBeInTheDocument();
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'BL-2026-0042-001' }),
    ).toHaveAttribute('href', '/app/pages/magazzino/lastre/l1');
    expect(screen.getByTestId('pacco-data')).toHaveTextContent('Grezzo di segagione, resinato');
    expect(screen.getByTestId('provenienza-lavorazione')).toHaveAttribute(
      'href',
      '/app/pages/lastre/sg1',
    );
    expect(screen.getByTestId('provenienza')).toHaveTextContent('Canalgrande');
    // the magazzino user has no blocchi or bancate page: the codes are named, not linked
    expect(screen.getByTestId('provenienza-blocco').tagName).toBe('SPAN');
    expect(screen.getByTestId('provenienza-bancata')).toHaveTextContent('BA-2026-0003');
    expect(screen.getByTestId('provenienza-bancata').tagName).toBe('SPAN');
  });

  it('a bundle received from a group company names the sender and its block’s code, nothing of its rows', async () => {
    setSession(DEMO_USERS.magazzino, 'token-1');
    renderRoutes(
      [{ path: '/app/pages/magazzino/pacchi/:id', element: <PaccoDetailView id="p2" /> }],
      '/app/pages/magazzino/pacchi/p2',
    );
    const provenienza = await screen.findByTestId('provenienza');
    expect(provenienza).toHaveTextContent('Trasferito daMarmi Demo S.r.l.');
    expect(provenienza).toHaveTextContent('BloccoBL-2026-0042');
    expect(screen.queryByTestId('provenienza-blocco')).not.toBeInTheDocument();
    expect(screen.queryByTestId('provenienza-lavorazione')).not.toBeInTheDocument();
    expect(provenienza).not.toHaveTextContent('Segagione');
  });

  it('slabs chosen in the table get their own operations; the bundle’s act on its free slabs', async () => {
    setSession(DEMO_USERS.magazzino, 'token-1');
    renderRoutes(
      [{ path: '/app/pages/magazzino/pacchi/:id', element: <PaccoDetailView id="p1" /> }],
      '/app/pages/magazzino/pacchi/p1',
    );
    await screen.findByTestId('pacco-lastre');
    expect(screen.getByTestId('pacco-disponibili')).toHaveTextContent('2 di 3 in giacenza libere');
    expect(screen.getByTestId('pacco-riserva')).toBeInTheDocument();
    // a reserved slab is there: the bundle can release it
    expect(screen.getByTestId('pacco-rilascia')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Scegli BL-2026-0042-001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Scegli BL-2026-0042-002' }));
    expect(screen.getByTestId('pacco-actions')).toHaveTextContent('Selezionate: 2 lastre');
    expect(screen.getByTestId('selezione-vendi')).toBeInTheDocument();
    expect(screen.queryByTestId('pacco-riserva')).not.toBeInTheDocument();
  });

  it('a user who only reads the stock sees no operations', async () => {
    setSession(
      {
        ...DEMO_USERS.magazzino,
        permissions: { 'magazzino-lastre': { access: true, write: false } },
      },
      'token-1',
    );
    renderRoutes(
      [{ path: '/app/pages/magazzino/pacchi/:id', element: <PaccoDetailView id="p1" /> }],
      '/app/pages/magazzino/pacchi/p1',
    );
    await screen.findByTestId('pacco-lastre');
    expect(screen.queryByTestId('pacco-actions')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Scegli BL-2026-0042-001' }),
    ).not.toBeInTheDocument();
  });

  it('a mixed bundle says its grades with their slabs', async () => {
    setSession(DEMO_USERS.magazzino, 'token-1');
    pacco.scelte = [
      { scelta: 'prima', lastre: 2 },
      { scelta: 'seconda', lastre: 1 },
    ];
    renderRoutes(
      [{ path: '/app/pages/magazzino/pacchi/:id', element: <PaccoDetailView id="p1" /> }],
      '/app/pages/magazzino/pacchi/p1',
    );
    expect(await screen.findByTestId('pacco-data')).toHaveTextContent('2 prima · 1 seconda');
    pacco.scelte = [{ scelta: 'prima', lastre: 3 }];
  });
});
