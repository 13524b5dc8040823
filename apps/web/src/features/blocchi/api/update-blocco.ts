import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bloccoSchema, type BloccoUpdate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, invalidateBlocchi, type BloccoKind } from './keys';

/** PUT /api/blocchi/:id with the fields to change; a net measure sent as null goes back to the gross one. */
export function updateBlocco(kind: BloccoKind, id: string, body: Partial<BloccoUpdate>) {
  return api.put(`/api/${kind}/${encodeURIComponent(id)}`, body, { schema: bloccoSchema });
}

export function useUpdateBlocco(kind: BloccoKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<BloccoUpdate>) => updateBlocco(kind, id, body),
    onSuccess: (blocco) => {
      queryClient.setQueryData(blocchiKeys.detail(kind, id), blocco);
      return invalidateBlocchi(queryClient, kind);
    },
  });
}
