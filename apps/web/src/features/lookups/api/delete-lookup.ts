import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LookupKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lookupKeys } from '@/lib/lookups';

/** DELETE /api/cave/:id (admin): 204, or 409 while bancate or blocchi use it (deactivate it instead). */
export function deleteLookup(kind: LookupKind, id: string) {
  return api.delete<void>(`/api/${kind}/${encodeURIComponent(id)}`);
}

export function useDeleteLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteLookup(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.list(kind) }),
  });
}
