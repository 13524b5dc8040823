import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { setSession } from '@/lib/session';
import { QueryClient } from '@tanstack/react-query';
import { bancateSelezionabiliQueryOptions } from './blocchi';

const CHOICE = {
  _id: '01a20158-72da-77ed-9c9e-000000000014',
  codice: 'BA-2026-0014',
  stato: 'ribaltata',
  cava: { nome: 'Canalgrande' },
  materiale: { _id: '01a20158-6dea-77ef-a7cd-000000000002', nome: 'Statuario', densita: 2.71 },
};
const fetchMock = vi.fn((input: RequestInfo | URL) =>
  Promise.resolve(
    String(input).includes('/api/blocchi/bancate-selezionabili')
      ? jsonResponse([CHOICE])
      : jsonResponse({ message: 'Accesso negato', code: 'FORBIDDEN' }, 403),
  ),
);

beforeEach(() => {
  setSession(DEMO_USERS.produzione, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('bancate a new blocco may come from', () => {
  it('are read through the blocchi module, so a user without the bancate page gets them', async () => {
    await expect(new QueryClient().fetchQuery(bancateSelezionabiliQueryOptions())).resolves.toEqual(
      [CHOICE],
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/blocchi\/bancate-selezionabili$/);
  });
});
