import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bancataSchema, type BancataUpdate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

/** PUT /api/bancate/:id with the fields to change (codice: admin only). */
export function updateBancata(id: string, body: Partial<BancataUpdate>) {
  return api.put(`/api/bancate/${encodeURIComponent(id)}`, body, { schema: bancataSchema });
}

export function useUpdateBancata(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<BancataUpdate>) => updateBancata(id, body),
    onSuccess: (bancata) => {
      queryClient.setQueryData(bancataKeys.detail(id), bancata);
      return queryClient.invalidateQueries({ queryKey: bancataKeys.all });
    },
  });
}
