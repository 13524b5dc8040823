import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Automezzo } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { AutomezziList } from './automezzi-list';

const truck = (targa: string, descrizione: string, portataT: number, attivo = true): Automezzo => ({
  _id: `01a2013d-0000-7000-8000-0000000${targa.slice(2, 5)}`,
  targa,
  descrizione,
  portataT,
  taraKg: null,
  attivo,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
});

let items: Automezzo[];
let createAnswer: (body: Record<string, unknown>) => Response;
const bodyOf = (init?: RequestInit) =>
  JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/token') return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.pathname === '/api/automezzi/summary')
    return Promise.resolve(
      jsonResponse({ totale: items.length, attivi: 2, nonAttivi: 1, portataAttiviT: 55 }),
    );
  if (url.pathname === '/api/automezzi' && method === 'POST')
    return Promise.resolve(createAnswer(bodyOf(init)));
  if (url.pathname === '/api/automezzi')
    return Promise.resolve(jsonResponse({ items, total: items.length, page: 1, limit: 20 }));
  if (url.pathname.startsWith('/api/automezzi/') && method === 'PUT') {
    const saved = { ...items.find((t) => url.pathname.endsWith(t._id))!, ...bodyOf(init) };
    items = items.map((t) => (t._id === saved._id ? saved : t));
    return Promise.resolve(jsonResponse(saved));
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), body: bodyOf(init) }));

const renderList = (path = '/app/pages/automezzi') =>
  renderRoutes([{ path: '/app/pages/automezzi', element: <AutomezziList /> }], path);

beforeEach(() => {
  items = [
    truck('FB907MS', 'Iveco Trakker 4 assi', 25),
    { ...truck('FG482KT', 'Scania R 580 bilico', 30), taraKg: 15_200 },
    truck('DK228PA', 'Mercedes Actros gru', 16, false),
  ];
  createAnswer = (body) =>
    jsonResponse(
      { ...truck(String(body.targa), String(body.descrizione), Number(body.portataT)) },
      201,
    );
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('automezzi list', { timeout: 30_000 }, () => {
  it('shows the trucks by plate as printed, the totals, and no detail link', async () => {
    setSession(DEMO_USERS.admin, 'token-1');
    renderList();
    const row = (await screen.findByText('FG 482 KT')).closest('tr')!;
    expect(within(row).getByText('Scania R 580 bilico')).toBeInTheDocument();
    expect(within(row).getByText('30 t')).toBeInTheDocument();
    expect(within(row).getByText('15.200 kg')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'FG 482 KT' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('list-totals')).toHaveTextContent('Portata in servizio55 t'),
    );
    expect(screen.getByRole('switch', { name: 'In servizio: DK 228 PA' })).not.toBeChecked();
  });

  it('adds a truck: the plate as typed is sent normalised, a wrong one is refused beside the field first', async () => {
    setSession(DEMO_USERS.admin, 'token-1');
    renderList();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('automezzo-new'));
    await user.type(screen.getByLabelText(/^Targa/), 'ab 12 cd');
    await user.type(screen.getByLabelText(/^Descrizione/), 'Volvo FH 500 pianale');
    await user.type(screen.getByLabelText(/^Portata/), '28,5');
    await user.type(screen.getByLabelText(/^Tara/), '14600');
    await user.click(screen.getByTestId('automezzo-save'));
    expect(
      await screen.findByText(/^Targa non valida: due lettere, tre cifre e due lettere/),
    ).toBeInTheDocument();
    expect(calls('POST')).toEqual([]);

    await user.clear(screen.getByLabelText(/^Targa/));
    await user.type(screen.getByLabelText(/^Targa/), 'ez 315 lc');
    await user.click(screen.getByTestId('automezzo-save'));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]!.body).toEqual({
      targa: 'EZ315LC',
      descrizione: 'Volvo FH 500 pianale',
      portataT: 28.5,
      taraKg: 14_600,
      attivo: true,
    });
    await waitFor(() => expect(screen.queryByTestId('automezzo-form-dialog')).toBeNull());
  });

  it('shows the server’s 409 on a plate the company has', async () => {
    createAnswer = () =>
      jsonResponse(
        { message: 'Esiste già un automezzo con la targa FG 482 KT', code: 'CONFLICT' },
        409,
      );
    setSession(DEMO_USERS.admin, 'token-1');
    renderList();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('automezzo-new'));
    await user.type(screen.getByLabelText(/^Targa/), 'FG482KT');
    await user.type(screen.getByLabelText(/^Descrizione/), 'Doppione');
    await user.type(screen.getByLabelText(/^Portata/), '30');
    await user.click(screen.getByTestId('automezzo-save'));
    expect(
      await screen.findByText('Esiste già un automezzo con la targa FG 482 KT'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('automezzo-form-dialog')).toBeInTheDocument();
  });

  it('the switch takes a truck out of service with `{ attivo: false }`; the pencil edits it', async () => {
    setSession(DEMO_USERS.admin, 'token-1');
    renderList();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('switch', { name: 'In servizio: FG 482 KT' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]).toEqual({
      url: `/api/automezzi/${items[1]!._id}`,
      body: { attivo: false },
    });

    await user.click(screen.getByRole('button', { name: 'Modifica FB 907 MS' }));
    expect(screen.getByLabelText(/^Targa/)).toHaveValue('FB 907 MS');
    await user.clear(screen.getByLabelText(/^Descrizione/));
    await user.type(screen.getByLabelText(/^Descrizione/), 'Iveco Trakker 410 4 assi');
    await user.click(screen.getByTestId('automezzo-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(2));
    expect(calls('PUT')[1]!.body).toEqual({
      targa: 'FB907MS',
      descrizione: 'Iveco Trakker 410 4 assi',
      portataT: 25,
      taraKg: null,
      attivo: true,
    });
  });

  it('a read-only user sees the states, not the switches, the pencil or Nuovo; the filter reaches the server', async () => {
    setSession(
      { ...DEMO_USERS.vendite, permissions: { automezzi: { access: true, write: false } } },
      'token-1',
    );
    renderList('/app/pages/automezzi?stato=attivi&q=scania');
    await screen.findByText('FG 482 KT');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByTestId('automezzo-edit')).toBeNull();
    expect(screen.queryByTestId('automezzo-new')).toBeNull();
    expect(screen.getAllByText('In servizio').length).toBeGreaterThan(0);
    const list = new URL(
      calls('GET').find((c) => c.url.startsWith('/api/automezzi?'))!.url,
      'http://localhost',
    );
    expect(Object.fromEntries(list.searchParams)).toEqual({
      q: 'scania',
      attivo: 'true',
      page: '1',
      limit: '20',
      sort: 'targa',
    });
  });
});
