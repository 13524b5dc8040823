import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fetchMock, installApiMocks, urls } from '@/test/api-mocks';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { setSession } from './session';
import { useAutomezziOptions } from './automezzi';

installApiMocks();

const scania = {
  _id: 't1',
  targa: 'FG482KT',
  descrizione: 'Scania R 580 bilico',
  portataT: 30,
  taraKg: 15_200,
  attivo: true,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
};

describe('useAutomezziOptions (the DDT’s choice of truck)', () => {
  it('reads the active trucks and offers each by its plate, labelled with plate, description and capacity', async () => {
    setSession(DEMO_USERS.magazzino, 'tok');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ items: [scania], total: 1, page: 1, limit: 200 }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAutomezziOptions(), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data).toEqual([
      { value: 'FG482KT', label: 'FG 482 KT — Scania R 580 bilico (30 t)', automezzo: scania },
    ]);
    expect(urls()).toEqual(['GET /api/automezzi?attivo=true&limit=200&sort=targa']);
  });
});
