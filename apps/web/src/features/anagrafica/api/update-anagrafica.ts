import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anagraficaSchema, type AnagraficaKind, type AnagraficaUpdateInput } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys } from './keys';

/**
 * PUT /api/clienti/:id with the fields to change. The fields whose rule depends on `nazione`
 * must travel with it (and codiceSdi with pubblicaAmministrazione): the form sends the whole
 * record; deactivation sends only `{ attivo }`.
 */
export function updateAnagrafica(kind: AnagraficaKind, id: string, body: AnagraficaUpdateInput) {
  return api.put(`/api/${kind}/${encodeURIComponent(id)}`, body, { schema: anagraficaSchema });
}

export function useUpdateAnagrafica(kind: AnagraficaKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnagraficaUpdateInput) => updateAnagrafica(kind, id, body),
    onSuccess: (record) => {
      queryClient.setQueryData(anagraficaKeys.detail(kind, id), record);
      return queryClient.invalidateQueries({ queryKey: anagraficaKeys.all(kind) });
    },
  });
}
