import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { Anagrafica } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { AnagraficaList } from './anagrafica-list';

const row = (i: number, extra: Partial<Anagrafica> = {}): Anagrafica => ({
  _id: `01a2013d-0000-7000-8000-00000000000${i}`,
  companyId: 'c1',
  ragioneSociale: `Cliente ${i} S.r.l.`,
  partitaIva: '02223334448',
  codiceFiscale: null,
  indirizzo: 'Via Roma 1',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'MS',
  nazione: 'IT',
  telefono: '+390585123456',
  email: `info${i}@cliente.example`,
  pec: null,
  codiceSdi: null,
  pubblicaAmministrazione: false,
  referente: null,
  iban: null,
  condizioniPagamento: null,
  dichiarazioneIntento: null,
  pagamento: null,
  note: null,
  attivo: true,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  ...extra,
});

let items: Anagrafica[];
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/clienti/summary') {
    return Promise.resolve(
      jsonResponse({
        totale: 42,
        attivi: 40,
        nonAttivi: 2,
        italiani: 30,
        esteri: 12,
        pubblicaAmministrazione: 1,
      }),
    );
  }
  if (url.pathname === '/api/clienti') {
    return Promise.resolve(
      jsonResponse({
        items,
        total: items.length ? 42 : 0,
        page: Number(url.searchParams.get('page') ?? 1),
        limit: 20,
      }),
    );
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto' }, 404));
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderList(path = '/app/pages/clienti') {
  return renderRoutes(
    [
      {
        path: '/app/pages/clienti',
        element: (
          <>
            <AnagraficaList kind="clienti" />
            <Where />
          </>
        ),
      },
      { path: '/app/pages/clienti/:id', element: <Where /> },
    ],
    path,
  );
}

const listCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/clienti');

beforeEach(() => {
  items = [row(1), row(2, { attivo: false, ragioneSociale: 'Vecchio Cliente S.p.A.' })];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('clienti list', { timeout: 30_000 }, () => {
  it('shows the server page, the totals of the summary and Nuovo for a user who may write', async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    renderList();
    expect(await screen.findByRole('link', { name: 'Cliente 1 S.r.l.' })).toHaveAttribute(
      'href',
      `/app/pages/clienti/${row(1)._id}`,
    );
    expect(screen.getByText('Non attivo')).toBeInTheDocument();
    const totals = screen.getByTestId('list-totals');
    await waitFor(() => expect(totals).toHaveTextContent('Totale42'));
    expect(totals).toHaveTextContent('Esteri12');
    expect(screen.getByTestId('anagrafica-new')).toBeInTheDocument();
    expect(listCalls()[0]?.searchParams.get('sort')).toBe('ragioneSociale');
  });

  it('hides Nuovo from a read-only user', async () => {
    setSession(
      { ...DEMO_USERS.vendite, permissions: { clienti: { access: true, write: false } } },
      'token-1',
    );
    renderList();
    await screen.findByRole('link', { name: 'Cliente 1 S.r.l.' });
    expect(screen.queryByTestId('anagrafica-new')).toBeNull();
    expect(screen.getByTestId('export-xlsx')).toBeInTheDocument();
  });

  it('URL state reaches the server; sorting writes the URL', async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    renderList('/app/pages/clienti?q=marmi&attivo=false&nazione=de&page=2&sort=-comune&bogus=1');
    await screen.findByRole('link', { name: 'Cliente 1 S.r.l.' });
    const first = listCalls()[0];
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      q: 'marmi',
      attivo: 'false',
      nazione: 'DE',
      page: '2',
      limit: '20',
      sort: '-comune',
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('columnheader', { name: /Nazione/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('sort=nazione'));
    // a new sort starts again from page 1
    expect(screen.getByTestId('where')).not.toHaveTextContent('page=2');
  });

  it('a row click opens the detail page', async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    renderList();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('link', { name: 'Cliente 1 S.r.l.' });
    // a cell that is not the link: the whole row opens the record
    const cell = screen.getAllByRole('cell', { name: 'Carrara' })[0];
    if (!cell) throw new Error('no cell');
    await user.click(cell);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`/app/pages/clienti/${row(1)._id}`),
    );
  });

  it('an empty filtered result offers to clear the filters', async () => {
    items = [];
    setSession(DEMO_USERS.vendite, 'token-1');
    renderList('/app/pages/clienti?q=zzz');
    expect(await screen.findByText('Nessun risultato')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Azzera ricerca e filtri' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/pages/clienti'));
  });
});
