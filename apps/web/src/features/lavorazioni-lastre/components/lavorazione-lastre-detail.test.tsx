import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LavorazioneLastre } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { LavorazioneLastreDetail } from './lavorazione-lastre-detail';

const ID = '01a20158-6dea-77ef-a7cd-0000000000a1';
const base: LavorazioneLastre = {
  _id: ID,
  codice: 'SG-2026-0007',
  companyId: 'c-segheria',
  blocco: {
    _id: 'b1',
    codice: 'BL-2026-0042',
    origine: 'esterno',
    volumeNetto: 9.207,
    lunghezzaNetta: 310,
    altezzaNetta: 180,
    profonditaNetta: 165,
  },
  materiale: { _id: 'm1', nome: 'Statuario' },
  macchina: { _id: 'k1', nome: 'Telaio 1', kerfMm: 5, rifiloMm: 20 },
  spessoreMm: 20,
  finitura: 'grezzo',
  resinatura: false,
  contoTerzi: false,
  terzista: null,
  dataInizio: null,
  dataFine: null,
  numeroLastre: null,
  mqTotali: null,
  resa: null,
  resaTeorica: 40,
  pacchi: [],
  stato: 'pianificata',
  note: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

let current: LavorazioneLastre = base;
const moves: unknown[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/token') return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.pathname === `/api/lavorazioni-lastre/${ID}`)
    return Promise.resolve(jsonResponse(current));
  if (url.pathname === `/api/lavorazioni-lastre/${ID}/history`)
    return Promise.resolve(jsonResponse([]));
  if (url.pathname === `/api/lavorazioni-lastre/${ID}/stato` && init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { stato: LavorazioneLastre['stato'] };
    moves.push(body);
    current = { ...current, stato: body.stato, dataInizio: '2026-11-21' };
    return Promise.resolve(jsonResponse(current));
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

beforeEach(() => {
  current = base;
  moves.length = 0;
  setSession(DEMO_USERS.segheria, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  renderRoutes(
    [{ path: '/app/pages/lastre/:id', element: <LavorazioneLastreDetail id={ID} /> }],
    `/app/pages/lastre/${ID}`,
  );
}

describe('sawing detail', { timeout: 30_000 }, () => {
  it('planned: start it, then it can be completed or cancelled (after a question)', async () => {
    const user = userEvent.setup({ delay: null });
    renderDetail();
    expect(await screen.findByTestId('lavorazione-stato')).toHaveTextContent('Pianificata');
    // a bought-in block links to the blocchi esterni page
    expect(screen.getByTestId('lavorazione-blocco-link')).toHaveAttribute(
      'href',
      '/app/pages/blocchi-esterni/b1',
    );
    expect(
      within(screen.getByTestId('lavorazione-stato-actions'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Avvia segagione', 'Annulla la segagione']);
    expect(screen.queryByTestId('lavorazione-completa')).toBeNull();

    await user.click(screen.getByTestId('lavorazione-move-in_segagione'));
    await waitFor(() =>
      expect(screen.getByTestId('lavorazione-stato')).toHaveTextContent('In segagione'),
    );
    expect(moves).toEqual([{ stato: 'in_segagione', nota: null }]);
    expect(screen.getByTestId('lavorazione-completa')).toBeInTheDocument();

    await user.click(screen.getByTestId('lavorazione-move-annullata'));
    const confirm = await screen.findByTestId('confirm-lavorazione-annulla');
    expect(confirm).toHaveTextContent('il blocco BL-2026-0042 torna disponibile');
    expect(moves).toHaveLength(1);
    await user.click(screen.getByTestId('confirm-lavorazione-annulla-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('lavorazione-stato')).toHaveTextContent('Annullata'),
    );
    expect(moves[1]).toEqual({ stato: 'annullata', nota: null });
    expect(screen.queryByTestId('lavorazione-stato-actions')).toBeNull();
  });

  it('completed: its figures and the bundles it loaded, linked', async () => {
    current = {
      ...base,
      stato: 'completata',
      dataInizio: '2026-11-20',
      dataFine: '2026-11-21',
      numeroLastre: 12,
      mqTotali: 55.68,
      resa: 6.05,
      pacchi: [
        { _id: 'p1', codice: 'PK-2026-0031', nLastre: 6, mq: 27.84 },
        { _id: 'p2', codice: 'PK-2026-0032', nLastre: 6, mq: 27.84 },
      ],
    };
    renderDetail();
    expect(await screen.findByTestId('lavorazione-stato')).toHaveTextContent('Completata');
    expect(screen.getByTestId('lavorazione-data')).toHaveTextContent('55,68 m²');
    expect(screen.getByTestId('lavorazione-data')).toHaveTextContent('6,05 m²/m³');
    expect(screen.getByTestId('lavorazione-data')).toHaveTextContent('40,00 m²/m³');
    const links = screen.getAllByTestId('lavorazione-pacco-link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/app/pages/magazzino/pacchi/p1',
      '/app/pages/magazzino/pacchi/p2',
    ]);
    expect(screen.queryByTestId('lavorazione-stato-actions')).toBeNull();
  });
});
