import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, fetchMock, installApiMocks, urls } from '@/test/api-mocks';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { api } from './api';
import { setSession } from './session';
import { defineResource } from './define-resource';

installApiMocks();

const rigaSchema = z.object({ _id: z.string(), peso: z.number() });
const cosaSchema = z.object({ _id: z.string(), righe: z.array(rigaSchema) });
const cose = defineResource({
  key: ['cose'],
  base: '/api/cose',
  schemas: { detail: cosaSchema },
  invalidates: [['altre']],
});
/** rows whose writes answer the whole parent (a collaudo's) */
const righe = cose.sub('righe', {});
/** rows that answer themselves (a cava's tariffs) */
const tariffe = cose.sub('tariffe', { list: z.array(rigaSchema), item: rigaSchema });
/** a set replaced whole, wrapped in the answer (a photo's marks) */
const segni = cose.sub('segni', {
  list: z.object({ segni: z.array(z.string()) }),
  map: (answer) => answer.segni,
});
const COSA = { _id: 'c/1', righe: [{ _id: 'r1', peso: 2 }] };

function setup() {
  setSession(DEMO_USERS.admin, 'tok');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  for (const key of [cose.keys.list({}), tariffe.keys.list('c/1'), ['altre'], ['estranee']])
    queryClient.setQueryData(key, {});
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => JSON.stringify(q.queryKey));
  return { queryClient, wrapper, stale };
}

describe('defineResource: child rows (sub)', () => {
  it('reads GET base/:id/<name> under [...root, name, parentId], mapped when asked', async () => {
    const { wrapper } = setup();
    fetchMock.mockResolvedValueOnce(jsonResponse({ segni: ['a', 'b'] }));
    const { result } = renderHook(() => segni.useList('c/1'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(['a', 'b']));
    expect(urls()).toEqual(['GET /api/cose/c%2F1/segni']);
    expect(segni.keys.list('c/1')).toEqual(['cose', 'segni', 'c/1']);
    // history and genealogy are two of them
    expect(cose.keys.history('7')).toEqual(['cose', 'history', '7']);
  });

  it('does not ask while disabled', () => {
    const { wrapper } = setup();
    renderHook(() => tariffe.useList('c/1', { enabled: false }), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a row added answers the parent: POST with an Idempotency-Key, the parent cached, the root and the other roots stale', async () => {
    const { queryClient, wrapper, stale } = setup();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(jsonResponse(COSA, 201));
    const { result } = renderHook(
      () => righe.useCreate('c/1', (bloccoId: string) => ({ bloccoId })),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('b7'));
    const post = call(1);
    expect([post.method, post.url, post.body]).toEqual([
      'POST',
      '/api/cose/c%2F1/righe',
      { bloccoId: 'b7' },
    ]);
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(queryClient.getQueryData(cose.keys.detail('c/1'))).toEqual(COSA);
    expect(stale()).toEqual([
      '["cose","list",{}]',
      '["cose","tariffe","c/1"]',
      '["altre"]',
      '["cose","detail","c/1"]',
    ]);
  });

  it('a row that answers itself leaves the parent’s cached record alone; its removal is a DELETE of base/:id/<name>/:childId', async () => {
    const { queryClient, wrapper, stale } = setup();
    queryClient.setQueryData(cose.keys.detail('c/1'), COSA);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(jsonResponse({ _id: 'r/2', peso: 5 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const update = renderHook(() => tariffe.useUpdate<{ peso: number }>('c/1'), { wrapper });
    await act(() => update.result.current.mutateAsync({ id: 'r/2', body: { peso: 5 } }));
    expect([call(1).method, call(1).url, call(1).body]).toEqual([
      'PUT',
      '/api/cose/c%2F1/tariffe/r%2F2',
      { peso: 5 },
    ]);
    expect(queryClient.getQueryData(cose.keys.detail('c/1'))).toEqual(COSA);
    expect(stale()).toContain('["cose","tariffe","c/1"]');
    const remove = renderHook(() => tariffe.useRemove('c/1'), { wrapper });
    await act(() => remove.result.current.mutateAsync('r/2'));
    expect([call(2).method, call(2).url]).toEqual(['DELETE', '/api/cose/c%2F1/tariffe/r%2F2']);
  });

  it('a set replaced whole: PUT base/:id/<name>, the saved set cached as the list', async () => {
    const { queryClient, wrapper } = setup();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(jsonResponse({ segni: ['x'] }));
    const { result } = renderHook(
      () => segni.useReplace('c/1', (marks: string[]) => ({ segni: marks })),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(['x']));
    expect([call(1).method, call(1).url, call(1).body]).toEqual([
      'PUT',
      '/api/cose/c%2F1/segni',
      { segni: ['x'] },
    ]);
    expect(queryClient.getQueryData(segni.keys.list('c/1'))).toEqual(['x']);
  });
});

describe('defineResource: other reads and writes', () => {
  const options = cose.read((q: string) => ({
    key: ['cerca', q],
    url: '/api/cose/cerca',
    query: { q },
    schema: z.array(z.string()),
    staleTime: 1000,
    keepPrevious: true,
  })).options;

  it('a read is keyed under the root with the options it sets', async () => {
    const { queryClient } = setup();
    const o = options('marmo');
    expect(o.queryKey).toEqual(['cose', 'cerca', 'marmo']);
    expect(o.staleTime).toBe(1000);
    expect(o.placeholderData).toBeTypeOf('function');
    fetchMock.mockResolvedValueOnce(jsonResponse(['a']));
    await expect(queryClient.fetchQuery(o)).resolves.toEqual(['a']);
    expect(urls()).toEqual(['GET /api/cose/cerca?q=marmo']);
  });

  it('a refused write (409) refreshes the resource only when asked: the screen then shows what the other user did', async () => {
    const { wrapper, stale } = setup();
    const refused = () => jsonResponse({ message: 'Già venduta', code: 'CONFLICT' }, 409);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ csrfToken: 't' }))
      .mockResolvedValueOnce(refused())
      .mockResolvedValueOnce(refused());
    const send = (id: string) => api.post(cose.path(id, 'vendi'), {});
    const quiet = renderHook(() => cose.useWrite(send), { wrapper });
    await act(() => quiet.result.current.mutateAsync('c/1').catch(() => undefined));
    expect(stale()).toEqual([]);
    const asked = renderHook(() => cose.useWrite(send, { onConflict: true }), { wrapper });
    await act(() => asked.result.current.mutateAsync('c/1').catch(() => undefined));
    await waitFor(() =>
      expect(stale()).toEqual(['["cose","list",{}]', '["cose","tariffe","c/1"]', '["altre"]']),
    );
    expect(urls()).toContain('POST /api/cose/c%2F1/vendi');
  });
});
