import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { blocchiKeys, invalidateBlocchi, type BloccoKind } from './keys';

/** DELETE /api/blocchi/:id: 204 while nothing references it and it is not sold or sawn, else 409. */
export function deleteBlocco(kind: BloccoKind, id: string) {
  return api.delete<void>(`/api/${kind}/${encodeURIComponent(id)}`);
}

export function useDeleteBlocco(kind: BloccoKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBlocco(kind, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: blocchiKeys.detail(kind, id) });
      queryClient.removeQueries({ queryKey: blocchiKeys.history(kind, id) });
      return invalidateBlocchi(queryClient, kind);
    },
  });
}
