import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnagraficaKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys } from './keys';

/** DELETE /api/clienti/:id: 204, or 409 when other data refer to it (deactivate it instead). */
export function deleteAnagrafica(kind: AnagraficaKind, id: string) {
  return api.delete<void>(`/api/${kind}/${encodeURIComponent(id)}`);
}

export function useDeleteAnagrafica(kind: AnagraficaKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAnagrafica(kind, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: anagraficaKeys.detail(kind, id) });
      queryClient.removeQueries({ queryKey: anagraficaKeys.history(kind, id) });
      return queryClient.invalidateQueries({ queryKey: anagraficaKeys.all(kind) });
    },
  });
}
