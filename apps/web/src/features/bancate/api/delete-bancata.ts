import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

/** DELETE /api/bancate/:id: 204 while pianificata, else 409 (annul it instead). */
export function deleteBancata(id: string) {
  return api.delete<void>(`/api/bancate/${encodeURIComponent(id)}`);
}

export function useDeleteBancata(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBancata(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: bancataKeys.detail(id) });
      queryClient.removeQueries({ queryKey: bancataKeys.history(id) });
      return queryClient.invalidateQueries({ queryKey: bancataKeys.all });
    },
  });
}
