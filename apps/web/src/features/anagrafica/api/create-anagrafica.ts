import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anagraficaSchema, type AnagraficaCreate, type AnagraficaKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys } from './keys';

/** POST /api/clienti (201 + the record); an Idempotency-Key makes a retried click harmless. */
export function createAnagrafica(kind: AnagraficaKind, body: AnagraficaCreate) {
  return api.create(`/api/${kind}`, body, { schema: anagraficaSchema });
}

export function useCreateAnagrafica(kind: AnagraficaKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnagraficaCreate) => createAnagrafica(kind, body),
    onSuccess: (record) => {
      queryClient.setQueryData(anagraficaKeys.detail(kind, record._id), record);
      return queryClient.invalidateQueries({ queryKey: anagraficaKeys.all(kind) });
    },
  });
}
