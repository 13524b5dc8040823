import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BloccoListItem } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { BlocchiList } from './blocchi-list';

const ROW: BloccoListItem = {
  _id: '01a20158-72e3-777b-9974-d1dd9b5b2b98',
  codice: 'BL-2026-0082',
  origine: 'interno',
  bancata: { _id: '01a20158-72da-77ed-9c9e-8fa7d555d019', codice: 'BA-2026-0014' },
  cava: { _id: 'cava-1', nome: 'Canalgrande' },
  fornitore: null,
  numeroFornitore: null,
  dataAcquisto: null,
  materiale: { _id: 'mat-1', nome: 'Arabescato', densita: 2.7 },
  scelta: 'prima',
  categoria: 'semisquadrato',
  difettoso: false,
  lunghezzaNetta: 242,
  altezzaNetta: 162,
  profonditaNetta: 111,
  volumeLordo: 4.853,
  volumeNetto: 4.352,
  // weighed at the quarry's weighbridge: the list shows and sums the weighed tonnes
  peso: { t: 13.42, base: 'pesato' },
  pesoPesa: 13.42,
  dataPesata: '2026-02-03',
  numeroPesata: 'PS-CN-0012',
  ubicazione: { _id: 'ubi-1', nome: 'Piazzale cava' },
  prezzoListino: 2334,
  unitaPrezzo: 'm3',
  cliente: {
    _id: '01a20158-0000-7000-8000-00000000c001',
    ragioneSociale: 'Marmi Apuani Export S.p.A.',
  },
  opzioneScadenza: '2026-12-05',
  stato: 'opzionato',
  createdAt: '2026-09-30T03:41:43.523Z',
};

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = String(input);
  if (url.includes('/api/blocchi/summary'))
    return Promise.resolve(
      jsonResponse({
        count: 1,
        informi: 0,
        volumeLordo: 4.853,
        volumeNetto: 4.352,
        pesoT: 13.42,
        informiT: 0,
      }),
    );
  if (url.includes('/api/blocchi/export'))
    return Promise.resolve(new Response('codice\n', { headers: { 'content-type': 'text/csv' } }));
  if (url.includes('/api/blocchi?') || url.endsWith('/api/blocchi'))
    return Promise.resolve(jsonResponse({ items: [ROW], total: 1, page: 1, limit: 20 }));
  return Promise.resolve(jsonResponse([]));
});
const calledWith = (part: string) =>
  fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes(part));

