import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cava, CavaTariffa } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { CavaTariffeDialog } from './cava-tariffe-dialog';

const cava: Cava = {
  _id: '01a20158-0000-7000-8000-0000000ca173',
  codice: '173',
  nome: 'Canalgrande',
  comune: 'Carrara',
  bacino: 'Torano',
  concessione: 'Concessione n. 173/2019',
  attiva: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const rates = {
  informi: 3.55,
  scaglieBianche: 1.25,
  scaglieScure: 0.85,
  scogliere: 1.05,
  terre: 0.4,
};
let tariffe: CavaTariffa[] = [];
const deleted: string[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (init?.method === 'DELETE') {
    const id = url.split('/').at(-1)!;
    deleted.push(id);
    tariffe = tariffe.filter((t) => t._id !== id);
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  if (url.endsWith(`/api/cave/${cava._id}/tariffe`)) return Promise.resolve(jsonResponse(tariffe));
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  tariffe = [
    {
      _id: 't2026',
      cavaId: cava._id,
      validoDal: '2026-01-01',
      validoAl: null,
      blocchi: 7.1,
      ...rates,
    },
    {
      _id: 't2025',
      cavaId: cava._id,
      validoDal: '2025-01-01',
      validoAl: '2025-12-31',
      blocchi: 6.8,
      ...rates,
      informi: 3.4,
    },
  ];
  deleted.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('cava tariffe', { timeout: 20_000 }, () => {
  it('lists each period with its € per tonne by category, and deletes one after asking', async () => {
    setSession(DEMO_USERS.admin, 'token-1');
    renderRoutes(
      [{ path: '/', element: <CavaTariffeDialog cava={cava} onClose={() => undefined} /> }],
      '/',
    );
    const table = await screen.findByRole('table', { name: 'Tariffe di Canalgrande' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, current, previous] = within(table).getAllByRole('row');
    expect(current).toHaveTextContent('dal 01/01/26 (senza scadenza)7,103,551,250,851,050,40');
    expect(previous).toHaveTextContent('dal 01/01/25 al 31/12/256,803,40');
    expect(screen.getByRole('columnheader', { name: 'Scaglie scure €/t' })).toBeInTheDocument();

    await userEvent.click(
      within(previous!).getByRole('button', { name: /Elimina le tariffe dal 01\/01\/25/ }),
    );
    await userEvent.click(
      within(await screen.findByTestId('confirm-tariffa-delete')).getByRole('button', {
        name: 'Elimina',
      }),
    );
    await waitFor(() => expect(deleted).toEqual(['t2025']));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });
});
