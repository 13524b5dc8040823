import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  condivisioneCreatedSchema,
  condivisioneDetailSchema,
  condivisioniListSchema,
  type AnagraficaPickerItem,
  type CondivisioneCreate,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const ROOT = ['condivisioni'] as const;
const BASE = '/api/condivisioni';

/** GET /api/condivisioni?clienteId|bloccoId: the links sent to a cliente, or naming a block. */
export function useCondivisioni(filter: { clienteId?: string; bloccoId?: string }) {
  return useQuery({
    queryKey: [...ROOT, 'list', filter],
    queryFn: ({ signal }) =>
      api.get(BASE, { query: { ...filter }, schema: condivisioniListSchema, signal }),
  });
}

/** GET /api/condivisioni/:id: visits and answers of one link (opening it marks its answers seen). */
export function useCondivisione(id: string | null) {
  return useQuery({
    queryKey: [...ROOT, 'detail', id],
    queryFn: ({ signal }) => api.get(`${BASE}/${id}`, { schema: condivisioneDetailSchema, signal }),
    enabled: id !== null,
  });
}

/** The share dialog's cliente search, under the module's own permission. */
export const clientiQueryOptions = (
  q: string,
): UseQueryOptions<AnagraficaPickerItem[], Error, AnagraficaPickerItem[], readonly unknown[]> => ({
  queryKey: [...ROOT, 'clienti', q.trim()],
  queryFn: ({ signal }) =>
    api.get(`${BASE}/clienti-selezionabili`, {
      query: { q: q.trim() || undefined },
      schema: z.array(anagraficaPickerItemSchema),
      signal,
    }),
  staleTime: 60_000,
});

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ROOT }),
      // the blocks' history gains a row
      queryClient.invalidateQueries({ queryKey: queryRoots.blocchi }),
    ]);
}

/** POST /api/condivisioni: the answer is the only place the link's url ever appears. */
export function useCreateCondivisione() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CondivisioneCreate) =>
      api.create(BASE, body, { schema: condivisioneCreatedSchema }),
    onSuccess: refresh,
  });
}

/** POST /api/condivisioni/:id/revoca: the link stops opening at once. */
export function useRevocaCondivisione() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`${BASE}/${id}/revoca`, undefined, { schema: condivisioneDetailSchema }),
    onSuccess: refresh,
  });
}