function renderList(path = '/app/pages/blocchi') {
  return renderRoutes(
    [
      { path: '/app/pages/blocchi', element: <BlocchiList key="blocchi" kind="blocchi" /> },
      {
        path: '/app/pages/blocchi-esterni',
        element: <BlocchiList key="blocchi-esterni" kind="blocchi-esterni" />,
      },
    ],
    path,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('blocchi list', { timeout: 30_000 }, () => {
  it('shows the cliente and the option expiry', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderList();
    expect(await screen.findByRole('columnheader', { name: 'Cliente' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Opzione fino al' })).toBeInTheDocument();
    expect(await screen.findByText('Marmi Apuani Export S.p.A.')).toBeInTheDocument();
    expect(screen.getByText('05/12/26')).toBeInTheDocument();
  });

  it('the Peso column shows the weight its total sums, with its basis', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderList();
    const cell = await screen.findByTitle('13,42 t pesato');
    expect(cell).toHaveTextContent('13,42 t pesato');
    expect(screen.getByRole('columnheader', { name: 'Peso' })).toBeInTheDocument();
    // the weighbridge reading names its ticket
    expect(screen.getByText('bolla n. PS-CN-0012 del 03/02/26')).toBeInTheDocument();
  });

  it('sends the expiring, volume and price filters of the URL', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderList(
      '/app/pages/blocchi?inScadenza=true&volumeMin=2.5&volumeMax=6&prezzoMin=1000&prezzoMax=3000',
    );
    await screen.findByText('BL-2026-0082');
    const listUrl = calledWith('/api/blocchi?')[0] ?? '';
    for (const part of [
      'inScadenza=true',
      'volumeMin=2.5',
      'volumeMax=6',
      'prezzoMin=1000',
      'prezzoMax=3000',
    ])
      expect(listUrl).toContain(part);
    expect(screen.getByLabelText('Opzionati in scadenza')).toBeChecked();
  });

  it('exports with the current filters and the sort on screen', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderList('/app/pages/blocchi?sort=-volumeNetto&inScadenza=true');
    await screen.findByText('BL-2026-0082');
    await userEvent.click(screen.getByRole('button', { name: 'Esporta in CSV' }));
    await waitFor(() => expect(calledWith('/api/blocchi/export')).toHaveLength(1));
    const url = calledWith('/api/blocchi/export')[0] ?? '';
    expect(url).toContain('sort=-volumeNetto');
    expect(url).toContain('inScadenza=true');
    expect(url).toContain('format=csv');
  });

  it('the sawmill, which cannot see the bancate, is offered a bought-in block instead of a dead end', async () => {
    setSession(DEMO_USERS.segheria, 'token-1');
    const { router } = renderList();
    await screen.findByText('BL-2026-0082');
    expect(screen.queryByRole('button', { name: 'Nuovo blocco' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nuovo blocco esterno' }));
    expect(router.state.location.pathname).toBe('/app/pages/blocchi-esterni');
    expect(router.state.location.state).toEqual({ nuovo: true });
    // the bought-in block's form is open on arrival
    await waitFor(() =>
      expect(document.querySelector('.p-dialog')).toHaveTextContent('Nuovo blocco esterno'),
    );
  });

  it('who registers bancate keeps "Nuovo blocco"', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderList();
    expect(await screen.findByRole('button', { name: 'Nuovo blocco' })).toBeInTheDocument();
  });
});

describe('own and bought-in blocks in one list', { timeout: 30_000 }, () => {
  it('origine=tutte asks for both, names each row’s origin and opens each on its own page', async () => {
    const esterno: BloccoListItem = {
      ...ROW,
      _id: '01a20158-72e3-777b-9974-d1dd9b5b2b99',
      codice: 'BL-2026-0099',
      origine: 'esterno',
      bancata: null,
      cava: null,
      fornitore: { _id: 'f-1', ragioneSociale: 'Cave Esterne S.r.l.' },
      numeroFornitore: '77',
    };
    const both = vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/blocchi/summary'))
        return Promise.resolve(
          jsonResponse({
            count: 2,
            informi: 1,
            volumeLordo: 9.7,
            volumeNetto: 8.7,
            pesoT: 26.2,
            informiT: 5.42,
          }),
        );
      if (url.includes('/api/blocchi?'))
        return Promise.resolve(
          jsonResponse({ items: [ROW, esterno], total: 2, page: 1, limit: 20 }),
        );
      return Promise.resolve(jsonResponse([]));
    });
    vi.stubGlobal('fetch', both);
    setSession(DEMO_USERS.admin, 'token-1');
    renderList('/app/pages/blocchi?stato=disponibile&origine=tutte');
    expect(
      await screen.findByRole('heading', { name: 'Blocchi propri e acquistati' }),
    ).toBeInTheDocument();
    await screen.findByText('BL-2026-0099');
    const urls = both.mock.calls.map((c) => String(c[0]));
    expect(urls.find((u) => u.includes('/api/blocchi?'))).toContain('origine=tutte');
    expect(urls.find((u) => u.includes('/api/blocchi/summary'))).toContain('origine=tutte');
    // the count says how many are informi and their tonnes, the m³ say they leave them out
    expect(await screen.findByText('2 blocchi, di cui 1 informe (5,42 t)')).toBeInTheDocument();
    expect(screen.getByText('Volume netto (esclusi informi)')).toBeInTheDocument();
    expect(screen.getByText('Acquistato · Cave Esterne S.r.l. · n. 77')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BL-2026-0099' })).toHaveAttribute(
      'href',
      `/app/pages/blocchi-esterni/${esterno._id}`,
    );
    expect(screen.getByRole('link', { name: 'BL-2026-0082' })).toHaveAttribute(
      'href',
      `/app/pages/blocchi/${ROW._id}`,
    );
    expect(screen.getByTestId('filter-origine')).toHaveTextContent('Propri e acquistati');
  });
});
