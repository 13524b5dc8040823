import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf } from '@gestcava/contracts';
import { call, fetchMock, installApiMocks, urls } from '@/test/api-mocks';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { setSession } from './session';
import { defineResource } from './define-resource';

installApiMocks();

const cosaSchema = z.object({ _id: z.string(), codice: z.string() });
const cose = defineResource({
  key: ['cose'],
  base: '/api/cose',
  schemas: {
    list: pageOf(cosaSchema),
    summary: z.object({ count: z.number() }),
    detail: cosaSchema,
    filters: z.object({ q: z.string().optional() }),
  },
  invalidates: [['altre']],
});
const COSA = { _id: 'c/1', codice: 'CO-1' };
const PAGE = { items: [COSA], total: 1, page: 1, limit: 20 };

function setup() {
  setSession(DEMO_USERS.admin, 'tok');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  /** two cached queries of this resource, one of the other root, one unrelated: which go stale */
  for (const key of [
    cose.keys.list({ page: 1 }),
    cose.keys.summary({}),
    ['altre', 'x'],
    ['estranee'],
  ])
    queryClient.setQueryData(key, {});
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => JSON.stringify(q.queryKey));
  return { queryClient, wrapper, stale };
}

describe('defineResource: the reads', () => {
  it('keys every cache under the resource root, one shape per read', () => {
    expect(cose.queries.list({ q: 'x', page: 2, limit: 20, sort: 'codice' }).queryKey).toEqual([
      'cose',
      'list',
      { q: 'x', page: 2, limit: 20, sort: 'codice' },
    ]);
    expect(cose.queries.summary({ q: 'x' }).queryKey).toEqual(['cose', 'summary', { q: 'x' }]);
    expect(cose.queries.detail('7').queryKey).toEqual(['cose', 'detail', '7']);
    expect(cose.queries.history('7').queryKey).toEqual(['cose', 'history', '7']);
    expect(cose.queries.genealogy('7').queryKey).toEqual(['cose', 'genealogy', '7']);
    expect(
      cose.queries.picker('clienti', 'clienti-selezionabili', z.array(cosaSchema), 60_000)(' Ro ')
        .queryKey,
    ).toEqual(['cose', 'picker', 'clienti', 'Ro']);
  });

  it('reads the list with its filters in the URL and the record by its encoded id', async () => {
    const { wrapper } = setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(PAGE)).mockResolvedValueOnce(jsonResponse(COSA));
    const list = renderHook(
      () => cose.useList({ q: 'marmo', page: 1, limit: 20, sort: '-codice' }),
      { wrapper },
    );
    await waitFor(() => expect(list.result.current.data).toEqual(PAGE));
    const one = renderHook(() => cose.useDetail('c/1'), { wrapper });
    await waitFor(() => expect(one.result.current.data).toEqual(COSA));
    expect(urls()).toEqual([
      'GET /api/cose?q=marmo&page=1&limit=20&sort=-codice',
      'GET /api/cose/c%2F1',
    ]);
  });

  it('a picker sends the trimmed search, nothing when it is blank', async () => {
    const { queryClient } = setup();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse([COSA])));
    const picker = cose.queries.picker(
      'clienti',
      'clienti-selezionabili',
      z.array(cosaSchema),
      60_000,
    );
    await queryClient.fetchQuery(picker('  Rossi '));
    await queryClient.fetchQuery(picker('  '));
    expect(urls()).toEqual([
      'GET /api/cose/clienti-selezionabili?q=Rossi',
      'GET /api/cose/clienti-selezionabili',
    ]);
  });
});

describe('defineResource: the writes', () => {
  it('a create posts with an Idempotency-Key, caches the answer as the detail and makes the resource and the other roots stale', async () => {
    const { queryClient, wrapper, stale } = setup();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(jsonResponse(COSA, 201));
    const { result } = renderHook(() => cose.useCreate<{ codice: string }>(), { wrapper });
    await act(() => result.current.mutateAsync({ codice: 'CO-1' }));
    const post = call(1);
    expect([post.method, post.url, post.body]).toEqual(['POST', '/api/cose', { codice: 'CO-1' }]);
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(queryClient.getQueryData(cose.keys.detail('c/1'))).toEqual(COSA);
    // the detail too: it is under the root, so an open page refetches what the server now holds
    expect(stale()).toEqual([
      '["cose","list",{"page":1}]',
      '["cose","summary",{}]',
      '["altre","x"]',
      '["cose","detail","c/1"]',
    ]);
  });

  it('an action posts to /:id/<action> and may make one more root stale', async () => {
    const { wrapper, stale } = setup();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(jsonResponse(COSA));
    const { result } = renderHook(
      () => cose.useAction<{ stato: string }>('c/1', 'stato', { invalidates: [['estranee']] }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ stato: 'chiusa' }));
    expect([call(1).method, call(1).url]).toEqual(['POST', '/api/cose/c%2F1/stato']);
    expect(stale()).toEqual([
      '["cose","list",{"page":1}]',
      '["cose","summary",{}]',
      '["altre","x"]',
      '["estranee"]',
      '["cose","detail","c/1"]',
    ]);
  });

  it('a refused update (409) changes no cache', async () => {
    const { queryClient, wrapper, stale } = setup();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(
        jsonResponse({ message: 'Stato cambiato nel frattempo', code: 'CONFLICT' }, 409),
      );
    const { result } = renderHook(() => cose.useUpdate<{ codice: string }>('c/1'), { wrapper });
    await act(() => result.current.mutateAsync({ codice: 'X' }).catch(() => undefined));
    expect(result.current.error?.message).toBe('Stato cambiato nel frattempo');
    expect(queryClient.getQueryData(cose.keys.detail('c/1'))).toBeUndefined();
    expect(stale()).toEqual([]);
  });

  it('a delete drops the record’s detail and history and refreshes the rest', async () => {
    const { queryClient, wrapper, stale } = setup();
    queryClient.setQueryData(cose.keys.detail('c/1'), COSA);
    queryClient.setQueryData(cose.keys.history('c/1'), []);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const { result } = renderHook(() => cose.useRemove('c/1'), { wrapper });
    await act(() => result.current.mutateAsync());
    expect([call(1).method, call(1).url]).toEqual(['DELETE', '/api/cose/c%2F1']);
    expect(queryClient.getQueryData(cose.keys.detail('c/1'))).toBeUndefined();
    expect(queryClient.getQueryData(cose.keys.history('c/1'))).toBeUndefined();
    expect(stale()).toEqual([
      '["cose","list",{"page":1}]',
      '["cose","summary",{}]',
      '["altre","x"]',
    ]);
  });
});
