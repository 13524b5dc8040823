import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { __Singular__ } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { __Plural__List } from './__plural__-list';

const record = (n: number, nome: string, attivo = true): __Singular__ => ({
  _id: `01a2013d-0000-7000-8000-00000000000${n}`,
  nome,
  note: null,
  attivo,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
});

let items: __Singular__[];
const bodyOf = (init?: RequestInit) =>
  JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/token') return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.pathname === '/api/__plural__/summary')
    return Promise.resolve(jsonResponse({ totale: items.length, attivi: 1 }));
  if (url.pathname === '/api/__plural__' && method === 'POST')
    return Promise.resolve(jsonResponse({ ...record(9, String(bodyOf(init).nome)) }, 201));
  if (url.pathname === '/api/__plural__')
    return Promise.resolve(jsonResponse({ items, total: items.length, page: 1, limit: 20 }));
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => bodyOf(init));

beforeEach(() => {
  items = [record(1, 'Alfa'), record(2, 'Beta', false)];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('__plural__ list', { timeout: 30_000 }, () => {
  it('shows the rows with their state and detail links, and the totals', async () => {
    setSession(DEMO_USERS.admin, 'token-1');
    renderRoutes([{ path: '/app/pages/__plural__', element: <__Plural__List /> }], '/app/pages/__plural__');
    const row = (await screen.findByRole('link', { name: 'Beta' })).closest('tr')!;
    expect(within(row).getByText('Non attivo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beta' })).toHaveAttribute(
      'href',
      `/app/pages/__plural__/${items[1]!._id}`,
    );
    await waitFor(() => expect(screen.getByTestId('list-totals')).toHaveTextContent('Attivi1'));
  });

  it('adds one: a missing name is refused beside the field before anything is sent', async () => {
    setSession(DEMO_USERS.admin, 'token-1');
    renderRoutes(
      [
        { path: '/app/pages/__plural__', element: <__Plural__List /> },
        { path: '/app/pages/__plural__/:id', element: <p>dettaglio</p> },
      ],
      '/app/pages/__plural__',
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('__singular__-new'));
    await user.click(screen.getByTestId('__singular__-save'));
    expect(await screen.findByText('Il nome è obbligatorio')).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await user.type(screen.getByLabelText(/^Nome/), 'Gamma');
    await user.click(screen.getByTestId('__singular__-save'));
    await waitFor(() => expect(posts()).toEqual([{ nome: 'Gamma', note: null, attivo: true }]));
    expect(await screen.findByText('dettaglio')).toBeInTheDocument();
  });
});
