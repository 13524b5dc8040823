import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cavaTariffaSchema, type CavaTariffa, type CavaTariffaBody } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** A quarry's tariffs for the contributo di estrazione: `/api/cave/:id/tariffe` (admins write). */
const keys = { list: (cavaId: string) => ['lookups', 'cave', cavaId, 'tariffe'] as const };
const base = (cavaId: string) => `/api/cave/${encodeURIComponent(cavaId)}/tariffe`;

export const cavaTariffeQueryOptions = (cavaId: string) =>
  queryOptions({
    queryKey: keys.list(cavaId),
    queryFn: ({ signal }) => api.get(base(cavaId), { schema: z.array(cavaTariffaSchema), signal }),
  });

export function useCavaTariffe(cavaId: string) {
  return useQuery(cavaTariffeQueryOptions(cavaId));
}

/** Create (no id) or replace (id) one period's tariffs; delete by id. The list refreshes after each. */
export function useSaveCavaTariffa(cavaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CavaTariffaBody }): Promise<CavaTariffa> =>
      id
        ? api.put(`${base(cavaId)}/${encodeURIComponent(id)}`, body, { schema: cavaTariffaSchema })
        : api.create(base(cavaId), body, { schema: cavaTariffaSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(cavaId) }),
  });
}

export function useDeleteCavaTariffa(cavaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${base(cavaId)}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(cavaId) }),
  });
}
